/** Uploaded media of a video, for the player's media route. */
import { getVideoById } from "@/db/queries/videos";
import type { DbOrTx } from "@/db/client";
import type { User } from "@/db/schema";
import { notFound } from "@/lib/api/errors";
import { isStorageKey } from "./media-url";
import { isPublished, isStaff, videoNotFound } from "./videos";

/**
 * The storage key of a video's uploaded media. "Video not found" unless the caller may see the
 * video (learners: published videos only), as for every other video route.
 */
export async function getVideoMediaKey(db: DbOrTx, user: User, id: number): Promise<string> {
  const video = await getVideoById(db, { id });
  if (!video || (!isStaff(user) && !isPublished(video.status))) throw videoNotFound();
  if (!isStorageKey(video.mediaPath)) throw notFound("This video has no uploaded media");
  return video.mediaPath;
}

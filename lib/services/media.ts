/** The media file of a video (an upload, or a bundled demo file) and its thumbnail, for the player's media and thumbnail routes. */
import "server-only";
import { getVideoById } from "@/db/queries/videos";
import type { DbOrTx } from "@/db/client";
import type { User } from "@/db/schema";
import { notFound } from "@/lib/api/errors";
import { posterSvg } from "@/lib/media/poster";
import { getStorage, type LocalFile, type Storage } from "@/lib/storage";
import { demoMediaName, demoMediaStorage } from "@/lib/storage/demo-media";
import { isStorageKey } from "@/lib/storage/media-path";
import { isPublished, isStaff, videoNotFound } from "./videos";

/**
 * Where a video's media file is: its store and key. "Video not found" unless the caller may see
 * the video (learners: published videos only), as for every other video route; demo files
 * included, so unpublishing a demo video takes its media away from learners too.
 */
export async function getVideoMedia(db: DbOrTx, user: User, id: number): Promise<{ storage: Storage; key: string }> {
  const video = await visibleVideo(db, user, id);
  if (isStorageKey(video.mediaPath)) return { storage: getStorage(), key: video.mediaPath };
  const demo = demoMediaName(video.mediaPath);
  if (demo) return { storage: demoMediaStorage(), key: demo };
  throw notFound("This video has no uploaded media");
}

/**
 * A video's media file on this machine's disk (a copy, from S3), for ffmpeg; null when the video
 * has none. The caller checks who may see the video, and calls `cleanup()` when done.
 */
export async function openVideoMediaFile(mediaPath: string | null): Promise<LocalFile | null> {
  if (isStorageKey(mediaPath)) return getStorage().localFile(mediaPath);
  const demo = demoMediaName(mediaPath);
  return demo ? demoMediaStorage().localFile(demo) : null;
}

async function visibleVideo(db: DbOrTx, user: User, id: number) {
  const video = await getVideoById(db, { id });
  if (!video || (!isStaff(user) && !isPublished(video.status))) throw videoNotFound();
  return video;
}

export type VideoThumbnail = { kind: "stored"; storage: Storage; key: string } | { kind: "poster"; svg: string };

/**
 * The thumbnail cut from an uploaded video, or for an uploaded audio file the poster with the
 * title; to those who may see the video only, as its media.
 */
export async function getVideoThumbnail(db: DbOrTx, user: User, id: number): Promise<VideoThumbnail> {
  const video = await visibleVideo(db, user, id);
  if (video.thumbnailPath) return { kind: "stored", storage: getStorage(), key: video.thumbnailPath };
  if (isStorageKey(video.mediaPath)) return { kind: "poster", svg: posterSvg(video.title) };
  throw notFound("This video has no thumbnail of its own");
}

/** Videos as learners and visitors see them: published ones only. */
import { getDb } from "@/db/client";
import { listPublishedVideos } from "@/db/queries/videos";
import type { Video } from "@/db/schema";

/** The newest published videos, for the landing page's sample tiles and the home grid. */
export async function listNewestVideos(limit: number): Promise<Video[]> {
  return listPublishedVideos(await getDb(), { limit });
}

/** Queries on videos. */
import { desc, inArray } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { PUBLISHED_STATUSES, videos, type Video } from "../schema";

/** Published videos, newest first. */
export async function listPublishedVideos(db: DbOrTx, params: { limit: number }): Promise<Video[]> {
  return db
    .select()
    .from(videos)
    .where(inArray(videos.status, [...PUBLISHED_STATUSES]))
    .orderBy(desc(videos.createdAt), desc(videos.id))
    .limit(params.limit);
}

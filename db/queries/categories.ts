/** Queries on categories. */
import { asc, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { categories, PUBLISHED_STATUSES, videoCategories, videos, type Category } from "../schema";

/** Categories by name; with `withPublishedVideosOnly`, only those holding at least one published video. */
export async function listCategories(db: DbOrTx, params: { withPublishedVideosOnly: boolean }): Promise<Category[]> {
  const query = db.select().from(categories);
  if (!params.withPublishedVideosOnly) return query.orderBy(asc(sql`lower(${categories.name})`));
  const published = db
    .select({ categoryId: videoCategories.categoryId })
    .from(videoCategories)
    .innerJoin(videos, sql`${videos.id} = ${videoCategories.videoId}`)
    .where(inArray(videos.status, [...PUBLISHED_STATUSES]));
  return query.where(inArray(categories.id, published)).orderBy(asc(sql`lower(${categories.name})`));
}

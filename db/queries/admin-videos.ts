/** Queries behind the admin's content management: adding, editing and removing videos and categories. */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { captions, categories, languages, segmentTranslations, videoCategories, videos, words, wordTranslations, type Video } from "../schema";

export type NewVideoRow = typeof videos.$inferInsert;

export async function insertVideo(db: DbOrTx, values: NewVideoRow): Promise<Video> {
  const [row] = await db.insert(videos).values(values).returning();
  return row!;
}

export async function updateVideoRow(db: DbOrTx, id: number, patch: Partial<NewVideoRow>): Promise<Video | undefined> {
  const [row] = await db.update(videos).set({ ...patch, updatedAt: new Date() }).where(eq(videos.id, id)).returning();
  return row;
}

export async function deleteVideoRow(db: DbOrTx, id: number): Promise<Video | undefined> {
  const [row] = await db.delete(videos).where(eq(videos.id, id)).returning();
  return row;
}

/** Replaces a video's categories with `categoryIds`. */
export async function replaceVideoCategories(db: DbOrTx, videoId: number, categoryIds: number[]): Promise<void> {
  await db.delete(videoCategories).where(eq(videoCategories.videoId, videoId));
  if (categoryIds.length) await db.insert(videoCategories).values(categoryIds.map((categoryId) => ({ videoId, categoryId })));
}

export async function listVideoCategories(db: DbOrTx, videoId: number) {
  return db
    .select({ videoId: videoCategories.videoId, categoryId: videoCategories.categoryId, name: categories.name })
    .from(videoCategories)
    .innerJoin(categories, eq(categories.id, videoCategories.categoryId))
    .where(eq(videoCategories.videoId, videoId))
    .orderBy(asc(sql`lower(${categories.name})`));
}

/** The ids among `ids` that name no category. */
export async function missingCategories(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  const known = new Set(found.map((c) => c.id));
  return ids.filter((id) => !known.has(id));
}

export async function languageExists(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db.select({ code: languages.code }).from(languages).where(eq(languages.code, code)).limit(1);
  return !!row;
}

/** Inserts a category; undefined when one of that name (any case) exists. */
export async function insertCategory(db: DbOrTx, name: string) {
  const [row] = await db
    .insert(categories)
    .values({ name })
    .onConflictDoNothing()
    .returning({ id: categories.id, name: categories.name });
  return row;
}

/** What translation generation would find already there (SPEC §3 "Translation-check response"). */
export async function translationCounts(db: DbOrTx, videoId: number) {
  const [segments] = await db.select({ n: count() }).from(captions).where(eq(captions.videoId, videoId));
  const [translated] = await db
    .select({ n: count() })
    .from(segmentTranslations)
    .innerJoin(captions, eq(captions.id, segmentTranslations.captionId))
    .where(eq(captions.videoId, videoId));
  const [wordRows] = await db
    .select({ n: count() })
    .from(wordTranslations)
    .innerJoin(words, eq(words.id, wordTranslations.wordId))
    .where(and(eq(words.videoId, videoId)));
  return { totalSegments: segments?.n ?? 0, segmentTranslations: translated?.n ?? 0, wordTranslations: wordRows?.n ?? 0 };
}

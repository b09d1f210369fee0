/** Queries on one caption segment and its vocabulary word, for the owner's live segment editor. */
import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { captions, quizzes, segmentTranslations, videos, wordTimings, words, wordTranslations } from "../schema";
import { wordKeyOf } from "./progress";

/** A segment of the video, with the video's language (the line's words are read by its rules). */
export async function getSegment(db: DbOrTx, params: { videoId: number; segmentId: number }) {
  const [row] = await db
    .select({ ...getTableColumns(captions), language: videos.targetLanguage })
    .from(captions)
    .innerJoin(videos, eq(videos.id, captions.videoId))
    .where(and(eq(captions.id, params.segmentId), eq(captions.videoId, params.videoId)))
    .limit(1);
  return row;
}

/** New text for a segment; the vocabulary words of that line keep it as their context. */
export async function setSegmentText(db: DbOrTx, params: { segmentId: number; text: string }) {
  await db.update(captions).set({ text: params.text }).where(eq(captions.id, params.segmentId));
  await db.update(words).set({ context: params.text }).where(eq(words.captionId, params.segmentId));
}

/** Removes a line's translations (they described text it no longer has); returns how many. */
export async function clearSegmentTranslations(db: DbOrTx, params: { segmentId: number }) {
  const removed = await db.delete(segmentTranslations).where(eq(segmentTranslations.captionId, params.segmentId)).returning({ id: segmentTranslations.id });
  return removed.length;
}

export async function listSegmentTimings(db: DbOrTx, params: { segmentId: number }) {
  return db.select().from(wordTimings).where(eq(wordTimings.captionId, params.segmentId)).orderBy(asc(wordTimings.wordIndex));
}

export async function getSegmentWord(db: DbOrTx, params: { segmentId: number }) {
  const [row] = await db.select().from(words).where(eq(words.captionId, params.segmentId)).orderBy(asc(words.timestamp)).limit(1);
  return row;
}

/**
 * Makes `word` the line's vocabulary word: the existing one is renamed (its quizzes and
 * translations were for the old word, so they go, unless only its case changed), or a new one is
 * added. Learners' records follow the spelling, not the row (db/queries/progress.ts): the old
 * word's stay with the old spelling, and the new word's, if it was once a word here, apply again.
 */
export async function setSegmentWord(
  db: DbOrTx,
  params: { videoId: number; segmentId: number; word: string; timestamp: number; quizTime: number; context: string },
) {
  // "Only its case changed" is decided by the progress key (SQL lower(), wordKeyOf), not by JS
  // toLowerCase: the two differ on letters such as "İ" and a final "Σ". Kept quizzes then always
  // belong to a word whose learners' records still apply, and dropped ones to a word whose don't.
  const [existing] = await db
    .select({ id: words.id, sameKey: sql<boolean>`${wordKeyOf(words.word)} = ${wordKeyOf(params.word)}` })
    .from(words)
    .where(eq(words.captionId, params.segmentId))
    .orderBy(asc(words.timestamp))
    .limit(1);
  if (existing) {
    if (!existing.sameKey) {
      await db.delete(quizzes).where(eq(quizzes.wordId, existing.id));
      await db.delete(wordTranslations).where(eq(wordTranslations.wordId, existing.id));
    }
    const [row] = await db
      .update(words)
      .set({ word: params.word, timestamp: params.timestamp, quizTime: params.quizTime, context: params.context })
      .where(eq(words.id, existing.id))
      .returning();
    return row!;
  }
  const [row] = await db
    .insert(words)
    .values({ videoId: params.videoId, captionId: params.segmentId, word: params.word, timestamp: params.timestamp, quizTime: params.quizTime, context: params.context })
    .returning();
  return row!;
}

/** Whether another line of the video already has this vocabulary word (one word per video). */
export async function wordTakenElsewhere(db: DbOrTx, params: { videoId: number; segmentId: number; word: string }) {
  const [row] = await db
    .select({ id: words.id })
    .from(words)
    .where(and(eq(words.videoId, params.videoId), sql`lower(${words.word}) = lower(${params.word})`, sql`${words.captionId} is distinct from ${params.segmentId}`))
    .limit(1);
  return !!row;
}

export async function countWordQuizzes(db: DbOrTx, params: { wordId: number }): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(quizzes).where(eq(quizzes.wordId, params.wordId));
  return row?.n ?? 0;
}

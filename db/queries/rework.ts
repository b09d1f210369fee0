/** Reading a processed video back, and replacing parts of it, for the admin's extra jobs. */
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { refreshVideoProgressOfVideo } from "./progress";
import { insertVideoTokens, type ProcessedLine } from "./tokens";
import { captions, quizzes, segmentTranslations, wordTimings, words, wordTranslations } from "../schema";

export async function loadVideoText(db: DbOrTx, videoId: number) {
  const lines = await db.select().from(captions).where(eq(captions.videoId, videoId)).orderBy(asc(captions.segmentIndex));
  const timings = await db.select().from(wordTimings).where(eq(wordTimings.videoId, videoId)).orderBy(asc(wordTimings.wordIndex));
  const vocabulary = await db.select().from(words).where(eq(words.videoId, videoId)).orderBy(asc(words.timestamp), asc(words.id));
  const lineIds = lines.map((l) => l.id);
  const wordIds = vocabulary.map((w) => w.id);
  const lineTranslations = lineIds.length ? await db.select().from(segmentTranslations).where(inArray(segmentTranslations.captionId, lineIds)) : [];
  const translations = wordIds.length ? await db.select().from(wordTranslations).where(inArray(wordTranslations.wordId, wordIds)) : [];
  return { lines, timings, vocabulary, lineTranslations, translations };
}

export async function upsertSegmentTranslation(db: DbOrTx, row: { captionId: number; language: string; translatedText: string }) {
  await db.delete(segmentTranslations).where(and(eq(segmentTranslations.captionId, row.captionId), eq(segmentTranslations.language, row.language)));
  await db.insert(segmentTranslations).values(row);
}

export async function upsertWordTranslation(db: DbOrTx, row: { wordId: number; language: string; translation: string }) {
  await db.delete(wordTranslations).where(and(eq(wordTranslations.wordId, row.wordId), eq(wordTranslations.language, row.language)));
  await db.insert(wordTranslations).values(row);
}

export async function upsertQuiz(db: DbOrTx, row: { wordId: number; nativeLanguage: string; question: string; options: string[]; correctIndex: number }) {
  await db.delete(quizzes).where(and(eq(quizzes.wordId, row.wordId), eq(quizzes.nativeLanguage, row.nativeLanguage)));
  await db.insert(quizzes).values(row);
}

/**
 * The video's vocabulary and, when given, its words' lemmas (`tokens`), replaced in one transaction with every learner's progress in it
 * recounted against the new words (their records, keyed by spelling, are kept: a word chosen
 * again is learned as it was).
 */
export async function replaceVocabulary(
  db: DbOrTx,
  videoId: number,
  rows: { captionId: number | null; word: string; context: string | null; timestamp: number; quizTime: number | null }[],
  tokens?: readonly ProcessedLine[],
) {
  return db.transaction(async (tx) => {
    if (tokens) await insertVideoTokens(tx, videoId, tokens);
    await tx.delete(words).where(eq(words.videoId, videoId));
    const inserted = rows.length ? await tx.insert(words).values(rows.map((r) => ({ ...r, videoId }))).returning() : [];
    await refreshVideoProgressOfVideo(tx, { videoId });
    return inserted;
  });
}

/** The video's quizzes made at or after `since` (word and language). */
export async function quizzesMadeSince(db: DbOrTx, videoId: number, since: Date) {
  return db
    .select({ wordId: quizzes.wordId, nativeLanguage: quizzes.nativeLanguage })
    .from(quizzes)
    .innerJoin(words, eq(words.id, quizzes.wordId))
    .where(and(eq(words.videoId, videoId), gte(quizzes.createdAt, since)));
}

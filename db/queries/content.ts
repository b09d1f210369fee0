/** Queries on a video's content: captions, their translations, word timings, vocabulary and quizzes. */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { prepared } from "../prepared";
import { captions, quizzes, segmentTranslations, videos, wordTimings, wordTranslations, words, type PartOfSpeech, type VideoStatus } from "../schema";
import { wordPartOfSpeech } from "./quiz-distractors";

/**
 * The video's status and its captions in order, in one round trip (the captions route asks on
 * every player load); undefined when there is no such video.
 */
export async function getVideoCaptions(db: DbOrTx, params: { videoId: number }) {
  const query = prepared(db, "video_captions", (db, name) =>
    db
      .select({ status: videos.status, id: captions.id, text: captions.text, startTime: captions.startTime, endTime: captions.endTime, segmentIndex: captions.segmentIndex })
      .from(videos)
      .leftJoin(captions, eq(captions.videoId, videos.id))
      .where(eq(videos.id, sql.placeholder("videoId")))
      .orderBy(asc(captions.segmentIndex))
      .prepare(name),
  );
  const rows = await query.execute({ videoId: params.videoId });
  if (rows.length === 0) return undefined;
  const lines = rows.flatMap(({ id, text, startTime, endTime, segmentIndex }) =>
    id === null || text === null || startTime === null || endTime === null || segmentIndex === null ? [] : [{ id, text, startTime, endTime, segmentIndex }],
  );
  return { status: rows[0]!.status, captions: lines };
}

export async function listSegmentTranslations(db: DbOrTx, params: { videoId: number; language?: string }) {
  return db
    .select({ id: segmentTranslations.id, captionId: segmentTranslations.captionId, language: segmentTranslations.language, translatedText: segmentTranslations.translatedText })
    .from(segmentTranslations)
    .innerJoin(captions, eq(captions.id, segmentTranslations.captionId))
    .where(and(eq(captions.videoId, params.videoId), params.language ? eq(segmentTranslations.language, params.language) : undefined))
    .orderBy(asc(captions.segmentIndex), asc(segmentTranslations.language));
}

export async function listWordTimings(db: DbOrTx, params: { videoId: number }) {
  return db
    .select({ word: wordTimings.word, start: wordTimings.start, end: wordTimings.end, captionId: wordTimings.captionId })
    .from(wordTimings)
    .where(eq(wordTimings.videoId, params.videoId))
    .orderBy(asc(wordTimings.wordIndex));
}

export async function listWords(db: DbOrTx, params: { videoId: number }) {
  return db
    .select({ id: words.id, word: words.word, context: words.context, timestamp: words.timestamp, quizTime: words.quizTime, captionId: words.captionId })
    .from(words)
    .where(eq(words.videoId, params.videoId))
    .orderBy(asc(words.timestamp), asc(words.id));
}

export async function getQuizForWord(
  db: DbOrTx,
  params: { wordId: number; nativeLanguage: string },
): Promise<
  | { word: string; videoStatus: VideoStatus; language: string; partOfSpeech: PartOfSpeech | null; quiz: { options: string[]; correctIndex: number } | null }
  | undefined
> {
  const query = prepared(db, "word_quiz", (db, name) =>
    db
      .select({
        word: words.word,
        videoStatus: videos.status,
        language: videos.targetLanguage,
        partOfSpeech: wordPartOfSpeech,
        options: quizzes.options,
        correctIndex: quizzes.correctIndex,
      })
      .from(words)
      .innerJoin(videos, eq(videos.id, words.videoId))
      .leftJoin(quizzes, and(eq(quizzes.wordId, words.id), eq(quizzes.nativeLanguage, sql.placeholder("nativeLanguage"))))
      .where(eq(words.id, sql.placeholder("wordId")))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute(params);
  if (!row) return undefined;
  return {
    word: row.word,
    videoStatus: row.videoStatus,
    language: row.language,
    partOfSpeech: row.partOfSpeech,
    quiz: row.options && row.correctIndex !== null ? { options: row.options, correctIndex: row.correctIndex } : null,
  };
}

/**
 * What a quiz is built from when none is stored for the language: the word's own translation and
 * up to `limit` translations of other vocabulary in that language, the same video's first.
 */
export async function getQuizSource(
  db: DbOrTx,
  params: { wordId: number; language: string; limit?: number },
): Promise<{ answer: string; candidates: string[] } | undefined> {
  const [own] = await db
    .select({ translation: wordTranslations.translation, videoId: words.videoId })
    .from(wordTranslations)
    .innerJoin(words, eq(words.id, wordTranslations.wordId))
    .where(and(eq(wordTranslations.wordId, params.wordId), eq(wordTranslations.language, params.language)))
    .limit(1);
  if (!own) return undefined;
  const others = await db
    .select({ translation: wordTranslations.translation })
    .from(wordTranslations)
    .innerJoin(words, eq(words.id, wordTranslations.wordId))
    .where(and(eq(wordTranslations.language, params.language), ne(wordTranslations.wordId, params.wordId)))
    .orderBy(sql`${words.videoId} = ${own.videoId} desc`, asc(wordTranslations.id))
    .limit(params.limit ?? 50);
  return { answer: own.translation, candidates: others.map((o) => o.translation) };
}

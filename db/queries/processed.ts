/**
 * Saving a processed video in one transaction: its captions, word timings, vocabulary,
 * translations and quizzes replace whatever an earlier run left, so a re-run never duplicates
 * and a failure never leaves half a video.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { captions, quizzes, segmentTranslations, videos, wordTimings, words, wordTranslations } from "../schema";
import type { ProcessedContent } from "@/lib/pipeline/content";

/** Rows per INSERT: well under Postgres's 65,535 parameters, few round trips. */
const CHUNK = 1000;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

export async function saveProcessedContent(db: Db, videoId: number, content: ProcessedContent): Promise<void> {
  await db.transaction(async (tx) => {
    // Words first (their quizzes, translations and learners' answers follow), then captions (timings and translations follow).
    await tx.delete(words).where(eq(words.videoId, videoId));
    await tx.delete(wordTimings).where(eq(wordTimings.videoId, videoId));
    await tx.delete(captions).where(eq(captions.videoId, videoId));

    const captionIds: number[] = [];
    await insertChunked(
      content.segments.map((s, i) => ({ videoId, segmentIndex: i, text: s.text, startTime: s.startMs, endTime: s.endMs })),
      async (chunk) => captionIds.push(...(await tx.insert(captions).values(chunk).returning({ id: captions.id })).map((r) => r.id)),
    );
    await insertChunked(
      content.segments.flatMap((s, i) => Object.entries(s.translations).map(([language, translatedText]) => ({ captionId: captionIds[i]!, language, translatedText }))),
      (chunk) => tx.insert(segmentTranslations).values(chunk),
    );
    await insertChunked(
      content.timings.map((t, i) => ({ videoId, captionId: captionIds[t.segmentIndex] ?? null, wordIndex: i, word: t.word, start: t.startMs, end: t.endMs })),
      (chunk) => tx.insert(wordTimings).values(chunk),
    );
    const wordIds: number[] = [];
    await insertChunked(
      content.words.map((w) => ({
        videoId,
        captionId: captionIds[w.segmentIndex] ?? null,
        word: w.word,
        context: content.segments[w.segmentIndex]?.text ?? null,
        timestamp: w.timestampMs,
        quizTime: w.quizTimeMs,
      })),
      async (chunk) => wordIds.push(...(await tx.insert(words).values(chunk).returning({ id: words.id })).map((r) => r.id)),
    );
    await insertChunked(
      content.words.flatMap((w, i) => Object.entries(w.translations).map(([language, translation]) => ({ wordId: wordIds[i]!, language, translation }))),
      (chunk) => tx.insert(wordTranslations).values(chunk),
    );
    await insertChunked(
      content.quizzes.map((q) => ({ wordId: wordIds[q.wordIndex]!, nativeLanguage: q.language, question: q.question, options: q.options, correctIndex: q.correctIndex })),
      (chunk) => tx.insert(quizzes).values(chunk),
    );
    await tx.update(videos).set({ durationMs: content.durationMs, updatedAt: new Date() }).where(eq(videos.id, videoId));
  });
}

/**
 * Saving a processed video in one transaction: its captions, word timings, vocabulary,
 * translations and quizzes replace whatever an earlier run left, so a re-run never duplicates
 * and a failure never leaves half a video.
 *
 * A long video is tens of thousands of rows (2,000 captions, 20,000 word timings, a translation
 * of every caption into each other language). Each table gets one INSERT ... SELECT whose rows
 * arrive as a single JSON parameter: no statement nears Postgres's 65,534 parameters, none is
 * built value by value in JavaScript, and it reads the same on postgres-js and PGlite. Children
 * find their parents by natural key (a caption by video and segment index, a word by video and
 * text, both unique), so no ids travel back and forth.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { captions, videos, wordTimings, words, type LineWordFields } from "../schema";
import { rowsJson } from "./json-rows";
import { refreshVideoProgressOfVideo } from "./progress";
import { insertVideoTokens } from "./tokens";

/** What processing makes of a video: everything the player and the quizzes read. */
export type ProcessedSegment = { text: string; startMs: number; endMs: number; translations: Record<string, string> };
export type ProcessedTiming = { word: string; startMs: number; endMs: number | null; segmentIndex: number };
export type ProcessedWord = {
  word: string;
  segmentIndex: number;
  timestampMs: number;
  quizTimeMs: number | null;
  translations: Record<string, string>;
};
export type ProcessedQuiz = { wordIndex: number; language: string; question: string; options: string[]; correctIndex: number };

export type ProcessedContent = {
  durationMs: number;
  segments: ProcessedSegment[];
  timings: ProcessedTiming[];
  words: ProcessedWord[];
  quizzes: ProcessedQuiz[];
  /** Every line's words with their lemmas, by line; a video saved without them has none. */
  tokens?: LineWordFields[][];
};


export async function saveProcessedContent(db: Db, videoId: number, content: ProcessedContent): Promise<void> {
  const lines = content.segments.map((s, i) => ({ i, text: s.text, s: s.startMs, e: s.endMs }));
  const lineTranslations = content.segments.flatMap((s, i) => Object.entries(s.translations).map(([l, text]) => ({ i, l, text })));
  const timings = content.timings.map((t, n) => ({ i: t.segmentIndex, n, w: t.word, s: t.startMs, e: t.endMs }));
  const vocabulary = content.words.map((w) => ({ i: w.segmentIndex, w: w.word, ctx: content.segments[w.segmentIndex]?.text ?? null, t: w.timestampMs, q: w.quizTimeMs }));
  const wordTranslations = content.words.flatMap((w) => Object.entries(w.translations).map(([l, text]) => ({ w: w.word, l, text })));
  const quizRows = content.quizzes.map((q) => ({ w: content.words[q.wordIndex]!.word, l: q.language, question: q.question, o: q.options, c: q.correctIndex }));
  // A timing's or word's caption, by its line (a timing must have one; a word may not).
  const captionOfRow = sql`LEFT JOIN captions c ON c.video_id = ${videoId} AND c.segment_index = r.i`;
  // A word translation's or quiz's word, by its text.
  const wordOfRow = sql`JOIN words w ON w.video_id = ${videoId} AND w.word = r.w`;

  await db.transaction(async (tx) => {
    // Words first (their quizzes and translations follow; learners' records of them stay), then captions (timings and translations follow).
    await tx.delete(words).where(eq(words.videoId, videoId));
    await tx.delete(wordTimings).where(eq(wordTimings.videoId, videoId));
    await tx.delete(captions).where(eq(captions.videoId, videoId));

    if (lines.length) {
      await tx.execute(sql`
        INSERT INTO captions (video_id, segment_index, text, start_time, end_time)
        SELECT ${videoId}, r.i, r.text, r.s, r.e FROM json_to_recordset(${rowsJson(lines)}) AS r(i int, text text, s int, e int)`);
    }
    // The old tokens went with their captions; the lemma counts are the video's own.
    await insertVideoTokens(tx, videoId, (content.tokens ?? []).map((words, segmentIndex) => ({ segmentIndex, words })));
    if (lineTranslations.length) {
      await tx.execute(sql`
        INSERT INTO segment_translations (caption_id, language, translated_text)
        SELECT c.id, r.l, r.text FROM json_to_recordset(${rowsJson(lineTranslations)}) AS r(i int, l text, text text)
        JOIN captions c ON c.video_id = ${videoId} AND c.segment_index = r.i`);
    }
    if (timings.length) {
      await tx.execute(sql`
        INSERT INTO word_timings (video_id, caption_id, word_index, word, start_ms, end_ms)
        SELECT ${videoId}, c.id, r.n, r.w, r.s, r.e FROM json_to_recordset(${rowsJson(timings)}) AS r(i int, n int, w text, s int, e int)
        ${captionOfRow}`);
    }
    if (vocabulary.length) {
      await tx.execute(sql`
        INSERT INTO words (video_id, caption_id, word, context, timestamp_ms, quiz_time_ms)
        SELECT ${videoId}, c.id, r.w, r.ctx, r.t, r.q FROM json_to_recordset(${rowsJson(vocabulary)}) AS r(i int, w text, ctx text, t int, q int)
        ${captionOfRow}`);
    }
    if (wordTranslations.length) {
      await tx.execute(sql`
        INSERT INTO word_translations (word_id, language, translation)
        SELECT w.id, r.l, r.text FROM json_to_recordset(${rowsJson(wordTranslations)}) AS r(w text, l text, text text)
        ${wordOfRow}`);
    }
    if (quizRows.length) {
      await tx.execute(sql`
        INSERT INTO quizzes (word_id, native_language, question, options, correct_index)
        SELECT w.id, r.l, r.question, r.o, r.c FROM json_to_recordset(${rowsJson(quizRows)}) AS r(w text, l text, question text, o jsonb, c int)
        ${wordOfRow}`);
    }
    await tx.update(videos).set({ durationMs: content.durationMs, updatedAt: new Date() }).where(eq(videos.id, videoId));
    // Learners' records of words outlive the rows (keyed by spelling): recount each one's progress in the new words.
    await refreshVideoProgressOfVideo(tx, { videoId });
  });
}

/**
 * The admin's extra jobs on a processed video: choose the vocabulary again, generate
 * translations (only the missing ones, or all again), and rebuild the quizzes. A job stopped at
 * its expiry (`signal`, and retried) writes nothing more: it checks before each save. Given when
 * the work was asked for (`since`), what was saved after it (by an earlier try of the same job,
 * which failed part-way, or by another job on the video) is kept rather than paid for again.
 */
import "server-only";
import type { Db } from "@/db/client";
import { loadVideoText, quizzesMadeSince, replaceVocabulary, upsertQuiz, upsertSegmentTranslation, upsertWordTranslation } from "@/db/queries/rework";
import { listLanguageCodes } from "@/db/queries/languages";
import { getVideoById } from "@/db/queries/videos";
import type { QuizzesMade, TranslationAction, TranslationsMade } from "@/lib/jobs/queues";
import { buildQuiz } from "@/lib/quiz/build";
import { dbStep } from "./db-step";
import { PermanentJobError } from "./errors";
import { translateInto } from "./translate";
import { chooseVocabulary } from "./vocabulary";

async function prepared(db: Db, videoId: number) {
  const video = await getVideoById(db, { id: videoId });
  if (!video) return null;
  const text = await loadVideoText(db, videoId);
  if (!text.lines.length) throw new PermanentJobError("The video has no captions yet: process it first");
  const codes = (await listLanguageCodes(db)).filter((c) => c !== video.targetLanguage);
  return { video, text, codes };
}

type Made = { lines: number; words: number; quizzes: number };
const NOTHING: Made = { lines: 0, words: 0, quizzes: 0 };

/** Translates the chosen lines and words into `language` and saves them, with the words' quizzes; says how many of each. */
async function translateAndSave(
  db: Db,
  ctx: NonNullable<Awaited<ReturnType<typeof prepared>>>,
  language: string,
  lineIds: Set<number>,
  wordIds: Set<number>,
  signal?: AbortSignal,
) {
  const { video, text } = ctx;
  const indexOfLine = new Map(text.lines.map((l, i) => [l.id, i]));
  const lines = text.lines.filter((l) => lineIds.has(l.id)).map((l) => ({ index: indexOfLine.get(l.id)!, text: l.text }));
  const words = text.vocabulary
    .map((w, index) => ({ w, index }))
    .filter(({ w }) => wordIds.has(w.id))
    .map(({ w, index }) => ({ index, word: w.word, context: w.context ?? "", lineIndex: w.captionId !== null ? (indexOfLine.get(w.captionId) ?? 0) : 0 }));
  if (!lines.length && !words.length) return NOTHING;
  const translated = await translateInto(language, video.targetLanguage, lines, words, signal);
  signal?.throwIfAborted();
  let quizCount = 0;
  // Paid for: a lost connection does not throw the translations away (db-step.ts); upserts, safe to run twice.
  await dbStep(() => db.transaction(async (tx) => {
    quizCount = 0;
    for (const [index, translatedText] of translated.lines) await upsertSegmentTranslation(tx, { captionId: text.lines[index]!.id, language, translatedText });
    const all = [...translated.words.values()].map((t) => t.translation);
    for (const [index, { translation, wrongOptions }] of translated.words) {
      const word = text.vocabulary[index]!;
      await upsertWordTranslation(tx, { wordId: word.id, language, translation });
      const quiz = buildQuiz(`${word.id}:${language}`, translation, wrongOptions) ?? buildQuiz(`${word.id}:${language}`, translation, [...wrongOptions, ...all]);
      if (quiz) {
        await upsertQuiz(tx, { wordId: word.id, nativeLanguage: language, question: word.word, ...quiz });
        quizCount++;
      }
    }
  }));
  return { lines: translated.lines.size, words: translated.words.size, quizzes: quizCount };
}

/** Made at or after `since` (all rows count as old without it). */
const madeSince = (since: Date | undefined) => (row: { createdAt: Date }) => since !== undefined && new Date(row.createdAt) >= since;

/**
 * Fills in the missing translations, or makes them all again. The result counts what was saved
 * since the request, an earlier try's saves included, in the languages that got any.
 */
export async function generateTranslations(db: Db, videoId: number, action: TranslationAction, signal?: AbortSignal, since?: Date): Promise<TranslationsMade> {
  const made: TranslationsMade = { segmentTranslationCount: 0, totalTranslationsGenerated: 0, languages: [] };
  const ctx = await prepared(db, videoId);
  if (!ctx) return made;
  const fresh = madeSince(since);
  // Regenerating: translations made since the request are new already.
  const counts = action === "regenerate" ? fresh : () => true;
  for (const language of ctx.codes) {
    const lineRows = ctx.text.lineTranslations.filter((t) => t.language === language);
    const wordRows = ctx.text.translations.filter((t) => t.language === language);
    const haveLine = new Set(lineRows.filter(counts).map((t) => t.captionId));
    const haveWord = new Set(wordRows.filter(counts).map((t) => t.wordId));
    const lineIds = new Set(ctx.text.lines.filter((l) => !haveLine.has(l.id)).map((l) => l.id));
    const wordIds = new Set(ctx.text.vocabulary.filter((w) => !haveWord.has(w.id)).map((w) => w.id));
    const now = await translateAndSave(db, ctx, language, lineIds, wordIds, signal);
    const lines = lineRows.filter(fresh).length + now.lines;
    const total = lines + wordRows.filter(fresh).length + now.words;
    made.segmentTranslationCount += lines;
    made.totalTranslationsGenerated += total;
    if (total > 0) made.languages.push(language);
  }
  return made;
}

/**
 * New quizzes for every word, with fresh wrong options from the model (translations are kept as
 * they are). The result counts the quizzes made since the request, an earlier try's included.
 */
export async function regenerateQuizzes(db: Db, videoId: number, signal?: AbortSignal, since?: Date): Promise<QuizzesMade> {
  const ctx = await prepared(db, videoId);
  if (!ctx) return { totalQuizzesGenerated: 0, wordCount: 0, languages: [] };
  const fresh = since ? await quizzesMadeSince(db, videoId, since) : [];
  const made: QuizzesMade = { totalQuizzesGenerated: 0, wordCount: ctx.text.vocabulary.length, languages: [] };
  for (const language of ctx.codes) {
    const done = new Set(fresh.filter((q) => q.nativeLanguage === language).map((q) => q.wordId));
    const todo = new Set(ctx.text.vocabulary.filter((w) => !done.has(w.id)).map((w) => w.id));
    const quizzes = done.size + (await translateAndSave(db, ctx, language, new Set(), todo, signal)).quizzes;
    made.totalQuizzesGenerated += quizzes;
    if (quizzes > 0) made.languages.push(language);
  }
  return made;
}

/**
 * Chooses the vocabulary again from the captions, with every line's words and their lemmas (a
 * video processed before lemmas were kept gets them here), then translates the new words and
 * makes their quizzes.
 */
export async function extractVocabulary(db: Db, videoId: number, signal?: AbortSignal, since?: Date): Promise<number> {
  const ctx = await prepared(db, videoId);
  if (!ctx) return 0;
  const { text, video } = ctx;
  if (text.vocabulary.length && text.vocabulary.every(madeSince(since))) {
    // Chosen already since the request (a try that failed after saving them): only what is missing.
    for (const language of ctx.codes) {
      const have = new Set(text.translations.filter((t) => t.language === language).map((t) => t.wordId));
      await translateAndSave(db, ctx, language, new Set(), new Set(text.vocabulary.filter((w) => !have.has(w.id)).map((w) => w.id)), signal);
    }
    return text.vocabulary.length;
  }
  const index = new Map(text.lines.map((l, i) => [l.id, i]));
  const segments = text.lines.map((l) => ({ text: l.text, startMs: l.startTime, endMs: l.endTime }));
  const timings = text.timings.map((t) => ({ word: t.word, startMs: t.start, endMs: t.end, segmentIndex: t.captionId !== null ? (index.get(t.captionId) ?? 0) : 0 }));
  const durationMs = video.durationMs ?? Math.max(0, ...segments.map((s) => s.endMs));
  const { words: chosen, lines } = await chooseVocabulary(segments, timings, video.targetLanguage, durationMs, signal);
  signal?.throwIfAborted();
  const rows = await dbStep(() => replaceVocabulary(
    db,
    videoId,
    chosen.map((w) => ({ captionId: text.lines[w.segmentIndex]?.id ?? null, word: w.word, context: segments[w.segmentIndex]?.text ?? null, timestamp: w.timestampMs, quizTime: w.quizTimeMs })),
    lines.map((words, i) => ({ segmentIndex: text.lines[i]!.segmentIndex, words })),
  ));
  const fresh = await dbStep(() => prepared(db, videoId));
  if (fresh) for (const language of fresh.codes) await translateAndSave(db, fresh, language, new Set(), new Set(rows.map((r) => r.id)), signal);
  return rows.length;
}

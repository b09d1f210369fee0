/**
 * Demo content for a fresh install: fully processed videos (captions, word timings, every line's
 * words with their lemmas, vocabulary, translations, quizzes) from db/seed/demo-content.json. Runs once per database: a marker row
 * keeps deleted demo content from coming back (the demo accounts have their own marker). The
 * quizzes' options and the lines' words come from the caller (lib/setup/demo-content.ts passes
 * lib/quiz's builder and lib/text's line splitter), so the database layer holds no product rules.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "./client";
import { listLanguageCodes } from "./queries/languages";
import { insertVideoTokens } from "./queries/tokens";
import {
  appMeta,
  captions,
  categories,
  quizzes,
  segmentTranslations,
  videoCategories,
  videos,
  wordTimings,
  words,
  wordTranslations,
  PARTS_OF_SPEECH,
  type LineWordFields,
} from "./schema";

const ms = z.number().int().nonnegative();
const translationsSchema = z.record(z.string(), z.string().min(1));

export const demoContentSchema = z.object({
  categories: z.array(z.string().min(1)).min(1),
  videos: z
    .array(
      z.object({
        slug: z.string().min(1),
        title: z.string().min(1),
        description: z.string(),
        targetLanguage: z.string().min(2),
        categories: z.array(z.string().min(1)).min(1),
        media: z.string().startsWith("/"),
        mediaType: z.string().min(1),
        thumbnail: z.string().startsWith("/"),
        durationMs: ms,
        segments: z
          .array(
            z.object({
              text: z.string().min(1),
              startTime: ms,
              endTime: ms,
              translations: translationsSchema,
              words: z.array(z.object({ word: z.string().min(1), start: ms, end: ms })).min(1),
              /** Its content words' lemmas and parts of speech, as processing's model gives them. */
              lemmas: z.array(z.object({ word: z.string().min(1), lemma: z.string().min(1), partOfSpeech: z.enum(PARTS_OF_SPEECH) })).default([]),
            }),
          )
          .min(1),
        vocabulary: z.array(
          z.object({
            word: z.string().min(1),
            segmentIndex: z.number().int().nonnegative(),
            wordIndex: z.number().int().nonnegative().optional(),
            timestamp: ms,
            quizTime: ms.optional(),
            translations: translationsSchema,
          }),
        ),
      }),
    )
    .min(1),
});
export type DemoContent = z.infer<typeof demoContentSchema>;

export const DEMO_CONTENT_PATH = path.join(process.cwd(), "db", "seed", "demo-content.json");
const SEED_MARKER = "demo_content_seeded";
const ACCOUNTS_MARKER = "demo_accounts_seeded";

export function loadDemoContent(file = DEMO_CONTENT_PATH): DemoContent {
  return demoContentSchema.parse(JSON.parse(readFileSync(/*turbopackIgnore: true*/ file, "utf8")));
}

export type SeedResult = { seeded: boolean; videos: number; words: number; quizzes: number };

/** A word's quiz from its seed (word and language), right answer and candidate distractors; null when there are too few. */
export type QuizMaker = (seed: string, answer: string, candidates: readonly string[]) => { options: string[]; correctIndex: number } | null;

type DemoSegment = DemoContent["videos"][number]["segments"][number];
/** A line's words with their lemmas, from its text and the lemmas the demo content gives (lib/text/line-words.ts). */
export type LineAnalyser = (text: string, language: string, lemmas: DemoSegment["lemmas"]) => LineWordFields[];

/** Product rules the seed applies: how quizzes are built and lines split into words. */
export type DemoRules = { buildQuiz: QuizMaker; lineWords: LineAnalyser };

const tokensOf = (video: DemoContent["videos"][number], lineWords: LineAnalyser) =>
  video.segments.map((s, segmentIndex) => ({ segmentIndex, words: lineWords(s.text, video.targetLanguage, s.lemmas) }));

export async function insertDemoContent(db: Db, content: DemoContent, { buildQuiz, lineWords }: DemoRules): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7224102)`);
    const [marker] = await tx.select().from(appMeta).where(eq(appMeta.key, SEED_MARKER)).limit(1);
    const [{ n: existingVideos } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(videos);
    if (marker || existingVideos > 0) return { seeded: false, videos: 0, words: 0, quizzes: 0 };

    const allLanguages = await listLanguageCodes(tx);

    await tx
      .insert(categories)
      .values(content.categories.map((name) => ({ name })))
      .onConflictDoNothing();
    const categoryRows = await tx.select().from(categories).where(inArray(categories.name, content.categories));
    const categoryId = new Map(categoryRows.map((c) => [c.name, c.id]));

    let wordCount = 0;
    let quizCount = 0;
    // Newest first on screens sorted by creation: insert in reverse with spaced timestamps.
    const base = Date.now() - content.videos.length * 60_000;
    for (const [index, video] of content.videos.entries()) {
      const cats = video.categories.map((name) => {
        const id = categoryId.get(name);
        if (id === undefined) throw new Error(`Demo video ${video.slug} names unknown category ${name}`);
        return id;
      });
      const createdAt = new Date(base + index * 60_000);
      const [row] = await tx
        .insert(videos)
        .values({
          title: video.title,
          description: video.description,
          thumbnail: video.thumbnail,
          categoryId: cats[0],
          targetLanguage: video.targetLanguage,
          status: "active",
          processingProgress: 100,
          mediaPath: video.media,
          mediaType: video.mediaType,
          durationMs: video.durationMs,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: videos.id });
      const videoId = row!.id;
      await tx.insert(videoCategories).values(cats.map((c) => ({ videoId, categoryId: c })));

      const captionRows = await tx
        .insert(captions)
        .values(
          video.segments.map((s, segmentIndex) => ({
            videoId,
            segmentIndex,
            text: s.text,
            startTime: s.startTime,
            endTime: s.endTime,
          })),
        )
        .returning({ id: captions.id, segmentIndex: captions.segmentIndex });
      const captionId = new Map(captionRows.map((c) => [c.segmentIndex, c.id]));

      const segmentTranslationRows = video.segments.flatMap((s, i) =>
        Object.entries(s.translations)
          .filter(([lang]) => lang !== video.targetLanguage && allLanguages.includes(lang))
          .map(([language, translatedText]) => ({ captionId: captionId.get(i)!, language, translatedText })),
      );
      if (segmentTranslationRows.length) await tx.insert(segmentTranslations).values(segmentTranslationRows);

      let wordIndex = 0;
      const timingRows = video.segments.flatMap((s, i) =>
        s.words.map((w) => ({
          videoId,
          captionId: captionId.get(i)!,
          wordIndex: wordIndex++,
          word: w.word,
          start: w.start,
          end: w.end,
        })),
      );
      await tx.insert(wordTimings).values(timingRows);
      await insertVideoTokens(tx, videoId, tokensOf(video, lineWords));

      if (video.vocabulary.length === 0) continue;
      const wordRows = await tx
        .insert(words)
        .values(
          video.vocabulary.map((v) => ({
            videoId,
            captionId: captionId.get(v.segmentIndex) ?? null,
            word: v.word,
            context: video.segments[v.segmentIndex]?.text ?? null,
            timestamp: v.timestamp,
            quizTime: v.quizTime ?? null,
          })),
        )
        .returning({ id: words.id, word: words.word });
      wordCount += wordRows.length;

      const translationRows = video.vocabulary.flatMap((v, i) =>
        Object.entries(v.translations)
          .filter(([lang]) => lang !== video.targetLanguage && allLanguages.includes(lang))
          .map(([language, translation]) => ({ wordId: wordRows[i]!.id, language, translation })),
      );
      if (translationRows.length) await tx.insert(wordTranslations).values(translationRows);

      const quizRows = video.vocabulary.flatMap((v, i) =>
        allLanguages
          .filter((lang) => lang !== video.targetLanguage && v.translations[lang])
          .flatMap((lang) => {
            const pool = video.vocabulary.filter((_, j) => j !== i).map((o) => o.translations[lang]).filter((t): t is string => !!t);
            const quiz = buildQuiz(`${wordRows[i]!.id}:${lang}`, v.translations[lang]!, pool);
            return quiz ? [{ wordId: wordRows[i]!.id, nativeLanguage: lang, question: v.word, ...quiz }] : [];
          }),
      );
      if (quizRows.length) await tx.insert(quizzes).values(quizRows);
      quizCount += quizRows.length;
    }

    await tx.insert(appMeta).values({ key: SEED_MARKER, value: { at: new Date().toISOString(), videos: content.videos.length } });
    return { seeded: true, videos: content.videos.length, words: wordCount, quizzes: quizCount };
  });
}

/**
 * Gives the demo videos of a database seeded before lemmas were kept their words: each demo
 * video still as it was seeded (found by its media file, its lines unchanged) and without words.
 * Cheap on every start: one query per demo video once done. Returns how many videos got words.
 */
export async function addDemoTokens(db: Db, content: DemoContent, lineWords: LineAnalyser): Promise<number> {
  let added = 0;
  for (const video of content.videos) {
    const [row] = await db
      .select({ id: videos.id, withWords: sql<boolean>`exists (select 1 from video_tokens t where t.video_id = ${videos.id})` })
      .from(videos)
      .where(eq(videos.mediaPath, video.media))
      .limit(1);
    if (!row || row.withWords) continue;
    const lines = await db.select({ text: captions.text }).from(captions).where(eq(captions.videoId, row.id)).orderBy(asc(captions.segmentIndex));
    if (lines.length !== video.segments.length || lines.some((l, i) => l.text !== video.segments[i]!.text)) continue;
    await db.transaction((tx) => insertVideoTokens(tx, row.id, tokensOf(video, lineWords)));
    added++;
  }
  return added;
}

/** Whether the demo accounts were made once already (a demo account someone deleted stays deleted). */
export async function demoAccountsSeeded(db: DbOrTx): Promise<boolean> {
  const [marker] = await db.select().from(appMeta).where(eq(appMeta.key, ACCOUNTS_MARKER)).limit(1);
  return marker !== undefined;
}

export async function markDemoAccountsSeeded(db: DbOrTx): Promise<void> {
  await db.insert(appMeta).values({ key: ACCOUNTS_MARKER, value: { at: new Date().toISOString() } }).onConflictDoNothing();
}

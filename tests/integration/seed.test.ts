import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadDemoContent } from "@/db/seed";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { captions, quizzes, segmentTranslations, videoCategories, videoLemmas, videoTokens, videos, wordTimings, words, wordTranslations } from "@/db/schema";
import { testDbKinds, useTestDb } from "../helpers/db";

const content = loadDemoContent();

describe.each(testDbKinds)("demo content on %s", (kind) => {
  const testDb = useTestDb(kind);

  it("seeds every video fully processed, once", async () => {
    const first = await seedDemoContent(testDb().db, content);
    expect(first.seeded).toBe(true);
    expect(first.videos).toBe(content.videos.length);

    const rows = await testDb().db.select().from(videos);
    expect(rows).toHaveLength(content.videos.length);
    for (const video of rows) {
      expect(video.status).toBe("active");
      expect(video.processingProgress).toBe(100);
      expect(video.mediaPath).toMatch(/^\/demo\/.+\.webm$/);
      expect(video.categoryId).not.toBeNull();
    }
    expect(new Set(rows.map((v) => v.targetLanguage)).size).toBeGreaterThanOrEqual(2);
    const links = await testDb().db.select().from(videoCategories);
    expect(new Set(links.map((l) => l.categoryId)).size).toBeGreaterThanOrEqual(2);

    const again = await seedDemoContent(testDb().db, content);
    expect(again.seeded).toBe(false);
    expect(await testDb().db.select().from(videos)).toHaveLength(content.videos.length);
  });

  it("keeps captions, timings, vocabulary, translations and quizzes consistent", async () => {
    for (const video of await testDb().db.select().from(videos)) {
      const caps = await testDb().db.select().from(captions).where(eq(captions.videoId, video.id)).orderBy(captions.segmentIndex);
      expect(caps.length).toBeGreaterThan(0);
      const timings = await testDb().db.select().from(wordTimings).where(eq(wordTimings.videoId, video.id)).orderBy(wordTimings.wordIndex);
      // Every caption's words, in order, spell the caption.
      for (const caption of caps) {
        const own = timings.filter((w) => w.captionId === caption.id);
        expect(own.map((w) => w.word).join(" ")).toBe(caption.text);
        expect(own[0]!.start).toBe(caption.startTime);
      }
      const vocab = await testDb().db.select().from(words).where(eq(words.videoId, video.id));
      // A quiz's three wrong options are the video's other words; about one word per 10 s of speech (tests/unit/demo-content.test.ts).
      expect(vocab.length).toBeGreaterThanOrEqual(4);
      expect(vocab.length).toBeLessThanOrEqual(5);
      const otherLanguages = ["en", "es", "fr", "de", "it", "pt", "sv", "ja", "zh"].filter((l) => l !== video.targetLanguage);
      for (const word of vocab) {
        const caption = caps.find((c) => c.id === word.captionId)!;
        expect(caption.text).toContain(word.word);
        expect(word.timestamp).toBeGreaterThanOrEqual(caption.startTime);
        expect(word.quizTime!).toBeGreaterThanOrEqual(caption.endTime);
        const translations = await testDb().db.select().from(wordTranslations).where(eq(wordTranslations.wordId, word.id));
        expect(translations.map((x) => x.language).sort()).toEqual([...otherLanguages].sort());
        for (const language of otherLanguages) {
          const [quiz] = await testDb().db
            .select()
            .from(quizzes)
            .where(and(eq(quizzes.wordId, word.id), eq(quizzes.nativeLanguage, language)));
          expect(quiz, `${word.word} quiz in ${language}`).toBeDefined();
          expect(quiz!.options).toHaveLength(4);
          expect(new Set(quiz!.options).size).toBe(4);
          const correct = translations.find((x) => x.language === language)!.translation;
          expect(quiz!.options[quiz!.correctIndex]).toBe(correct);
        }
      }
      const [{ n }] = (await testDb().db
        .select({ n: sql<number>`count(*)::int` })
        .from(segmentTranslations)
        .innerJoin(captions, eq(captions.id, segmentTranslations.captionId))
        .where(eq(captions.videoId, video.id))) as [{ n: number }];
      expect(n).toBe(caps.length * otherLanguages.length);
    }
  });

  it("gives every line its words with their lemmas, and the videos' lemma counts", async () => {
    const db = testDb().db;
    const [coffee] = await db.select().from(videos).where(eq(videos.title, "Ordering Coffee in Madrid"));
    const [first] = await db.select().from(captions).where(and(eq(captions.videoId, coffee!.id), eq(captions.segmentIndex, 0)));
    const line = await db.select().from(videoTokens).where(eq(videoTokens.captionId, first!.id)).orderBy(videoTokens.position);
    expect(line.map((w) => `${w.surface}:${w.lemma}${w.isContent ? "" : "-"}`)).toEqual([
      "Buenos:bueno",
      "días:día",
      "quisiera:querer",
      "un:un-",
      "café:café",
      "con:con-",
      "leche:leche",
      "por:por-",
      "favor:favor",
    ]);
    for (const video of await db.select().from(videos)) {
      const counts = await db.select().from(videoLemmas).where(eq(videoLemmas.videoId, video.id));
      expect(counts.length, video.title).toBeGreaterThan(10);
    }
    // "favor" twice in the coffee video, "Madrid", a name, not at all in the other.
    const coffeeCounts = await db.select().from(videoLemmas).where(eq(videoLemmas.videoId, coffee!.id));
    expect(coffeeCounts.find((c) => c.lemma === "favor")?.occurrences).toBe(2);
    expect((await db.select().from(videoLemmas)).some((c) => c.lemma === "madrid")).toBe(false);
  });

  it("gives the demo videos of a database seeded before lemmas were kept their words, once, unless their lines changed", async () => {
    const db = testDb().db;
    const all = await db.select().from(videos);
    const [edited] = await db.select().from(captions).where(eq(captions.videoId, all[1]!.id)).limit(1);
    await db.delete(videoTokens);
    await db.delete(videoLemmas);
    await db.update(captions).set({ text: `${edited!.text} (edited)` }).where(eq(captions.id, edited!.id));
    expect((await seedDemoContent(db, content)).seeded).toBe(false);
    const withWords = new Set((await db.select({ id: videoTokens.videoId }).from(videoTokens)).map((r) => r.id));
    expect([...withWords].sort()).toEqual(all.filter((v) => v.id !== all[1]!.id).map((v) => v.id).sort());
    const before = await db.select().from(videoTokens);
    await seedDemoContent(db, content);
    expect(await db.select().from(videoTokens)).toHaveLength(before.length);
  });

  it("finds videos by title or description, ignoring case", async () => {
    const [sample] = content.videos;
    const needle = sample!.title.split(" ").at(-1)!.toUpperCase();
    const hits = await testDb().db
      .select({ title: videos.title })
      .from(videos)
      .where(sql`${videos.title} ILIKE ${`%${needle}%`} OR ${videos.description} ILIKE ${`%${needle}%`}`);
    expect(hits.map((h) => h.title)).toContain(sample!.title);
  });
});

/**
 * Saving a processed video ("Saving Data", one transaction): BENCH_SAVE_CAPTIONS captions (2,000)
 * with BENCH_SAVE_WORDS_PER_CAPTION word timings each (10: 20,000), every caption translated into
 * each other supported language, and BENCH_SAVE_VOCABULARY vocabulary words with their
 * translations and quizzes, and every line's words with their lemmas, saved by the product's
 * `saveProcessedContent` into a fresh video per run, beside the same data (but the words, which
 * came later) saved by a naive per-caption loop in one transaction.
 */
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import { resultRows, type Db } from "@/db/client";
import { saveProcessedContent } from "@/db/queries/processed";
import { captions, languages, quizzes, segmentTranslations, videos, wordTimings, words, wordTranslations } from "@/db/schema";
import type { ProcessedContent } from "@/db/queries/processed";
import { lineWords } from "@/lib/text/line-words";
import { envInt, explainCall, explainMode, fmtInt, ms, p50p95, stats, verdict, type BenchDb, type Stats } from "./util";

const TARGET_LANGUAGE = "es";
const WORDS = (
  "mercado café naranja manzana estación museo playa río montaña cocina jardín tren aeropuerto panadería teatro biblioteca castillo puerto " +
  "fiesta receta tiempo familia ciudad calle mañana tarde noche comida bebida amigo hermana trabajo ventana puerta libro música camino"
).split(" ");
const SMALL = "el la de que y en un una por con para los las del al se lo".split(" ");

export type SaveSizes = { captions: number; wordsPerCaption: number; vocabulary: number };

/** A long video's content, shaped as processing makes it: 3 s lines, evenly timed words, translations in `others`. */
export function buildSaveContent(size: SaveSizes, others: string[]): ProcessedContent {
  const lineMs = 3000;
  const segments: ProcessedContent["segments"] = [];
  const timings: ProcessedContent["timings"] = [];
  for (let i = 0; i < size.captions; i++) {
    const parts = Array.from({ length: size.wordsPerCaption }, (_, j) => ((i + j) % 3 === 0 ? SMALL[(i * 7 + j) % SMALL.length]! : WORDS[(i * 13 + j * 5) % WORDS.length]!));
    const text = `${parts.join(" ")}.`;
    const startMs = i * lineMs;
    const step = Math.floor((lineMs - 200) / size.wordsPerCaption);
    parts.forEach((word, j) => timings.push({ word, startMs: startMs + j * step, endMs: startMs + (j + 1) * step, segmentIndex: i }));
    segments.push({ text, startMs, endMs: startMs + lineMs - 200, translations: Object.fromEntries(others.map((l) => [l, `${l}: ${text}`])) });
  }
  const vocabulary = Math.min(size.vocabulary, size.captions);
  const gap = Math.max(1, Math.floor(size.captions / Math.max(1, vocabulary)));
  const chosen: ProcessedContent["words"] = Array.from({ length: vocabulary }, (_, k) => {
    const segmentIndex = k * gap;
    const segment = segments[segmentIndex]!;
    return {
      // Vocabulary words are distinct within a video (a unique index on lower(word)).
      word: `${WORDS[k % WORDS.length]}${k >= WORDS.length ? k : ""}`,
      segmentIndex,
      timestampMs: segment.startMs,
      quizTimeMs: segment.endMs,
      translations: Object.fromEntries(others.map((l) => [l, `${l}-${k}`])),
    };
  });
  const quizList: ProcessedContent["quizzes"] = chosen.flatMap((w, wordIndex) =>
    others.map((language) => ({ wordIndex, language, question: w.word, options: [`${language}-${wordIndex}`, `${language}-no-1`, `${language}-no-2`, `${language}-no-3`], correctIndex: 0 })),
  );
  // Every line's words with their lemmas, as processing saves them (the baselines, older than them, leave them out).
  const tokens = segments.map((s) => lineWords(s.text, TARGET_LANGUAGE, []));
  return { durationMs: size.captions * lineMs, segments, timings, words: chosen, quizzes: quizList, tokens };
}

/** Baseline: the first shipped saveProcessedContent, 1,000-row INSERT ... VALUES statements built by drizzle. */
async function saveChunked(db: Db, videoId: number, content: ProcessedContent): Promise<void> {
  const CHUNK = 1000;
  const insertChunked = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
  };
  await db.transaction(async (tx) => {
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
      content.timings.map((t, i) => ({ videoId, captionId: captionIds[t.segmentIndex]!, wordIndex: i, word: t.word, start: t.startMs, end: t.endMs })),
      (chunk) => tx.insert(wordTimings).values(chunk),
    );
    const wordIds: number[] = [];
    await insertChunked(
      content.words.map((w) => ({ videoId, captionId: captionIds[w.segmentIndex] ?? null, word: w.word, context: content.segments[w.segmentIndex]?.text ?? null, timestamp: w.timestampMs, quizTime: w.quizTimeMs })),
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

/** Baseline: the same rows in one transaction, one caption (with its translations and timings) at a time. */
async function savePerCaption(db: Db, videoId: number, content: ProcessedContent): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(words).where(eq(words.videoId, videoId));
    await tx.delete(wordTimings).where(eq(wordTimings.videoId, videoId));
    await tx.delete(captions).where(eq(captions.videoId, videoId));
    const captionIds: number[] = [];
    let wordIndex = 0;
    const timingsOf = new Map<number, ProcessedContent["timings"]>();
    for (const t of content.timings) timingsOf.set(t.segmentIndex, [...(timingsOf.get(t.segmentIndex) ?? []), t]);
    for (const [i, s] of content.segments.entries()) {
      const [row] = await tx.insert(captions).values({ videoId, segmentIndex: i, text: s.text, startTime: s.startMs, endTime: s.endMs }).returning({ id: captions.id });
      captionIds.push(row!.id);
      const translated = Object.entries(s.translations).map(([language, translatedText]) => ({ captionId: row!.id, language, translatedText }));
      if (translated.length) await tx.insert(segmentTranslations).values(translated);
      const own = (timingsOf.get(i) ?? []).map((t) => ({ videoId, captionId: row!.id, wordIndex: wordIndex++, word: t.word, start: t.startMs, end: t.endMs }));
      if (own.length) await tx.insert(wordTimings).values(own);
    }
    for (const [i, w] of content.words.entries()) {
      const [row] = await tx
        .insert(words)
        .values({ videoId, captionId: captionIds[w.segmentIndex] ?? null, word: w.word, context: content.segments[w.segmentIndex]?.text ?? null, timestamp: w.timestampMs, quizTime: w.quizTimeMs })
        .returning({ id: words.id });
      const translated = Object.entries(w.translations).map(([language, translation]) => ({ wordId: row!.id, language, translation }));
      if (translated.length) await tx.insert(wordTranslations).values(translated);
      const own = content.quizzes.filter((q) => q.wordIndex === i);
      if (own.length) await tx.insert(quizzes).values(own.map((q) => ({ wordId: row!.id, nativeLanguage: q.language, question: q.question, options: q.options, correctIndex: q.correctIndex })));
    }
    await tx.update(videos).set({ durationMs: content.durationMs, updatedAt: new Date() }).where(eq(videos.id, videoId));
  });
}

export type Counts = { captions: number; timings: number; lineTranslations: number; words: number; wordTranslations: number; quizzes: number };

export async function countSaved(db: Db, videoId: number): Promise<Counts> {
  const [row] = resultRows<Counts>(
    await db.execute(sql`
      SELECT (SELECT count(*)::int FROM captions WHERE video_id = ${videoId}) AS captions,
             (SELECT count(*)::int FROM word_timings WHERE video_id = ${videoId}) AS timings,
             (SELECT count(*)::int FROM segment_translations st JOIN captions c ON c.id = st.caption_id WHERE c.video_id = ${videoId}) AS "lineTranslations",
             (SELECT count(*)::int FROM words WHERE video_id = ${videoId}) AS words,
             (SELECT count(*)::int FROM word_translations wt JOIN words w ON w.id = wt.word_id WHERE w.video_id = ${videoId}) AS "wordTranslations",
             (SELECT count(*)::int FROM quizzes q JOIN words w ON w.id = q.word_id WHERE w.video_id = ${videoId}) AS quizzes`),
  );
  return row!;
}

const expectedCounts = (c: ProcessedContent): Counts => ({
  captions: c.segments.length,
  timings: c.timings.length,
  lineTranslations: c.segments.reduce((n, s) => n + Object.keys(s.translations).length, 0),
  words: c.words.length,
  wordTranslations: c.words.reduce((n, w) => n + Object.keys(w.translations).length, 0),
  quizzes: c.quizzes.length,
});

export const describeCounts = (c: Counts) =>
  `${fmtInt(c.captions)} captions, ${fmtInt(c.timings)} word timings, ${fmtInt(c.lineTranslations)} caption translations, ${fmtInt(c.words)} words, ${fmtInt(c.wordTranslations)} word translations, ${fmtInt(c.quizzes)} quizzes`;

/** `targetMs` undefined: the figure is printed for information, without a verdict. */
export async function benchSave(handle: BenchDb, engine: string, targetMs: number | undefined): Promise<void> {
  const { db } = handle;
  const size: SaveSizes = {
    captions: envInt("BENCH_SAVE_CAPTIONS", 2000),
    wordsPerCaption: Math.max(1, envInt("BENCH_SAVE_WORDS_PER_CAPTION", 10)),
    vocabulary: envInt("BENCH_SAVE_VOCABULARY", 40),
  };
  // Twenty, so that p95 is not simply the slowest run.
  const runs = Math.max(1, envInt("BENCH_SAVE_RUNS", 20));
  const baselineRuns = envInt("BENCH_SAVE_BASELINE_RUNS", 2);
  const codes = (await db.select({ code: languages.code }).from(languages)).map((l) => l.code);
  const others = codes.filter((c) => c !== TARGET_LANGUAGE);
  const content = buildSaveContent(size, others);
  const expected = expectedCounts(content);
  console.log(`\n${engine} · saving a processed video (saveProcessedContent, one transaction): ${describeCounts(expected)}`);

  const newVideo = async (n: number) =>
    (await db.insert(videos).values({ youtubeId: "benchsave00", title: `Save ${n}`, targetLanguage: TARGET_LANGUAGE, status: "processing" }).returning({ id: videos.id }))[0]!.id;
  const timeSave = async (save: (db: Db, id: number, c: ProcessedContent) => Promise<void>, videoId: number) => {
    const t0 = performance.now();
    await save(db, videoId, content);
    return performance.now() - t0;
  };

  // Product and baselines alternate (passing load hits all alike), each into a fresh video (a first processing run), after one untimed run of each.
  const baselines = [
    { label: "first shipped version: 1,000-row VALUES chunks", save: saveChunked, samples: [] as number[] },
    { label: "naive: one caption at a time, same transaction", save: savePerCaption, samples: [] as number[] },
  ];
  const product: number[] = [];
  let checked = "";
  let n = 0;
  for (let r = 0; r < runs + 1; r++) {
    const id = await newVideo(n++);
    const dt = await timeSave(saveProcessedContent, id);
    if (r > 0) product.push(dt);
    if (r === 0) {
      const got = await countSaved(db, id);
      checked = JSON.stringify(got) === JSON.stringify(expected) ? "all rows saved" : `ROWS DIFFER: ${describeCounts(got)}`;
    }
    for (const b of r <= baselineRuns ? baselines : []) {
      const dtb = await timeSave(b.save, await newVideo(n++));
      if (r > 0) b.samples.push(dtb);
    }
  }
  // A re-run replaces an earlier run's rows (information).
  const rerunId = await newVideo(2000);
  await saveProcessedContent(db, rerunId, content);
  const rerun = await timeSave(saveProcessedContent, rerunId);
  const rerunCounts = await countSaved(db, rerunId);
  const rerunOk = JSON.stringify(rerunCounts) === JSON.stringify(expected);

  const s: Stats = stats(product);
  const v = targetMs === undefined ? "(info)" : verdict(engine, "save", "saveProcessedContent", s, targetMs);
  const rows = expected.captions + expected.timings + expected.lineTranslations + expected.words + expected.wordTranslations + expected.quizzes;
  console.log(`  ${runs} timed runs after 1 untimed run, each into a new video; ms; ${checked} (${fmtInt(rows)} rows)`);
  console.log(`  ${"".padEnd(64)} ${"p50 /     p95".padStart(15)}  ${"max".padStart(7)}  ${targetMs === undefined ? "no target on this engine" : `target p95 < ${targetMs} ms`}`);
  console.log(`  ${"product: saveProcessedContent (one INSERT ... SELECT per table)".padEnd(64)} ${p50p95(s)}  ${ms(s.max)}  ${v}`);
  for (const b of baselines.filter((x) => x.samples.length)) {
    const bs = stats(b.samples);
    console.log(`  ${`baseline, ${b.label}`.padEnd(64)} ${p50p95(bs)}  ${ms(bs.max)}  ${(bs.p50 / s.p50).toFixed(1)}× the product's p50 (${b.samples.length} runs)`);
  }
  console.log(`  ${"product, re-run over an earlier save (replaces its rows)".padEnd(64)} ${ms(rerun).padStart(15)}  ${"".padStart(7)}  ${rerunOk ? "rows replaced, none doubled" : `ROWS DIFFER: ${describeCounts(rerunCounts)}`}`);

  const mode = explainMode();
  if (mode === "all" || (mode === "miss" && v === "MISS")) {
    // The statements run again over the re-run's video: each one replaces what the one before left, so they can.
    console.log(`\n    EXPLAIN ANALYZE, saveProcessedContent (${engine}); "Trigger for constraint" lines are the per-row foreign-key checks:`);
    console.log(await explainCall(handle, (d) => saveProcessedContent(d, rerunId, content)));
  }
}

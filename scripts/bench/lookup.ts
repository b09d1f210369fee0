/**
 * The word popover's lookup (issue: p95 < 20 ms on Postgres, < 40 ms on PGlite): `lookUpWord`,
 * the service GET /api/words/lookup calls, answered from an offline dictionary of
 * BENCH_LOOKUP_ENTRIES generated entries (default 500,000, imported through `dict:import`'s own
 * service from a dictd file written here, with the import's time and memory printed) and from
 * the AI cache (BENCH_LOOKUP_CACHED lemmas with their meaning in a line), beside the health
 * check's query and a plain primary-key select from the same run. The AI is configured but
 * unreachable, so a lookup that missed the cache would fail, not hide in the figures.
 */
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { resultRows, type Db } from "@/db/client";
import { pingDatabase } from "@/db/queries/health";
import { getUserById } from "@/db/queries/users";
import type { User } from "@/db/schema";
import { WORD_MEANING_PROMPT_VERSION } from "@/lib/ai/word-meaning";
import { importDictionaryFile } from "@/lib/words/meanings/dictionary-import";
import { lookUpWord } from "@/lib/words/meanings/lookup";
import { writeDictd } from "../standins/dictd-writer";
import { setEnv } from "../standins/env";
import { envInt, explainCall, explainMode, fmtInt, p50p95, seconds, stats, timeRuns, verdict, type BenchDb } from "./util";

const LEARNER_ID = "00000000-0000-4000-8000-0000000100c5";
const MODEL = "bench-model";
const LINE = "Quiero un café con leche, por favor.";

/** A made-up Spanish-looking headword for entry `i`: distinct, lower case, 6 to 9 letters. */
const headword = (i: number) => `pal${i.toString(36)}a`;

function* generated(n: number) {
  for (let i = 0; i < n; i++) yield { headword: i % 7 === 0 ? headword(i).toUpperCase() : headword(i), definition: `word number ${i}; a meaning\n  (n) another sense of it` };
}

const mb = (bytes: number) => bytes / 2 ** 20;

/** Peak resident memory and JavaScript heap while `fn` runs, sampled every 50 ms. */
async function peakMemory<T>(fn: () => Promise<T>): Promise<{ result: T; startMb: number; peakMb: number; heapStartMb: number; heapPeakMb: number }> {
  const start = process.memoryUsage();
  let peak = start.rss;
  let heapPeak = start.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed);
  };
  const timer = setInterval(sample, 50);
  try {
    const result = await fn();
    sample();
    return { result, startMb: mb(start.rss), peakMb: mb(peak), heapStartMb: mb(start.heapUsed), heapPeakMb: mb(heapPeak) };
  } finally {
    clearInterval(timer);
  }
}

export async function benchLookup(handle: BenchDb, engine: string, targetP95: number): Promise<void> {
  const { db } = handle;
  const entries = envInt("BENCH_LOOKUP_ENTRIES", 500_000);
  const cachedLemmas = envInt("BENCH_LOOKUP_CACHED", 10_000);
  const runs = envInt("BENCH_LOOKUP_RUNS", 200);
  console.log(`\n${engine} · word lookup: a dictionary of ${fmtInt(entries)} entries, ${fmtInt(cachedLemmas)} cached AI answers`);

  const dir = await mkdtemp(path.join(tmpdir(), "lingoreel-bench-dict-"));
  const previousAi = { OPENAI_API_KEY: process.env.OPENAI_API_KEY, OPENAI_BASE_URL: process.env.OPENAI_BASE_URL, OPENAI_CHAT_MODEL: process.env.OPENAI_CHAT_MODEL };
  try {
    let started = performance.now();
    const files = await writeDictd(dir, "spa-eng", generated(entries), { short: "Bench Spanish-English ver. 1", info: "License: CC0" });
    console.log(`  wrote the dictd files: ${seconds(started)}`);
    started = performance.now();
    const imported = await peakMemory(() => importDictionaryFile(db, files.index));
    console.log(
      `  dict:import of ${fmtInt(imported.result.entries)} entries: ${seconds(started)}; resident memory ${imported.startMb.toFixed(0)} MB before, ` +
        `peak ${imported.peakMb.toFixed(0)} MB (+${(imported.peakMb - imported.startMb).toFixed(0)} MB${handle.kind === "pglite" ? ", the in-memory PGlite database's growth included" : ""}); ` +
        `JavaScript heap ${imported.heapStartMb.toFixed(0)} MB before, peak ${imported.heapPeakMb.toFixed(0)} MB`,
    );

    started = performance.now();
    await db.execute(sql`INSERT INTO languages (code, name, native_name) VALUES ('es', 'Spanish', 'Español'), ('en', 'English', 'English') ON CONFLICT DO NOTHING`);
    await db.execute(sql`INSERT INTO users (id, email, role, native_language, target_language) VALUES (${LEARNER_ID}, 'lookup@bench.test', 'user', 'en', 'es')`);
    await db.execute(sql`INSERT INTO videos (title, youtube_id, target_language, status) VALUES ('Bench', 'abcdefghijk', 'es', 'active')`);
    await db.execute(sql`INSERT INTO captions (video_id, segment_index, text, start_time, end_time) SELECT id, 0, ${LINE}, 0, 4000 FROM videos WHERE title = 'Bench'`);
    const captionId = Number(resultRows<{ id: number }>(await db.execute(sql`SELECT id FROM captions ORDER BY id LIMIT 1`))[0]!.id);
    const lineHash = createHash("sha256").update(LINE, "utf8").digest("hex");
    await db.execute(sql`
      INSERT INTO word_meanings (language, native_language, lemma, model, prompt_version, part_of_speech, meanings)
      SELECT 'es', 'en', 'cached' || g, ${MODEL}, ${WORD_MEANING_PROMPT_VERSION}, 'noun', jsonb_build_array('meaning ' || g, 'another ' || g)
      FROM generate_series(1, ${cachedLemmas}) g`);
    await db.execute(sql`
      INSERT INTO word_line_meanings (meaning_id, line_hash, meaning) SELECT id, ${lineHash}, 'in the line: ' || lemma FROM word_meanings`);
    await db.execute(sql`ANALYZE`);
    console.log(`  fill (learner, line, cache) + ANALYZE: ${seconds(started)}`);

    // Configured but unreachable: a cache miss would throw (503) instead of timing a real call.
    setEnv({ OPENAI_API_KEY: "bench-key", OPENAI_BASE_URL: "http://127.0.0.1:9/v1", OPENAI_CHAT_MODEL: MODEL });
    const user = (await getUserById(db, { id: LEARNER_ID })) as User;
    const pick = (i: number) => (i * 7919) % entries;
    const calls: Record<string, (d: Db, i: number) => ReturnType<typeof lookUpWord>> = {
      "dictionary, surface form": (d, i) => lookUpWord(d, user, { language: "es", nativeLanguage: "en", surface: headword(pick(i)), captionId }),
      "dictionary, by lemma": (d, i) => lookUpWord(d, user, { language: "es", nativeLanguage: "en", surface: "palabras", lemma: headword(pick(i)).toUpperCase(), captionId }),
      "AI cache, with its line": (d, i) => lookUpWord(d, user, { language: "es", nativeLanguage: "en", surface: `Cached${1 + ((i * 131) % cachedLemmas)}`, captionId }),
      // Every step looked at and nothing found; with an AI configured this would call it, so it runs without one.
      "nothing known": (d, i) => lookUpWord(d, user, { language: "es", nativeLanguage: "en", surface: `nada${i}`, captionId }),
    };
    const baselines: Record<string, () => Promise<unknown>> = {
      "health (select 1)": () => pingDatabase(db),
      "primary-key select (a user)": () => getUserById(db, { id: LEARNER_ID }),
    };
    console.log(`  ${runs} timed runs per figure after 5 warm-up runs; p50 / p95 in ms; target p95 < ${targetP95} ms`);
    for (const [name, fn] of Object.entries(baselines)) {
      const { samples } = await timeRuns(runs, 5, fn);
      console.log(`    baseline ${name.padEnd(30)} ${p50p95(stats(samples))}`);
    }
    for (const [name, fn] of Object.entries(calls)) {
      if (name === "nothing known") setEnv({ OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined });
      const { samples, last } = await timeRuns(runs, 5, (i) => fn(db, i));
      const s = stats(samples);
      const expected = name.startsWith("dictionary") ? "dictionary" : name.startsWith("AI") ? "ai" : "none";
      if (last?.source !== expected) throw new Error(`lookup "${name}" answered from ${last?.source}, not ${expected}`);
      const v = verdict(engine, "lookup", name, s, targetP95);
      console.log(`    lookUpWord: ${name.padEnd(28)} ${p50p95(s)}  ${v}`);
      if (explainMode() === "all" || (explainMode() === "miss" && v === "MISS")) console.log(await explainCall(handle, (d) => fn(d, 1)));
    }
  } finally {
    setEnv(previousAi);
    await rm(dir, { recursive: true, force: true });
  }
}

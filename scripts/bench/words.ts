/**
 * Word statuses and comprehension (issue "every word"), on data made with set-based SQL:
 *  - statuses: every word of a BENCH_WORDS_LINES-line video (2,000 lines of 10 words) with one
 *    learner's statuses (BENCH_WORDS_KNOWN lemmas marked, 100,000), by `getVideoTokensJson`, the
 *    service GET /api/videos/{id}/tokens answers with (its JSON text: words, i+1 counts, score,
 *    words to learn first),
 *    with the video's words in memory as after its first read (that first read printed apart),
 *    beside the plain row-per-word join a first version would send;
 *  - comprehension: the score of a home page's BENCH_WORDS_CARDS cards (30) for a learner with
 *    100,000 known lemmas, among BENCH_WORDS_VIDEOS videos (300) of ~900 lemmas each, by
 *    `comprehensionOfVideos` (video_lemmas: a row per lemma) beside the same score counted from
 *    every word (video_tokens) of the 30 videos.
 */
import { performance } from "node:perf_hooks";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { resultRows, type Db } from "@/db/client";
import { getUserById } from "@/db/queries/users";
import { comprehensionOfVideos } from "@/lib/words/comprehension/cards";
import { COMPREHENSION_WEIGHTS } from "@/lib/words/comprehension/rule";
import { setWordStatus } from "@/db/queries/words/statuses";
import type { User } from "@/db/schema";
import { forgetVideoWords, getVideoTokensJson } from "@/lib/services/video-tokens";
import type { VideoTokens } from "@/lib/types/api";
import { envInt, explainCall, explainMode, fmtInt, p50p95, roundTrip, seconds, stats, timeRuns, verdict, type BenchDb, type Stats } from "./util";

export type WordsSizes = { lines: number; wordsPerLine: number; known: number; cards: number; videos: number; runs: number };

export function wordsSizes(): WordsSizes {
  return {
    lines: envInt("BENCH_WORDS_LINES", 2000),
    wordsPerLine: 10,
    known: envInt("BENCH_WORDS_KNOWN", 100_000),
    cards: envInt("BENCH_WORDS_CARDS", 30),
    videos: Math.max(envInt("BENCH_WORDS_VIDEOS", 300), envInt("BENCH_WORDS_CARDS", 30)),
    runs: envInt("BENCH_WORDS_RUNS", 30),
  };
}

/** A learner with `known` statuses in Spanish (lemmas w0…: nine in ten known, the rest learning or ignored). */
async function fillLearner(db: Db, known: number): Promise<User> {
  const id = randomUUID();
  await db.execute(sql`INSERT INTO languages (code, name, native_name) VALUES ('es', 'Spanish', 'Español') ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO users (id, email, target_language) VALUES (${id}, ${`bench-${id}@example.com`}, 'es')`);
  await db.execute(sql`
    INSERT INTO word_statuses (user_id, language, lemma, status)
    SELECT ${id}, 'es', 'w' || i, CASE WHEN i % 10 = 7 THEN 'learning' WHEN i % 10 = 9 THEN 'ignored' ELSE 'known' END
      FROM generate_series(0, ${known - 1}) AS i`);
  return (await getUserById(db, { id }))!;
}

/**
 * `count` published Spanish videos from `firstLine` on, each `lines` lines of `wordsPerLine` words
 * whose lemmas come from a pool of `pool` (w0…), two words in three content words; tokens and
 * lemma counts as processing saves them.
 */
async function fillVideos(db: Db, count: number, lines: number, wordsPerLine: number, pool: number, offset: number): Promise<number[]> {
  const ids = resultRows<{ id: number }>(
    await db.execute(sql`
      INSERT INTO videos (youtube_id, title, target_language, status)
      SELECT 'abcdefghijk', 'Bench video ' || i, 'es', 'active' FROM generate_series(1, ${count}) AS i RETURNING id`),
  ).map((r) => Number(r.id));
  const first = ids[0]!;
  const last = ids.at(-1)!;
  await db.execute(sql`
    INSERT INTO captions (video_id, segment_index, text, start_time, end_time)
    SELECT v.id, s, 'line ' || s, s * 3000, s * 3000 + 2800 FROM videos v, generate_series(0, ${lines - 1}) AS s WHERE v.id BETWEEN ${first} AND ${last}`);
  // Lemma of word p of line s in video v: spread over the pool, a different stretch per video.
  await db.execute(sql`
    INSERT INTO video_tokens (video_id, caption_id, position, char_start, char_end, surface, lemma, part_of_speech, is_content, is_proper_noun)
    SELECT c.video_id, c.id, p, p * 8, p * 8 + 6, 'w' || l.n, 'w' || l.n, 'noun', p % 3 <> 0, false
      FROM captions c, generate_series(0, ${wordsPerLine - 1}) AS p,
           LATERAL (SELECT (((c.video_id * 7919) + ${offset} + ((c.segment_index * ${wordsPerLine} + p) * 37) % ${pool}) % (${pool} * 2))::int AS n) l
     WHERE c.video_id BETWEEN ${first} AND ${last}`);
  await db.execute(sql`
    INSERT INTO video_lemmas (video_id, lemma, occurrences)
    SELECT video_id, lemma, count(*)::int FROM video_tokens WHERE video_id BETWEEN ${first} AND ${last} AND is_content AND NOT is_proper_noun GROUP BY video_id, lemma`);
  return ids;
}

const count = async (db: Db, table: string) => Number(resultRows<{ n: number }>(await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n);

/** Baseline of the statuses: one row per word through the driver, as a first version would read them. */
async function tokensRowByRow(db: Db, videoId: number, userId: string) {
  return resultRows(
    await db.execute(sql`
      SELECT c.segment_index, t.position, t.char_start, t.char_end, t.surface, t.lemma, t.part_of_speech, t.is_content, t.is_proper_noun, coalesce(s.status, 'new') AS status
        FROM video_tokens t JOIN captions c ON c.id = t.caption_id
        LEFT JOIN word_statuses s ON s.user_id = ${userId} AND s.language = 'es' AND s.lemma = t.lemma
       WHERE t.video_id = ${videoId} ORDER BY c.segment_index, t.position`),
  );
}

/** Baseline of the score: counted from every word of the videos instead of their lemma counts. */
async function comprehensionFromTokens(db: Db, videoIds: number[], userId: string) {
  return resultRows(
    await db.execute(sql`
      SELECT t.video_id,
             sum(CASE s.status WHEN 'known' THEN 2 WHEN 'learning' THEN 1 ELSE 0 END) AS known,
             count(*) FILTER (WHERE s.status IS DISTINCT FROM 'ignored') AS counted
        FROM video_tokens t JOIN videos v ON v.id = t.video_id
        LEFT JOIN word_statuses s ON s.user_id = ${userId} AND s.language = v.target_language AND s.lemma = t.lemma
       WHERE t.video_id IN (${sql.join(
         videoIds.map((id) => sql`${id}`),
         sql`, `,
       )}) AND t.is_content AND NOT t.is_proper_noun
       GROUP BY t.video_id`),
  );
}

/**
 * Times `fn` as timeRuns does, and also the CPU time this process spent per call: on a busy
 * machine the wall-clock figures wait for a core, the CPU time does not (with PGlite it is the
 * database's work too; with Postgres, the app's side only).
 */
async function timed<T>(runs: number, warmup: number, fn: (i: number) => Promise<T>) {
  const before = process.cpuUsage();
  const result = await timeRuns(runs, warmup, fn);
  const used = process.cpuUsage(before);
  return { ...result, cpuMs: (used.user + used.system) / 1000 / (runs + warmup) };
}

function row(label: string, s: Stats, cpuMs: number, note: string) {
  console.log(`  ${label.padEnd(58)} ${p50p95(s)}  cpu ${cpuMs.toFixed(1).padStart(6)}  ${note}`);
}

export async function benchWords(handle: BenchDb, engine: string, size: WordsSizes, which: { statuses: boolean; comprehension: boolean }, targets: { statuses: number; comprehension: number }) {
  const db = handle.db;
  const started = performance.now();
  const learner = await fillLearner(db, size.known);
  const floor = await roundTrip(db, size.runs);

  if (which.statuses) {
    // Lemmas from a pool of 5,000: about half of them among the learner's marked ones.
    const [videoId] = await fillVideos(db, 1, size.lines, size.wordsPerLine, 5000, 0);
    await db.execute(sql`ANALYZE`);
    const tokens = await count(db, "video_tokens");
    console.log(
      `\nStatuses of every word of a video (${engine}): ${fmtInt(size.lines)} lines, ${fmtInt(tokens)} words; the learner has ${fmtInt(size.known)} statuses; fill ${seconds(started)}`,
    );
    console.log(`  round-trip floor (SELECT 1): p50 ${floor.p50.toFixed(2)} ms, p95 ${floor.p95.toFixed(2)} ms; ${size.runs} runs each`);
    const product = await timed(size.runs, 3, () => getVideoTokensJson(db, learner, videoId!));
    const s = stats(product.samples);
    const v = verdict(engine, "statuses", "GET /api/videos/{id}/tokens", s, targets.statuses);
    const words = (JSON.parse(product.last!) as VideoTokens).lines.reduce((n, l) => n + l.words.length, 0);
    row("getVideoTokensJson (the answer's JSON: words, i+1, score, to learn)", s, product.cpuMs, `${v} (target p95 < ${targets.statuses} ms; ${fmtInt(words)} words)`);
    // The answer's text is linked pieces until written out: its bytes as the response sends them.
    const sent = await timed(size.runs, 3, async () => Buffer.from(await getVideoTokensJson(db, learner, videoId!)).byteLength);
    row("the same, encoded to UTF-8 as the response sends it", stats(sent.samples), sent.cpuMs, `(info; ${fmtInt(sent.last!)} bytes)`);
    const cold = await timed(size.runs, 0, () => {
      forgetVideoWords();
      return getVideoTokensJson(db, learner, videoId!);
    });
    row("the same, the video's first read (its words not yet in memory)", stats(cold.samples), cold.cpuMs, "(info)");
    const base = await timed(size.runs, 3, () => tokensRowByRow(db, videoId!, learner.id));
    row("baseline: the same join, a row per word through the driver", stats(base.samples), base.cpuMs, "(baseline)");
    if (explainMode() === "all" || (explainMode() === "miss" && v === "MISS")) console.log(await explainCall(handle, (d) => getVideoTokensJson(d, learner, videoId!)));
  }

  if (which.comprehension) {
    const t0 = performance.now();
    // 10-minute videos: 150 lines of 10 words, lemmas from a pool of 200,000 (half of them known).
    const ids = await fillVideos(db, size.videos, 150, size.wordsPerLine, 100_000, 17);
    await db.execute(sql`ANALYZE`);
    const lemmas = await count(db, "video_lemmas");
    console.log(
      `\nComprehension of a home page's cards (${engine}): ${size.cards} of ${fmtInt(size.videos)} videos, ${fmtInt(lemmas)} video_lemmas rows; the learner has ${fmtInt(size.known)} statuses; fill ${seconds(t0)}`,
    );
    const cards = (i: number) => Array.from({ length: size.cards }, (_, k) => ids[(i * size.cards + k * 31) % ids.length]!);
    const score = (i: number) => comprehensionOfVideos(db, { userId: learner.id, videoIds: cards(i) });
    // Every video's sums kept once (as after the learner's first visits), then read.
    await comprehensionOfVideos(db, { userId: learner.id, videoIds: ids });
    const product = await timed(size.runs, 3, score);
    const s = stats(product.samples);
    const v = verdict(engine, "comprehension", `${size.cards} cards`, s, targets.comprehension);
    const scored = [...product.last!.values()].filter((x) => x !== null);
    const mean = scored.reduce((a, b) => a + b!, 0) / Math.max(1, scored.length);
    row(`comprehensionOfVideos (kept sums), ${size.cards} videos`, s, product.cpuMs, `${v} (target p95 < ${targets.comprehension} ms; mean score ${mean.toFixed(0)})`);
    // The first read of a page: its sums counted from video_lemmas and the statuses, and kept.
    const forget = (i: number) => db.execute(sql`DELETE FROM video_comprehension WHERE user_id = ${learner.id} AND video_id = any(${sql.param(cards(i))}::int[])`);
    const cold: number[] = [];
    let coldCpu = 0;
    for (let i = 0; i < size.runs; i++) {
      await forget(i);
      const [at, cpu] = [performance.now(), process.cpuUsage()];
      await score(i);
      cold.push(performance.now() - at);
      const used = process.cpuUsage(cpu);
      coldCpu += (used.user + used.system) / 1000 / size.runs;
    }
    row("the same, first read (counted from video_lemmas, then kept)", stats(cold), coldCpu, "(info)");
    // What keeping them costs a status change: the sums of every video holding the lemma move.
    const common = resultRows<{ lemma: string }>(await db.execute(sql`SELECT lemma FROM video_lemmas GROUP BY lemma ORDER BY count(*) DESC LIMIT 1`))[0]!.lemma;
    const change = await timed(size.runs, 3, (i) => setWordStatus(db, { userId: learner.id, language: "es", lemma: common, status: i % 2 ? "known" : "learning" }, COMPREHENSION_WEIGHTS));
    row(`a status change of the lemma in the most videos (${common})`, stats(change.samples), change.cpuMs, "(info: the write side)");
    const base = await timed(size.runs, 3, (i) => comprehensionFromTokens(db, cards(i), learner.id));
    row("baseline: counted from every word (video_tokens)", stats(base.samples), base.cpuMs, "(baseline)");
    if (explainMode() === "all" || (explainMode() === "miss" && v === "MISS")) console.log(await explainCall(handle, (d) => comprehensionOfVideos(d, { userId: learner.id, videoIds: cards(0) })));
  }
  console.log(`  total ${seconds(started)}; figures in ms: p50 / p95, and this process's CPU time per call`);
}

/**
 * Due cards (spaced repetition): the review screen's read of one learner's due cards (getDueCards:
 * the 10 most overdue with their lines, how many are due, when the next falls due) and the home
 * screen's count (getReviewSummary), for a learner with BENCH_DUE_MINE cards (20,000) among
 * BENCH_DUE_LEARNERS learners (1,000) × BENCH_DUE_CARDS cards (5,000), filled with
 * generate_series; beside a primary-key select of one card from the same run.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { getUserById } from "@/db/queries/users";
import { getWordCard } from "@/db/queries/words/cards";
import { getDueCards, getReviewSummary } from "@/lib/words/cards/cards";
import { envInt, explainCall, explainMode, fmtInt, p50p95, roundTrip, seconds, stats, timeRuns, verdict, type BenchDb } from "./util";

export type DueSizes = { learners: number; cards: number; mine: number; runs: number };

export function dueSizes(): DueSizes {
  return { learners: envInt("BENCH_DUE_LEARNERS", 1000), cards: envInt("BENCH_DUE_CARDS", 5000), mine: envInt("BENCH_DUE_MINE", 20_000), runs: envInt("BENCH_DUE_RUNS", 50) };
}

/**
 * `count` learners with `cards` Spanish cards each (lemmas w0…), due from 60 days ago to 300 days
 * ahead (about one in six due now), in learning and review states; returns their ids.
 */
async function fillCards(db: Db, count: number, cards: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await db.execute(sql`
    INSERT INTO users (id, email, target_language)
    SELECT id::uuid, 'bench-due-' || id || '@example.com', 'es' FROM unnest(${`{${ids.join(",")}}`}::text[]) AS id`);
  await db.execute(sql`
    INSERT INTO word_cards (user_id, language, lemma, due, stability, difficulty, scheduled_days, reps, state, last_review)
    SELECT u.id::uuid, 'es', 'w' || i, now() + ((((i * 7919 + u.n * 104729) % 360) - 60) * interval '1 day') + (i % 1440) * interval '1 minute',
           1 + (i % 50), 5, (i % 50), 1 + (i % 9), CASE WHEN i % 5 = 0 THEN 1 ELSE 2 END, now() - interval '1 day'
      FROM unnest(${`{${ids.join(",")}}`}::text[]) WITH ORDINALITY AS u(id, n), generate_series(0, ${cards - 1}) AS i`);
  return ids;
}

export async function benchDue(handle: BenchDb, engine: string, size: DueSizes, target: number) {
  const db = handle.db;
  const started = performance.now();
  await db.execute(sql`INSERT INTO languages (code, name, native_name) VALUES ('es', 'Spanish', 'Español') ON CONFLICT DO NOTHING`);
  // The others in batches of 100 learners: one statement per batch keeps memory flat.
  for (let done = 0; done < size.learners; done += 100) await fillCards(db, Math.min(100, size.learners - done), size.cards);
  const [mineId] = await fillCards(db, 1, size.mine);
  // Some of the learner's words are ignored: their cards are left out.
  await db.execute(sql`INSERT INTO word_statuses (user_id, language, lemma, status) SELECT ${mineId}::uuid, 'es', 'w' || i, 'ignored' FROM generate_series(0, ${size.mine - 1}, 50) AS i`);
  await db.execute(sql`ANALYZE`);
  const learner = (await getUserById(db, { id: mineId! }))!;
  const total = size.learners * size.cards + size.mine;
  console.log(`\nDue cards (${engine}): a learner with ${fmtInt(size.mine)} cards among ${fmtInt(size.learners)} learners × ${fmtInt(size.cards)} (${fmtInt(total)} cards); fill ${seconds(started)}`);
  const floor = await roundTrip(db, size.runs);
  console.log(`  round-trip floor (SELECT 1): p50 ${floor.p50.toFixed(2)} ms, p95 ${floor.p95.toFixed(2)} ms; ${size.runs} runs each`);

  const review = await timeRuns(size.runs, 3, () => getDueCards(db, learner, { limit: 10, practice: false }));
  const s = stats(review.samples);
  const v = verdict(engine, "due", "GET /api/review/due", s, target);
  console.log(`  ${"getDueCards: 10 most overdue, with lines; count; next due".padEnd(58)} ${p50p95(s)}  ${v} (target p95 < ${target} ms; ${fmtInt(review.last!.dueCount)} due)`);
  const summary = await timeRuns(size.runs, 3, () => getReviewSummary(db, learner));
  console.log(`  ${"getReviewSummary (home, header): count, next due, cards".padEnd(58)} ${p50p95(stats(summary.samples))}  (info)`);
  const base = await timeRuns(size.runs, 3, (i) => getWordCard(db, { userId: learner.id, language: "es", lemma: `w${(i * 37) % size.mine}` }));
  console.log(`  ${"baseline: one card by its primary key".padEnd(58)} ${p50p95(stats(base.samples))}  (baseline)`);
  if (explainMode() === "all" || (explainMode() === "miss" && v === "MISS")) console.log(await explainCall(handle, (d) => getDueCards(d, learner, { limit: 10, practice: false })));
  console.log(`  total ${seconds(started)}; figures in ms: p50 / p95`);
}

/**
 * The reminder pass (lib/reminders/pass.ts) at scale: BENCH_REMINDER_LEARNERS learners (100,000)
 * of whom BENCH_REMINDER_DUE (10,000) are due a look now, spread over three time zones, a third of
 * those with cards due and a third with a streak at risk; each batch of 200 (lock, due counts,
 * study time, log rows, next looks) timed, beside a plain select of 200 ids on the same index from
 * the same run. Sending is left out: it is the mail server's and the push services' time.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { passBatch } from "@/lib/reminders/pass";
import { envInt, fmtInt, p50p95, seconds, stats, timeRuns, verdict, type BenchDb } from "./util";

export type ReminderSizes = { learners: number; due: number };

export function reminderSizes(): ReminderSizes {
  return { learners: envInt("BENCH_REMINDER_LEARNERS", 100_000), due: envInt("BENCH_REMINDER_DUE", 10_000) };
}

const BATCH = 200;
const ZONES = ["Asia/Tokyo", "Europe/Berlin", "America/Los_Angeles"];

export async function benchReminders(handle: BenchDb, engine: string, size: ReminderSizes, target: number) {
  const db = handle.db;
  const started = performance.now();
  // A fixed evening: 19:10 in Berlin, when Berlin's learners' window is open and the others' not.
  const now = new Date("2026-06-10T17:10:00Z");
  await db.execute(sql`INSERT INTO languages (code, name, native_name) VALUES ('es', 'Spanish', 'Español') ON CONFLICT DO NOTHING`);
  for (let done = 0; done < size.learners; done += 10_000) {
    const ids = Array.from({ length: Math.min(10_000, size.learners - done) }, () => randomUUID());
    await db.execute(sql`
      INSERT INTO users (id, email, target_language, time_zone, day_time_zone, reminder_time, streak, last_active_date, reminder_next_at)
      SELECT id::uuid, 'bench-remind-' || id || '@example.com', 'es', z.zone, z.zone, '19:00',
             CASE WHEN (n + ${done}) % 3 = 1 THEN 5 ELSE 0 END, date '2026-06-09',
             CASE WHEN n + ${done} <= ${size.due} THEN ${now.toISOString()}::timestamptz - interval '1 minute' ELSE ${now.toISOString()}::timestamptz + (1 + n % 1440) * interval '1 minute' END
        FROM unnest(${`{${ids.join(",")}}`}::text[]) WITH ORDINALITY AS u(id, n)
        CROSS JOIN LATERAL (SELECT (${`{${ZONES.join(",")}}`}::text[])[1 + (n + ${done}) % 3] AS zone) z`);
  }
  // A third of the learners due a look have three cards due.
  await db.execute(sql`
    INSERT INTO word_cards (user_id, language, lemma, due)
    SELECT u.id, 'es', 'w' || i, ${now.toISOString()}::timestamptz - interval '1 day'
      FROM (SELECT id FROM users WHERE reminder_next_at <= ${now.toISOString()}::timestamptz AND email LIKE 'bench-remind-%' ORDER BY id) u
      CROSS JOIN generate_series(1, 3) AS i
     WHERE ('x' || substr(u.id::text, 1, 8))::bit(32)::int % 3 = 0`);
  await db.execute(sql`ANALYZE`);
  console.log(`\nReminder pass (${engine}): ${fmtInt(size.learners)} learners, ${fmtInt(size.due)} due a look now, in batches of ${BATCH}; fill ${seconds(started)}`);

  const batches: number[] = [];
  let looked = 0;
  let reminders = 0;
  const passStarted = performance.now();
  for (;;) {
    const t0 = performance.now();
    const batch = await passBatch(db, now, BATCH);
    batches.push(performance.now() - t0);
    looked += batch.looked;
    reminders += batch.outgoing.length;
    if (batch.looked < BATCH) break;
  }
  const passMs = performance.now() - passStarted;
  const s = stats(batches);
  const v = verdict(engine, "reminders", "one batch of 200 learners", s, target);
  console.log(`  ${"one batch of 200: lock, news, log rows, next looks".padEnd(58)} ${p50p95(s)}  ${v} (target p95 < ${target} ms)`);
  console.log(`  the whole pass: ${fmtInt(looked)} learners looked at, ${fmtInt(reminders)} reminders to send, in ${(passMs / 1000).toFixed(2)} s`);
  const base = await timeRuns(Math.min(batches.length, 50), 3, () =>
    db.execute(sql`SELECT id FROM users WHERE reminder_next_at <= ${now.toISOString()}::timestamptz + interval '1 day' ORDER BY reminder_next_at LIMIT ${BATCH}`),
  );
  console.log(`  ${"baseline: 200 ids by the same index".padEnd(58)} ${p50p95(stats(base.samples))}  (baseline)`);
  console.log(`  total ${seconds(started)}; figures in ms: p50 / p95`);
}

/**
 * `npm run bench`: speed goals that tests must not time. Fills a fresh database with 100,000
 * videos and measures case-insensitive title/description search (SPEC §5 "Video search").
 * Runs on PGlite, and on Postgres too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { resultRows, type DbHandle } from "@/db/client";
import { createScratchPglite, createScratchPostgres } from "@/db/scratch";

const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 100_000);
const QUERIES = ["madrid", "LYON", "Café", "berlin station", "zzzz-no-match"];
const RUNS = 20;

const WORDS = "coffee market station museum beach river mountain kitchen garden train airport bakery theatre library castle harbour festival recipe weather family".split(" ");
const CITIES = "Madrid Lyon Berlin Rome Lisbon Stockholm Tokyo Beijing Sevilla Paris Munich Naples Porto Kyoto".split(" ");

// Constant word lists, inlined as array literals.
const arr = (items: string[]) => sql.raw(`ARRAY[${items.map((w) => `'${w.replace(/'/g, "''")}'`).join(",")}]`);

async function fill(handle: DbHandle) {
  const w = arr(WORDS);
  const c = arr(CITIES);
  await handle.db.execute(sql`
    INSERT INTO videos (title, description, youtube_id, status, target_language, processing_progress)
    SELECT
      initcap((${w})[1 + (g % ${WORDS.length})]) || ' in ' || (${c})[1 + (g * 7 % ${CITIES.length})] || ' #' || g,
      'A short lesson about ' || (${w})[1 + (g * 3 % ${WORDS.length})] || ' and ' || (${w})[1 + (g * 5 % ${WORDS.length})] || ' near ' || (${c})[1 + (g % ${CITIES.length})] || CASE WHEN g % 997 = 0 THEN ' with a café stop' ELSE '' END,
      substr(md5(g::text), 1, 11),
      'active', 'es', 100
    FROM generate_series(1, ${VIDEOS}) AS g
  `);
  await handle.db.execute(sql`ANALYZE videos`);
}

async function measure(handle: DbHandle, label: string) {
  console.log(`\n${label}: ${VIDEOS.toLocaleString()} videos`);
  const started = performance.now();
  await fill(handle);
  console.log(`  fill: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  for (const q of QUERIES) {
    const pattern = `%${q}%`;
    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const rows = await handle.db.execute(
        sql`SELECT id, title FROM videos WHERE title ILIKE ${pattern} OR description ILIKE ${pattern} ORDER BY created_at DESC, id DESC LIMIT 20`,
      );
      times.push(performance.now() - t0);
      hits = resultRows(rows).length;
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(RUNS / 2)]!;
    const p95 = times[Math.floor(RUNS * 0.95) - 1]!;
    console.log(`  search ${JSON.stringify(q).padEnd(18)} ${String(hits).padStart(2)} hits  p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms`);
  }
}

async function main() {
  const pglite = await createScratchPglite();
  try {
    await measure(pglite, "PGlite (embedded)");
  } finally {
    await pglite.dispose();
  }

  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const pg = await createScratchPostgres(serverUrl, { prefix: "lingoreel_bench", poolSize: 2 });
    try {
      await measure(pg, "Postgres");
    } finally {
      await pg.dispose();
    }
  } else {
    console.log("\n(Set BENCH_DATABASE_URL to measure Postgres too.)");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

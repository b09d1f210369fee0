/**
 * Header search (SPEC §5 "Video search") over BENCH_VIDEOS videos (default 100,000): the product's
 * `searchVideoCards` against the old naive single query, for rare, common and missing terms.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { resultRows, type DbOrTx } from "@/db/client";
import { searchVideoCards } from "@/db/queries/videos";
import { PUBLISHED_STATUSES } from "@/db/schema";
import {
  envInt,
  explainCall,
  explainMode,
  fmtInt,
  p50p95,
  roundTrip,
  seconds,
  stats,
  timeRuns,
  verdict,
  type BenchDb,
  type Stats,
} from "./util";

const WORDS = "coffee market station museum beach river mountain kitchen garden train airport bakery theatre library castle harbour festival recipe weather family".split(" ");
const CITIES = "Madrid Lyon Berlin Rome Lisbon Stockholm Tokyo Beijing Sevilla Paris Munich Naples Porto Kyoto".split(" ");
const CATEGORIES = ["Travel", "Food", "Culture", "Music", "History", "Nature", "Daily Life", "Sports", "Science", "Business"];
const LANGUAGES = ["es", "es", "es", "fr", "fr", "de", "it", "pt", "ja", "sv"];

/** How often each term matches follows from the generator below (all counts are printed). */
const TERMS: { term: string; kind: string }[] = [
  { term: "Flamenco", kind: "rare, title" }, // every 1009th title
  { term: "café", kind: "rare, description" }, // every 997th description
  { term: "station in berlin", kind: "uncommon, title" }, // 1 title in 140
  { term: "LYON", kind: "common, title+desc" }, // 1 title in 14, 1 description in 14
  { term: "lesson", kind: "every description" },
  { term: "in", kind: "every title, 2 chars" }, // too short for a trigram
  { term: "zzzz-no-match", kind: "no match" },
];

const SEARCHER_ID = "00000000-0000-4000-8000-00000000b3c4";
const LIMIT = 20;

// Constant word lists, inlined as array literals.
const arr = (items: string[]) => sql.raw(`ARRAY[${items.map((w) => `'${w.replace(/'/g, "''")}'`).join(",")}]`);
const published = sql.raw(`(${PUBLISHED_STATUSES.map((s) => `'${s}'`).join(", ")})`);

/** The product's escaping of a search term (db/queries/videos.ts containsPattern). */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function fillSearch(handle: BenchDb, videos: number, wordsPerVideo: number): Promise<void> {
  const { db } = handle;
  await db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO categories (name) SELECT unnest(${arr(CATEGORIES)})`);
    await tx.execute(sql`
      INSERT INTO users (id, email, username, role, native_language, target_language)
      VALUES (${SEARCHER_ID}, 'searcher@bench.test', 'searcher', 'user', 'en', 'es')`);
    const w = arr(WORDS);
    const c = arr(CITIES);
    // Creation times one every 9 minutes (about two years for 100,000); 1 video in 20 unpublished.
    await tx.execute(sql`
      WITH cats AS (SELECT array_agg(id ORDER BY id) AS ids FROM categories)
      INSERT INTO videos (title, description, youtube_id, category_id, status, target_language, processing_progress, duration_ms, created_at)
      SELECT
        CASE WHEN g % 1009 = 0 THEN 'Flamenco night' ELSE initcap((${w})[1 + g % ${WORDS.length}]) END
          || ' in ' || (${c})[1 + (g * 3) % ${CITIES.length}] || ' #' || g,
        'A short lesson about ' || (${w})[1 + (g * 7) % ${WORDS.length}] || ' and ' || (${w})[1 + (g * 11) % ${WORDS.length}]
          || ' near ' || (${c})[1 + (g * 5) % ${CITIES.length}] || CASE WHEN g % 997 = 0 THEN ' with a café stop' ELSE '' END,
        substr(md5(g::text), 1, 11),
        cats.ids[1 + g % array_length(cats.ids, 1)],
        (CASE WHEN g % 20 = 0 THEN 'unpublished' ELSE 'active' END)::video_status,
        (${arr(LANGUAGES)})[1 + g % ${LANGUAGES.length}],
        100,
        60000 + (g % 600) * 1000,
        now() - (${videos} - g) * interval '9 minutes'
      FROM generate_series(1, ${videos}) AS g, cats`);
    await tx.execute(sql`INSERT INTO video_categories (video_id, category_id) SELECT id, category_id FROM videos`);
    if (wordsPerVideo > 0) {
      await tx.execute(sql`
        INSERT INTO words (video_id, word, context, timestamp_ms, quiz_time_ms)
        SELECT v.id, 'palabra' || k, 'contexto ' || k, k * 4000, k * 4000 + 800
        FROM videos v CROSS JOIN generate_series(1, ${wordsPerVideo}) AS k`);
    }
  });
  await db.execute(sql`VACUUM ANALYZE`);
}

/** The old code's single query, ranked as it would need to be: title matches first, then newest. */
function naiveSearch(db: DbOrTx, term: string) {
  const p = containsPattern(term);
  return db.execute(sql`
    SELECT v.id, v.youtube_id, v.title, v.description, v.thumbnail, v.category_id, c.name AS category_name,
      coalesce((SELECT json_agg(json_build_object('id', c2.id, 'name', c2.name) ORDER BY c2.name)
        FROM video_categories vc JOIN categories c2 ON c2.id = vc.category_id WHERE vc.video_id = v.id), '[]'::json) AS categories,
      v.target_language, v.status, v.processing_progress, v.duration_ms, v.media_path,
      (SELECT count(*)::int FROM words w WHERE w.video_id = v.id) AS total_words,
      coalesce((SELECT vp.words_learned FROM video_progress vp WHERE vp.video_id = v.id AND vp.user_id = ${SEARCHER_ID}), 0) AS words_learned,
      coalesce((SELECT vp.progress_percent FROM video_progress vp WHERE vp.video_id = v.id AND vp.user_id = ${SEARCHER_ID}), 0) AS progress_percent,
      v.created_at, v.updated_at
    FROM videos v LEFT JOIN categories c ON c.id = v.category_id
    WHERE v.status IN ${published} AND (v.title ILIKE ${p} OR v.description ILIKE ${p})
    ORDER BY (v.title ILIKE ${p}) DESC, v.created_at DESC, v.id DESC
    LIMIT ${LIMIT}`);
}

const productSearch = (db: DbOrTx, term: string) => searchVideoCards(db, { userId: SEARCHER_ID, term, limit: LIMIT, publishedOnly: true });

async function matchCounts(db: DbOrTx, term: string): Promise<{ title: number; descOnly: number }> {
  const p = containsPattern(term);
  const rows = resultRows<{ title: number; desc_only: number }>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE title ILIKE ${p})::int AS title,
             count(*) FILTER (WHERE NOT title ILIKE ${p} AND description ILIKE ${p})::int AS desc_only
      FROM videos WHERE status IN ${published}`),
  );
  return { title: rows[0]?.title ?? 0, descOnly: rows[0]?.desc_only ?? 0 };
}

export async function benchSearch(handle: BenchDb, engine: string, targetP95: number): Promise<void> {
  const videos = envInt("BENCH_VIDEOS", 100_000);
  const runs = envInt("BENCH_SEARCH_RUNS", 30);
  const wordsPerVideo = envInt("BENCH_SEARCH_WORDS_PER_VIDEO", 3);
  const scenario = "search";
  console.log(`\n${engine} · header search: ${fmtInt(videos)} videos (1 in 20 unpublished), ${wordsPerVideo} words each`);
  const started = performance.now();
  await fillSearch(handle, videos, wordsPerVideo);
  console.log(`  fill + VACUUM ANALYZE: ${seconds(started)}`);
  const floor = await roundTrip(handle.db, 50);
  console.log(`  round-trip floor (SELECT 1): p50 ${floor.p50.toFixed(2)} ms, p95 ${floor.p95.toFixed(2)} ms`);
  console.log(`  ${runs} timed runs per figure after 2 warm-up runs, product and baseline alternating; p50 / p95 in ms; target p95 < ${targetP95} ms`);
  console.log(`  product = searchVideoCards(db, { userId, term, limit: ${LIMIT}, publishedOnly: true }) (title query, then description query if < ${LIMIT})`);
  console.log(`  baseline = naive single query: WHERE title ILIKE p OR description ILIKE p ORDER BY (title ILIKE p) DESC, created_at DESC LIMIT ${LIMIT}`);
  console.log(
    `  ${"term".padEnd(19)} ${"kind".padEnd(21)} ${"matches (title+desc)".padStart(21)}  ${"product p50 / p95".padStart(17)}  ${"baseline p50 / p95".padStart(18)}  same rows  target`,
  );

  const misses: string[] = [];
  for (const { term, kind } of TERMS) {
    const counts = await matchCounts(handle.db, term);
    // Alternating the two calls lets passing load on the machine hit both alike.
    const product: number[] = [];
    const baseline: number[] = [];
    let productIds = "";
    let baselineIds = "";
    for (let i = 0; i < runs + 2; i++) {
      const p = await timeRuns(1, 0, () => productSearch(handle.db, term));
      const b = await timeRuns(1, 0, async () => resultRows<{ id: number }>(await naiveSearch(handle.db, term)));
      if (i >= 2) {
        product.push(...p.samples);
        baseline.push(...b.samples);
      }
      productIds = (p.last ?? []).map((r) => r.id).join(",");
      baselineIds = (b.last ?? []).map((r) => Number(r.id)).join(",");
    }
    const productStats: Stats = stats(product);
    const baselineStats: Stats = stats(baseline);
    const v = verdict(engine, scenario, `search ${JSON.stringify(term)}`, productStats, targetP95);
    if (v !== "ok") misses.push(term);
    const matches = `${fmtInt(counts.title)}+${fmtInt(counts.descOnly)}`;
    console.log(
      `  ${JSON.stringify(term).padEnd(19)} ${kind.padEnd(21)} ${matches.padStart(21)}  ${p50p95(productStats)}  ${p50p95(baselineStats)}   ${productIds === baselineIds ? "yes" : "NO "}      ${v}`,
    );
  }

  const mode = explainMode();
  const explainTerms = mode === "all" ? TERMS.map((t) => t.term) : mode === "miss" ? misses : [];
  for (const term of explainTerms) {
    console.log(`\n    EXPLAIN ANALYZE, product search ${JSON.stringify(term)} (${engine}):`);
    console.log(await explainCall(handle, (db) => productSearch(db, term)));
  }
}

/**
 * Home screen lists and stats (SPEC §2, §7) with many learners: the real service functions the
 * endpoints call, on data made with set-based SQL (generate_series), VACUUM ANALYZEd afterwards.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { resultRows, type DbOrTx } from "@/db/client";
import { getUserById } from "@/db/queries/users";
import type { User } from "@/db/schema";
import { listFavorites } from "@/lib/services/favorites";
import { getDailyProgress, getStats } from "@/lib/services/progress";
import { listCategoriesFor, listInProgress, listPopular, listRecommended } from "@/lib/services/videos";
import { listQuerySchema, type ListQuery } from "@/lib/validation/videos";
import {
  envInt,
  explainCall,
  explainMode,
  fmtInt,
  inRolledBackTransaction,
  ms,
  p50p95,
  roundTrip,
  seconds,
  stats,
  timeRuns,
  verdict,
  type BenchDb,
  type Stats,
} from "./util";

export type HomeSizes = {
  learners: number;
  videos: number;
  /** Wanted video_progress rows; the actual count is printed (per-learner counts are long-tailed, ~0 to 3× the average). */
  progressRows: number;
  wordsPerVideo: number;
  /** Per learner: words answered in this many of their videos (user_word_progress). */
  answeredVideos: number;
};

const CATEGORIES = ["Travel", "Food", "Culture", "Music", "History", "Nature", "Daily Life", "Sports", "Science", "Business"];
// Videos by language: mostly Spanish, French and German, a few in the learners' own English.
const VIDEO_LANGUAGES = "es es es es es es es fr fr fr de de de it it pt pt ja sv en".split(" ");
const TARGET_LANGUAGES = "es es es es fr fr de it pt ja".split(" ");
const TIME_ZONES = ["UTC", "Europe/Madrid", "America/New_York", "Asia/Tokyo"];

const arr = (items: string[]) => sql.raw(`ARRAY[${items.map((w) => `'${w.replace(/'/g, "''")}'`).join(",")}]`);

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** A stride coprime with n, so `(offset + k * stride) % n` visits n distinct values for k < n. */
const strideFor = (n: number, near: number) => {
  let s = near;
  while (gcd(s, n) !== 1) s++;
  return s;
};

export async function fillHome(handle: BenchDb, size: HomeSizes): Promise<string[]> {
  const { learners: L, videos: V, wordsPerVideo: W } = size;
  const avg = size.progressRows / L;
  const step = strideFor(V, 7919 % V || 1);
  const favStep = strideFor(V, 37 % V || 1);
  // Learner u has n(u) started videos: avg·(0.003 + 2.991·x²) for x spread evenly over [0, 1] (mean ≈ avg):
  // a long tail of light learners (the lightest started 3, a third under 0.3× the average) and a few
  // who started most of the catalogue.
  const perLearner = sql`greatest(1, least(${V}, round(${avg}::float8 * (0.003 + 2.991 * power(((u * 7919) % 1000) / 999.0, 2)))))::int`;
  const times: string[] = [];
  const step_ = async (label: string, run: () => Promise<unknown>) => {
    const t0 = performance.now();
    await run();
    times.push(`${label} ${seconds(t0)}`);
  };
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT setseed(0.42)`);
    await step_("users", () =>
      tx.execute(sql`
        INSERT INTO users (id, email, username, first_name, role, native_language, target_language, daily_goal, time_zone,
                           streak, longest_streak, last_active_date, total_quizzes, total_words_learned, last_login_date, created_at)
        SELECT md5('bench-learner-' || u)::uuid, 'learner' || u || '@bench.test', 'learner' || u, 'Learner ' || u, 'user', 'en',
          (${arr(TARGET_LANGUAGES)})[1 + u % ${TARGET_LANGUAGES.length}],
          (ARRAY[10, 20, 30, 50])[1 + u % 4],
          (${arr(TIME_ZONES)})[1 + u % ${TIME_ZONES.length}],
          u % 15, u % 15 + u % 40, current_date - (u % 3), 50 + (u * 37) % 2000, 20 + (u * 13) % 800,
          now() - (u % 72) * interval '1 hour', now() - (u % 400) * interval '1 day'
        FROM generate_series(1, ${L}) AS u`),
    );
    await step_("videos", async () => {
      await tx.execute(sql`INSERT INTO categories (name) SELECT unnest(${arr(CATEGORIES)})`);
      // One every 4 hours; 1 in 25 unpublished and 1 in 50 still processing.
      await tx.execute(sql`
        WITH cats AS (SELECT array_agg(id ORDER BY id) AS ids FROM categories)
        INSERT INTO videos (youtube_id, title, description, category_id, target_language, status, processing_progress, duration_ms, created_at)
        SELECT substr(md5('video' || g), 1, 11), 'Lesson ' || g, 'A lesson for learners, number ' || g,
          cats.ids[1 + g % array_length(cats.ids, 1)],
          (${arr(VIDEO_LANGUAGES)})[1 + (g * 7) % ${VIDEO_LANGUAGES.length}],
          (CASE WHEN g % 25 = 0 THEN 'unpublished' WHEN g % 50 = 1 THEN 'processing' ELSE 'active' END)::video_status,
          CASE WHEN g % 50 = 1 THEN 40 ELSE 100 END,
          60000 + (g % 900) * 1000,
          now() - (${V} - g) * interval '4 hours'
        FROM generate_series(1, ${V}) AS g, cats`);
      // Every video in its primary category, every third one in a second category too.
      await tx.execute(sql`
        WITH cats AS (SELECT array_agg(id ORDER BY id) AS ids FROM categories)
        INSERT INTO video_categories (video_id, category_id)
        SELECT v.id, v.category_id FROM videos v
        UNION
        SELECT v.id, cats.ids[1 + (v.id * 3 + 1) % array_length(cats.ids, 1)] FROM videos v, cats WHERE v.id % 3 = 0`);
    });
    await step_("words", () =>
      tx.execute(sql`
        INSERT INTO words (video_id, word, context, timestamp_ms, quiz_time_ms)
        SELECT v.id, 'palabra' || k, 'contexto de la palabra ' || k, k * 6000, k * 6000 + 900
        FROM videos v CROSS JOIN generate_series(1, ${W}) AS k`),
    );
    // Each learner's videos: offset + k·stride (mod V), distinct for k < V; watched within the last year.
    const learnerVideos = sql`
      (SELECT md5('bench-learner-' || u)::uuid AS user_id, u, (u * 104729) % ${V} AS off, ${perLearner} AS n
       FROM generate_series(1, ${L}) AS u) AS l`;
    const vmin = sql`(SELECT min(id) FROM videos)`;
    await step_("video_progress", () =>
      tx.execute(sql`
        INSERT INTO video_progress (user_id, video_id, position_ms, words_learned, progress_percent, completed, last_watched_at)
        SELECT l.user_id, ${vmin} + (l.off + k * ${step}) % ${V},
          (random() * 600000)::int, wl, (wl * 100) / ${W}, wl = ${W},
          now() - random() * interval '365 days'
        FROM ${learnerVideos}
        CROSS JOIN LATERAL generate_series(0, l.n - 1) AS k
        CROSS JOIN LATERAL (SELECT ((k * 7 + l.u) % ${W + 1})::int AS wl) AS p`),
    );
    await step_("user_word_progress", () =>
      tx.execute(sql`
        INSERT INTO user_word_progress (user_id, video_id, word_key, learned, correct_count, incorrect_count, last_answered_at)
        SELECT l.user_id, w.video_id, lower(w.word), random() < 0.6, 1 + (random() * 4)::int, (random() * 3)::int, now() - random() * interval '365 days'
        FROM ${learnerVideos}
        CROSS JOIN LATERAL generate_series(0, least(l.n, ${size.answeredVideos}) - 1) AS k
        JOIN words w ON w.video_id = ${vmin} + (l.off + k * ${step}) % ${V}`),
    );
    await step_("daily_progress", () =>
      tx.execute(sql`
        INSERT INTO daily_progress (user_id, day, quizzes_completed, correct_answers)
        SELECT md5('bench-learner-' || u)::uuid, current_date - d, 1 + (u * 31 + d * 17) % 12, ((1 + (u * 31 + d * 17) % 12) * 7) / 10
        FROM generate_series(1, ${L}) AS u CROSS JOIN generate_series(0, 364) AS d
        WHERE (u * 7 + d * 13) % 20 < 7`),
    );
    await step_("favorites", () =>
      tx.execute(sql`
        INSERT INTO favorites (user_id, video_id, created_at)
        SELECT md5('bench-learner-' || u)::uuid, ${vmin} + ((u * 613) % ${V} + j * ${favStep}) % ${V}, now() - random() * interval '365 days'
        FROM generate_series(1, ${L}) AS u CROSS JOIN LATERAL generate_series(0, least(${V}, 5 + u % 40) - 1) AS j`),
    );
  });
  await step_("VACUUM ANALYZE", () => handle.db.execute(sql`VACUUM ANALYZE`));
  return times;
}

type Endpoint = {
  name: string;
  call: (db: DbOrTx, user: User, query: ListQuery) => Promise<unknown>;
  /** The same call measured with an index dropped (baseline) or added (what-if), in a rolled-back transaction. */
  compare?: { kind: "baseline" | "what-if"; label: string; prepare: (tx: DbOrTx) => Promise<unknown> }[];
};

const count = (r: unknown) => (Array.isArray(r) ? r.length : 1);

export async function benchHome(handle: BenchDb, engine: string, size: HomeSizes, targetP95: number, note?: string): Promise<void> {
  const runs = envInt("BENCH_HOME_RUNS", 30);
  const baselineRuns = envInt("BENCH_HOME_BASELINE_RUNS", 10);
  const sampleSize = Math.max(1, Math.min(size.learners, envInt("BENCH_HOME_SAMPLE", 5)));
  const scenario = "home";
  console.log(
    `\n${engine} · home screen: ${fmtInt(size.learners)} learners, ${fmtInt(size.videos)} videos × ${size.wordsPerVideo} words, ~${fmtInt(size.progressRows)} video_progress rows wanted`,
  );
  if (note) console.log(`  NOTE: ${note}`);
  const started = performance.now();
  const times = await fillHome(handle, size);
  console.log(`  fill: ${seconds(started)} (${times.join(", ")})`);

  const db = handle.db;
  const counts = resultRows<Record<string, number>>(
    await db.execute(sql`
      SELECT (SELECT count(*) FROM video_progress)::int AS progress,
             (SELECT count(*) FROM video_progress WHERE last_watched_at > now() - interval '30 days')::int AS recent,
             (SELECT count(DISTINCT video_id) FROM video_progress WHERE last_watched_at > now() - interval '30 days')::int AS recent_videos,
             (SELECT count(*) FROM user_word_progress)::int AS word_progress,
             (SELECT count(*) FROM daily_progress)::int AS days,
             (SELECT count(*) FROM favorites)::int AS favorites,
             (SELECT count(*) FROM video_categories)::int AS video_categories,
             (SELECT count(*) FROM videos WHERE status = 'active')::int AS published`),
  )[0]!;
  console.log(
    `  rows: video_progress ${fmtInt(counts.progress!)} (${fmtInt(counts.recent!)} = ${((100 * counts.recent!) / counts.progress!).toFixed(1)}% in the 30-day window, over ${fmtInt(counts.recent_videos!)} videos), ` +
      `user_word_progress ${fmtInt(counts.word_progress!)}, daily_progress ${fmtInt(counts.days!)}, favorites ${fmtInt(counts.favorites!)}, ` +
      `video_categories ${fmtInt(counts.video_categories!)}, published videos ${fmtInt(counts.published!)}`,
  );

  // A handful of learners spread over the range of started videos: the lightest, quartiles, the heaviest.
  const byLoad = resultRows<{ user_id: string; n: number }>(
    await db.execute(sql`SELECT u.id AS user_id, count(vp.video_id)::int AS n FROM users u LEFT JOIN video_progress vp ON vp.user_id = u.id GROUP BY u.id ORDER BY n, u.id`),
  );
  const picks = new Map<string, number>();
  for (let i = 0; i < sampleSize; i++) {
    const row = byLoad[sampleSize === 1 ? byLoad.length - 1 : Math.round((i * (byLoad.length - 1)) / (sampleSize - 1))];
    if (row) picks.set(row.user_id, row.n);
  }
  const sample: User[] = [];
  for (const id of picks.keys()) {
    const user = await getUserById(db, { id });
    if (!user) throw new Error(`bench learner ${id} is missing`);
    sample.push(user);
  }
  const categoryId = resultRows<{ id: number }>(await db.execute(sql`SELECT min(id)::int AS id FROM categories`))[0]!.id;
  // What the home screen sends: the learner's own language, and optionally the category strip's choice.
  const queryFor = (user: User) => listQuerySchema.parse({ nativeLanguage: user.nativeLanguage ?? undefined });

  const dropWindowIndex = (tx: DbOrTx) => tx.execute(sql`DROP INDEX video_progress_recent_video_idx`);
  const endpoints: Endpoint[] = [
    {
      name: "popular         listPopular",
      call: (d, u, q) => listPopular(d, u, q),
      compare: [{ kind: "baseline", label: "same call, window index video_progress_recent_video_idx dropped", prepare: dropWindowIndex }],
    },
    {
      name: "popular ?cat    listPopular",
      call: (d, u, q) => listPopular(d, u, { ...q, categoryId }),
      compare: [{ kind: "baseline", label: "same call, window index dropped", prepare: dropWindowIndex }],
    },
    { name: "recommended     listRecommended", call: (d, u, q) => listRecommended(d, u, q) },
    { name: "recommended ?cat", call: (d, u, q) => listRecommended(d, u, { ...q, categoryId }) },
    {
      name: "progress-videos listInProgress",
      call: (d, u, q) => listInProgress(d, u, q),
      compare: [
        {
          kind: "baseline",
          label: "same call, per-user index as first shipped (user_id, last_watched_at DESC NULLS LAST)",
          prepare: async (tx) => {
            await tx.execute(sql`DROP INDEX video_progress_user_recent_idx`);
            await tx.execute(sql`CREATE INDEX bench_old_vp_user_recent_idx ON video_progress (user_id, last_watched_at DESC NULLS LAST)`);
          },
        },
      ],
    },
    { name: "favorites       listFavorites", call: (d, u) => listFavorites(d, u) },
    { name: "daily-progress  getDailyProgress", call: (d, u) => getDailyProgress(d, u) },
    { name: "stats   getUserById + getStats", call: async (d, u) => getStats((await getUserById(d, { id: u.id }))!) },
    { name: "categories      listCategoriesFor", call: (d, u) => listCategoriesFor(d, u) },
  ];

  const floor = await roundTrip(db, 50);
  const userLoad = await timeRuns(runs, 2, (i) => getUserById(db, { id: sample[i % sample.length]!.id }));
  console.log(`  round-trip floor (SELECT 1): p50 ${floor.p50.toFixed(2)} ms, p95 ${floor.p95.toFixed(2)} ms; getUserById (every request's user row): p50 ${stats(userLoad.samples).p50.toFixed(2)} ms`);
  console.log(
    `  ${sample.length} learners with ${[...picks.values()].join(", ")} started videos; ${runs} timed runs each after 2 warm-up runs = ${sample.length * runs} samples per endpoint`,
  );
  console.log(`  baselines / what-ifs: ${baselineRuns} runs × ${sample.length} learners inside a transaction that is rolled back (ANALYZE not re-run)`);
  console.log(`  ${"endpoint      service call".padEnd(34)} ${"rows".padStart(5)}  ${"p50 /     p95".padStart(15)}  target p95 < ${targetP95} ms   worst learner p95`);

  const misses: Endpoint[] = [];
  const worstUser = new Map<Endpoint, User>();
  for (const ep of endpoints) {
    const perUser = new Map<string, number[]>(sample.map((u) => [u.id, []]));
    let rows = 0;
    for (let r = 0; r < runs + 2; r++) {
      for (const user of sample) {
        const t0 = performance.now();
        const result = await ep.call(db, user, queryFor(user));
        const dt = performance.now() - t0;
        if (r >= 2) perUser.get(user.id)!.push(dt);
        rows = Math.max(rows, count(result));
      }
    }
    const s: Stats = stats([...perUser.values()].flat());
    const worst = [...perUser.entries()].map(([id, t]) => ({ id, n: picks.get(id) ?? 0, p95: stats(t).p95 })).sort((a, b) => b.p95 - a.p95)[0];
    if (worst) worstUser.set(ep, sample.find((u) => u.id === worst.id)!);
    const item = ep.name.split(/\s+/)[0]! + (ep.name.includes("?cat") ? " ?categoryId" : "");
    const v = verdict(engine, scenario, item, s, targetP95);
    if (v !== "ok") misses.push(ep);
    const worstText = worst ? `${ms(worst.p95)} ms (learner with ${worst.n} started)` : "";
    console.log(`  ${ep.name.padEnd(34)} ${String(rows).padStart(5)}  ${p50p95(s)}  ${v.padEnd(16)}  ${worstText}`);
    for (const c of baselineRuns > 0 ? (ep.compare ?? []) : []) {
      const cs = await inRolledBackTransaction(db, async (tx) => {
        await c.prepare(tx);
        const b: number[] = [];
        for (let r = 0; r < baselineRuns + 1; r++) {
          for (const user of sample) {
            const t0 = performance.now();
            await ep.call(tx, user, queryFor(user));
            if (r >= 1) b.push(performance.now() - t0);
          }
        }
        return stats(b);
      });
      console.log(`    ${`${c.kind}:`.padEnd(32)} ${"".padStart(5)}  ${p50p95(cs)}  ${c.label}`);
    }
  }

  // The whole home screen at once, as the browser asks for it (informational: the pool has 2 connections).
  const burst: number[] = [];
  for (let r = 0; r < runs + 2; r++) {
    for (const user of sample) {
      const q = queryFor(user);
      const t0 = performance.now();
      await Promise.all([
        listInProgress(db, user, q),
        listPopular(db, user, q),
        listRecommended(db, user, q),
        getDailyProgress(db, user),
        getUserById(db, { id: user.id }).then((u) => getStats(u!)),
        listCategoriesFor(db, user),
      ]);
      if (r >= 2) burst.push(performance.now() - t0);
    }
  }
  console.log(`  ${"whole home screen, 6 calls at once".padEnd(33)} ${"".padStart(5)}  ${p50p95(stats(burst))}  (info)`);

  const mode = explainMode();
  const toExplain = mode === "all" ? endpoints : mode === "miss" ? misses : [];
  for (const ep of toExplain) {
    const user = worstUser.get(ep) ?? sample[0]!;
    console.log(`\n    EXPLAIN ANALYZE, ${ep.name.replace(/\s+/g, " ")} for the worst learner (${picks.get(user.id)} started videos) (${engine}):`);
    console.log(await explainCall(handle, (d) => ep.call(d, user, queryFor(user)) as Promise<unknown>));
  }
}

/**
 * The API's own overhead (issue 18 §2): autocannon against the production server (`npm start`)
 * on a fresh database with the demo content, calling as the demo learner with a bearer token.
 * Each authenticated read is measured beside `GET /api/health` (one `select 1`) from the same
 * server and run: at one connection (p50, p99: the cost of one request) and at 50 connections
 * (requests per second, its ratio to health's, and p99: the cost under load). The two alternate
 * in short rounds and each figure is the median over the rounds (see measurePair).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ANON_KEY, api, learnerToken, startApp, type AppServer } from "./app-server";
import { envInt } from "./util";

/** The reads the issue names; ids as the seeded demo has them. */
export const API_ROUTES = [
  "/api/videos/1/captions",
  "/api/videos?search=caf",
  "/api/users/daily-progress",
  "/api/words/1/quiz?nativeLanguage=en",
];

export type ApiTargets = { ratio: number; tail: number };

type Run = { p50: number; p99: number; rps: number; errors: number };
type Figures = { one: Run; many: Run };
/** A route and health from the same rounds; ratio: the median of the rounds' route ÷ health requests/s at 50 connections. */
type Pair = { route: Figures; health: Figures; ratio: number };

export type ApiVerdict = { engine: string; route: string; ratio: number; tailRatio: number; ok: boolean };
export const apiVerdicts: ApiVerdict[] = [];

async function load(url: string, token: string | undefined, connections: number, duration: number): Promise<Run> {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: token ? { authorization: `Bearer ${token}`, apikey: ANON_KEY } : {},
  });
  const good = result["2xx"];
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: good / result.duration,
    errors: result.non2xx + result.errors,
  };
}

/** The middle value (the mean of the middle two for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * A route against health in alternating short runs (health, route, health, route, …) at one
 * connection and then at 50: other work on the machine moves both alike within a round, so the
 * median of the rounds' ratios holds still where a single long run of each would not.
 */
async function measurePair(healthUrl: string, url: string, token: string): Promise<Pair> {
  const rounds = Math.max(1, envInt("BENCH_API_ROUNDS", 5));
  // At 50 connections a run must outlast many requests' latency, or it counts few answers.
  const seconds = Math.max(1, envInt("BENCH_API_SECONDS", 5));
  const side = async (connections: number) => {
    const route: Run[] = [];
    const health: Run[] = [];
    for (let i = 0; i < rounds; i++) {
      health.push(await load(healthUrl, undefined, connections, seconds));
      route.push(await load(url, token, connections, seconds));
    }
    const med = (runs: Run[]): Run => ({
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      rps: median(runs.map((r) => r.rps)),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
    });
    // A round in which health answered nothing in time (a stalled machine) says nothing.
    const ratios = route.flatMap((r, i) => (health[i]!.rps > 0 ? [r.rps / health[i]!.rps] : []));
    return { route: med(route), health: med(health), ratio: ratios.length > 0 ? median(ratios) : NaN };
  };
  const one = await side(1);
  const many = await side(50);
  return { route: { one: one.route, many: many.route }, health: { one: one.health, many: many.health }, ratio: many.ratio };
}

const f0 = (v: number, w: number) => v.toFixed(0).padStart(w);
const f1 = (v: number, w: number) => v.toFixed(1).padStart(w);

/** Runs the scenario against one engine: `env` points the server at its database. */
export async function benchApi(engine: string, env: Record<string, string>, targets: ApiTargets): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lingoreel-bench-api-"));
  let app: AppServer | undefined;
  try {
    app = await startApp({
      env: { DATA_DIR: dataDir, ...env },
      prepare: "scripts/bench/api-seed.ts",
      port: process.env.BENCH_API_PORT ? envInt("BENCH_API_PORT", 0) : undefined,
      nodeArgs: process.env.BENCH_API_NODE_ARGS?.split(/\s+/).filter(Boolean),
    });
    const token = await learnerToken(app.baseURL);
    // Each route answers the learner before it is timed.
    for (const route of API_ROUTES) await api(app.baseURL, route, { token });
    console.log(`\n${engine} · API overhead: autocannon against \`npm start\`, as the demo learner (bearer token)`);
    console.log(`  c=1: one connection, latency ms; c=50: 50 connections, requests/s (× health's) and p99 ms; medians of ${envInt("BENCH_API_ROUNDS", 5)} alternating rounds of ${envInt("BENCH_API_SECONDS", 5)} s`);
    console.log(`  ${"route".padEnd(38)} ${"c=1 p50".padStart(8)} ${"p99".padStart(6)}  ${"c=50 rps".padStart(8)} ${"× health".padStart(8)} ${"p99".padStart(6)} ${"p99/p50".padStart(7)}  target`);

    const healthUrl = `${app.baseURL}/api/health`;
    // Warm: Next loads a route's code on its first request, and V8 compiles the hot paths.
    for (const url of [healthUrl, ...API_ROUTES.map((r) => `${app!.baseURL}${r}`)]) await load(url, token, 50, 3);
    const rows: { route: string; pair: Pair }[] = [];
    for (const route of API_ROUTES) rows.push({ route, pair: await measurePair(healthUrl, `${app.baseURL}${route}`, token) });

    const line = (name: string, f: Figures, ratio: number, verdict: string) => {
      const tail = f.many.p99 / Math.max(1, f.many.p50);
      const errors = f.one.errors + f.many.errors;
      console.log(
        `  ${name.padEnd(38)} ${f1(f.one.p50, 8)} ${f1(f.one.p99, 6)}  ${f0(f.many.rps, 8)} ${f1(ratio, 7)}× ${f0(f.many.p99, 6)} ${f1(tail, 6)}×  ${verdict}` +
          (errors > 0 ? `  (${errors} failed requests)` : ""),
      );
    };
    for (const { route, pair } of rows) {
      line("GET /api/health (its rounds)", pair.health, 1, "");
      // The tail under load against the typical request under the same load.
      const tailRatio = pair.route.many.p99 / Math.max(1, pair.route.many.p50);
      const ok = pair.ratio >= targets.ratio && tailRatio <= targets.tail && pair.route.one.errors + pair.route.many.errors === 0;
      apiVerdicts.push({ engine, route, ratio: pair.ratio, tailRatio, ok });
      line(`GET ${route}`, pair.route, pair.ratio, `≥ ${targets.ratio}×, p99 ≤ ${targets.tail}× p50: ${ok ? "ok" : "MISS"}`);
    }
  } finally {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

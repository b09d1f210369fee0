/**
 * The API's own overhead (issue 18 §2): autocannon against the production server (`npm start`)
 * on a fresh database with the demo content, calling as the demo learner with a bearer token.
 * Each authenticated read is measured beside `GET /api/health` (one `select 1`) from the same
 * server and run: at one connection (p50, p99: the cost of one request) and at 50 connections
 * (requests per second, its ratio to health's, and p99: the cost under load).
 * Health is measured before and after the routes; its figures are the mean of the two, and the
 * difference between them shows how much the machine's load moved during the run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { DEMO_ACCOUNTS } from "@/db/seed";
import { startApp, type AppServer } from "./app-server";
import { envInt } from "./util";

const ANON_KEY = "embedded-anon-key";

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

async function measure(url: string, token: string | undefined): Promise<Figures> {
  const seconds = envInt("BENCH_API_SECONDS", 10);
  // Warm: Next loads a route's code on its first request, and V8 compiles the hot paths.
  await load(url, token, 10, 2);
  const one = await load(url, token, 1, Math.max(3, Math.round(seconds / 2)));
  const many = await load(url, token, 50, seconds);
  return { one, many };
}

async function signIn(baseURL: string): Promise<string> {
  const learner = DEMO_ACCOUNTS.find((a) => a.role === "user")!;
  const response = await fetch(`${baseURL}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: ANON_KEY },
    body: JSON.stringify({ email: learner.email, password: learner.password }),
  });
  if (!response.ok) throw new Error(`Signing in the demo learner failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
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
    const token = await signIn(app.baseURL);
    for (const route of API_ROUTES) {
      const check = await fetch(`${app.baseURL}${route}`, { headers: { authorization: `Bearer ${token}`, apikey: ANON_KEY } });
      if (!check.ok) throw new Error(`${route}: ${check.status} ${await check.text()}`);
    }
    console.log(`\n${engine} · API overhead: autocannon against \`npm start\`, as the demo learner (bearer token)`);
    console.log(`  c=1: one connection, latency ms; c=50: 50 connections, requests/s (× health's) and p99 ms`);
    console.log(`  ${"route".padEnd(38)} ${"c=1 p50".padStart(8)} ${"p99".padStart(6)}  ${"c=50 rps".padStart(8)} ${"× health".padStart(8)} ${"p99".padStart(6)} ${"p99/p50".padStart(7)}  target`);

    const healthUrl = `${app.baseURL}/api/health`;
    const before = await measure(healthUrl, undefined);
    const rows: [string, Figures][] = [];
    for (const route of API_ROUTES) rows.push([route, await measure(`${app.baseURL}${route}`, token)]);
    const after = await measure(healthUrl, undefined);
    const mean = (a: Run, b: Run): Run => ({ p50: (a.p50 + b.p50) / 2, p99: (a.p99 + b.p99) / 2, rps: (a.rps + b.rps) / 2, errors: a.errors + b.errors });
    const health: Figures = { one: mean(before.one, after.one), many: mean(before.many, after.many) };

    const line = (name: string, f: Figures, verdict: string) => {
      const ratio = f.many.rps / health.many.rps;
      const tail = f.many.p99 / Math.max(1, f.many.p50);
      const errors = f.one.errors + f.many.errors;
      console.log(
        `  ${name.padEnd(38)} ${f1(f.one.p50, 8)} ${f1(f.one.p99, 6)}  ${f0(f.many.rps, 8)} ${f1(ratio, 7)}× ${f0(f.many.p99, 6)} ${f1(tail, 6)}×  ${verdict}` +
          (errors > 0 ? `  (${errors} failed requests)` : ""),
      );
    };
    line("GET /api/health", health, "");
    for (const [route, f] of rows) {
      const ratio = f.many.rps / health.many.rps;
      // The tail under load against the typical request under the same load.
      const tailRatio = f.many.p99 / Math.max(1, f.many.p50);
      const ok = ratio >= targets.ratio && tailRatio <= targets.tail && f.one.errors + f.many.errors === 0;
      apiVerdicts.push({ engine, route, ratio, tailRatio, ok });
      line(`GET ${route}`, f, `≥ ${targets.ratio}×, p99 ≤ ${targets.tail}× p50: ${ok ? "ok" : "MISS"}`);
    }
    console.log(`  health before / after the routes: ${f0(before.many.rps, 0)} / ${f0(after.many.rps, 0)} requests/s at c=50 (the machine's load drifting)`);
  } finally {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

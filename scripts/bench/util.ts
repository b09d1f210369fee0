/**
 * Shared bits of `npm run bench`: sizes from the environment, timing and percentiles, table
 * output, and EXPLAIN ANALYZE of the SQL a product function actually sends.
 */
import { performance } from "node:perf_hooks";
import { sql, type Logger } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import type { ScratchDb } from "@/db/scratch";
import * as schema from "@/db/schema";

/** A scratch database; Postgres ones also carry their URL (for a second, logging connection). */
export type BenchDb = ScratchDb & { url?: string };

/** A positive whole number from the environment (underscores allowed: BENCH_VIDEOS=100_000). */
export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw.replace(/_/g, ""));
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got ${JSON.stringify(raw)}`);
  return value;
}

export const fmtInt = (n: number) => n.toLocaleString("en-US");
export const seconds = (startedMs: number) => `${((performance.now() - startedMs) / 1000).toFixed(1)} s`;

export type Stats = { n: number; p50: number; p95: number; max: number };

/** Nearest-rank percentiles of the samples (ms). */
export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN;
  return { n: sorted.length, p50: rank(0.5), p95: rank(0.95), max: sorted[sorted.length - 1] ?? NaN };
}

/** Times `fn` `runs` times after `warmup` untimed calls; returns the samples (ms) and the last result. */
export async function timeRuns<T>(runs: number, warmup: number, fn: (i: number) => Promise<T>): Promise<{ samples: number[]; last: T | undefined }> {
  let last: T | undefined;
  for (let i = 0; i < warmup; i++) last = await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await fn(i);
    samples.push(performance.now() - t0);
  }
  return { samples, last };
}

export const ms = (v: number, width = 7) => (Number.isFinite(v) ? v.toFixed(1) : "-").padStart(width);
export const p50p95 = (s: Stats | undefined) => (s ? `${ms(s.p50)} /${ms(s.p95)}` : `${"-".padStart(7)} /${"-".padStart(7)}`);

/** `p95` holds the figure checked against `target`: a p95 in ms unless `unit` says otherwise. */
export type Verdict = { scenario: string; engine: string; item: string; p95: number; target: number; unit?: string };

/** Every target checked in this run, for the closing summary. */
export const verdicts: Verdict[] = [];

export function verdict(engine: string, scenario: string, item: string, s: Stats, target: number): string {
  verdicts.push({ engine, scenario, item, p95: s.p95, target });
  return s.p95 < target ? "ok" : "MISS";
}

/** When to print plans: BENCH_EXPLAIN=all (every measured call), =0 (never), default: target misses only. */
export function explainMode(): "all" | "miss" | "off" {
  const v = (process.env.BENCH_EXPLAIN ?? "miss").toLowerCase();
  if (v === "all" || v === "1") return "all";
  if (v === "0" || v === "off" || v === "none") return "off";
  return "miss";
}

type Captured = { query: string; params: unknown[] };

/**
 * Runs `fn` once against a second drizzle instance that logs its SQL, then EXPLAIN (ANALYZE,
 * BUFFERS)s each statement with the same parameters on the same database. The plans are custom
 * plans for those parameter values (what the first executions of a prepared statement get).
 */
export async function explainCall(handle: BenchDb, fn: (db: Db) => Promise<unknown>): Promise<string> {
  const captured: Captured[] = [];
  const logger: Logger = { logQuery: (query, params) => captured.push({ query, params }) };
  const out: string[] = [];
  if (handle.kind === "pglite" && handle.pglite) {
    const { drizzle } = await import("drizzle-orm/pglite");
    const pglite = handle.pglite;
    await fn(drizzle(pglite, { schema, logger }) as unknown as Db);
    for (const { query, params } of captured) {
      const result = await pglite.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
      out.push(formatPlan(query, params, result.rows.map((r) => Object.values(r)[0] ?? "")));
    }
  } else if (handle.url) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const client = postgres(handle.url, { max: 1, onnotice: () => {} });
    try {
      await fn(drizzle(client, { schema, logger }) as unknown as Db);
      for (const { query, params } of captured) {
        const rows = await client.unsafe(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params as never[]);
        out.push(formatPlan(query, params, rows.map((r) => String(Object.values(r)[0] ?? ""))));
      }
    } finally {
      await client.end({ timeout: 5 });
    }
  } else {
    return "      (no second connection available for EXPLAIN)";
  }
  return out.join("\n");
}

/** Long parameters (a JSON batch of rows) cut to their start and size. */
const shorten = (p: unknown) => (typeof p === "string" && p.length > 160 ? `${p.slice(0, 120)}… (${fmtInt(p.length)} chars)` : p);

function formatPlan(query: string, params: unknown[], lines: string[]): string {
  const indent = (s: string) => `      ${s}`;
  return [
    indent(`SQL: ${query.replace(/\s+/g, " ")}`),
    indent(`params: ${JSON.stringify(params.map(shorten))}`),
    ...lines.map((l) => indent(`  ${l}`)),
  ].join("\n");
}

/** Round trip of `SELECT 1` through the same driver and pool: the floor under every figure. */
export async function roundTrip(db: Db, runs: number): Promise<Stats> {
  const { samples } = await timeRuns(runs, 3, () => db.execute(sql`select 1`));
  return stats(samples);
}

/** Thrown inside a transaction to roll it back once measuring is done. */
export class Rollback extends Error {
  constructor() {
    super("rollback");
  }
}

/** Runs `fn` in a transaction that is always rolled back (baselines that drop an index). */
export async function inRolledBackTransaction<T>(db: Db, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  let result: T | undefined;
  try {
    await db.transaction(async (tx) => {
      result = await fn(tx);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return result as T;
}

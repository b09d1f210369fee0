/**
 * The database client: PGlite under DATA_DIR when DATABASE_URL is unset, postgres-js otherwise.
 * One client per process, kept on globalThis so every bundle of the server shares it (PGlite
 * allows a single open instance per data directory).
 */
import { mkdirSync } from "node:fs";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { env } from "@/lib/env";
import { retryStaleTerminations } from "./driver-faults";
import { namedStatementClient } from "./pglite-statements";
import { runPreparedAsNamed } from "./prepared";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Query functions take either, so callers can compose them inside a transaction. */
export type DbOrTx = Db | Tx;

export type DbHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The raw PGlite instance (embedded mode only), for pg-boss and migrations. */
  pglite?: import("@electric-sql/pglite").PGlite;
  /** The raw postgres-js client (Postgres mode only), for pg-boss. */
  postgres?: import("postgres").Sql;
  close: () => Promise<void>;
  /**
   * Postgres only: told of each statement this process sends that writes a table the session cache
   * (db/session-cache.ts) reads, before it runs. PGlite needs none: its notifications arrive first.
   */
  authWrites?: { onWrite?: () => void };
};

/** Writes to the app's users or to auth users, sessions and factors, as Drizzle or hand-written SQL spells them. */
const AUTH_WRITE_RE = /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?embedded_auth"?\.)?"?(?:users|sessions|mfa_factors)"?[\s(]/i;

const cacheKey = Symbol.for("lingoreel.db");
type GlobalWithDb = typeof globalThis & { [cacheKey]?: Promise<DbHandle> };

/** `from`: a data directory dumped by `dumpDataDir` to start from, in place of a new one (in memory, or in an empty `dir`). */
export async function openPglite(dir: string | undefined, from?: Blob): Promise<DbHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (dir) mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: from });
  const statements = namedStatementClient(pglite);
  const db = drizzle(statements.client, { schema, casing: undefined }) as unknown as Db;
  runPreparedAsNamed(db, statements.register);
  return { db, kind: "pglite", pglite, close: () => pglite.close() };
}

export async function openPostgres(url: string, poolSize = 10): Promise<DbHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = retryStaleTerminations(postgres(url, { max: poolSize, onnotice: () => {} }));
  const authWrites: { onWrite?: () => void } = {};
  const logger = { logQuery: (query: string) => void (authWrites.onWrite && AUTH_WRITE_RE.test(query) && authWrites.onWrite()) };
  const db = drizzle(client, { schema, logger }) as unknown as Db;
  return { db, kind: "postgres", postgres: client, authWrites, close: () => client.end({ timeout: 5 }) };
}

/** The process-wide database handle, opened on first use. */
export function getDbHandle(): Promise<DbHandle> {
  const g = globalThis as GlobalWithDb;
  if (!g[cacheKey]) {
    const config = env().database;
    g[cacheKey] =
      config.kind === "pglite" ? openPglite(config.dir) : openPostgres(config.url, config.poolSize);
    g[cacheKey].catch(() => {
      delete g[cacheKey];
    });
  }
  return g[cacheKey];
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Closes the process-wide handle (tests, scripts, graceful shutdown). */
export async function closeDb(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const handle = g[cacheKey];
  delete g[cacheKey];
  if (handle) await (await handle).close();
}

/**
 * Makes `handle` the process-wide database without opening one (tests run the app's server code
 * against a database they made); undefined forgets the current one without closing it.
 */
export function installDbHandle(handle: DbHandle | undefined): void {
  const g = globalThis as GlobalWithDb;
  if (handle) g[cacheKey] = Promise.resolve(handle);
  else delete g[cacheKey];
}

/** Rows of a raw `db.execute()` result: postgres-js returns an array, PGlite an object with rows. */
export function resultRows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

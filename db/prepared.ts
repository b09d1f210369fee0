/**
 * The hot read queries (every player load, search keystroke and quiz asks one), built once per
 * database handle and kept as prepared queries with placeholders. Drizzle otherwise builds a
 * query's SQL anew on every call, which costs more than the rest of a small request; and on
 * Postgres a prepared query is a named statement, which each connection parses once and whose
 * plan Postgres can keep, where an unnamed one is parsed and planned on every call.
 *
 * On PGlite, whose own query() does not keep statements, they run as named statements
 * (db/pglite-statements.ts).
 *
 * A query run inside a transaction is prepared on that transaction (it must run on its
 * connection): kept as long as the transaction lives, it saves nothing there, and changes nothing.
 */
import type { DbOrTx } from "./client";

type Prepared = { execute(placeholders?: Record<string, unknown>): Promise<unknown>; getQuery(): { sql: string } };

const cacheKey = Symbol.for("lingoreel.preparedQueries");
type GlobalWithPrepared = typeof globalThis & { [cacheKey]?: WeakMap<object, Map<string, Prepared>> };
// One cache per process, whichever bundle of the server loads this module (as the handle is one).
const byDb = ((globalThis as GlobalWithPrepared)[cacheKey] ??= new WeakMap());
/** PGlite handles: how to have a prepared query's SQL run as a named statement (db/pglite-statements.ts). */
const namedKey = Symbol.for("lingoreel.namedStatements");
type GlobalWithNamed = typeof globalThis & { [namedKey]?: WeakMap<object, (sql: string) => void> };
const namedOn = ((globalThis as GlobalWithNamed)[namedKey] ??= new WeakMap());

/** PGlite: `db`'s prepared queries run as named statements, through `register`. */
export function runPreparedAsNamed(db: DbOrTx, register: (sql: string) => void): void {
  namedOn.set(db, register);
}

/**
 * The query `name` prepared on `db`, built by `build` the first time. `name` must identify the
 * query's shape: two shapes (a filter present or not) need two names.
 */
export function prepared<P extends Prepared>(db: DbOrTx, name: string, build: (db: DbOrTx, name: string) => P): P {
  let queries = byDb.get(db);
  if (!queries) byDb.set(db, (queries = new Map()));
  let query = queries.get(name) as P | undefined;
  if (!query) {
    query = build(db, name);
    namedOn.get(db)?.(query.getQuery().sql);
    queries.set(name, query);
  }
  return query;
}

/**
 * pg-boss on the app's own database connection: PGlite in embedded mode, the postgres-js pool
 * otherwise, through pg-boss's "bring your own connection" adapter. One instance per database
 * handle, started (schema created or migrated, queues made) on first use.
 */
import type PgBoss from "pg-boss";
import { getDbHandle, type DbHandle } from "@/db/client";
import { QUEUES } from "./queues";

type SqlResult = { rows: unknown[] };

/** pg-boss sends several statements in one string without parameters (simple protocol), else one with. */
export function sqlAdapter(handle: DbHandle): { executeSql(text: string, values?: unknown[]): Promise<SqlResult> } {
  if (handle.pglite) {
    const pglite = handle.pglite;
    return {
      async executeSql(text, values) {
        if (!values?.length) {
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        return { rows: (await pglite.query(text, values)).rows };
      },
    };
  }
  const client = handle.postgres;
  if (!client) throw new Error("The Postgres handle has no client for the job queue");
  return {
    async executeSql(text, values) {
      if (!values?.length) {
        // Its BEGIN ... COMMIT scripts need one connection to themselves.
        const connection = await client.reserve();
        try {
          const result = (await connection.unsafe(text).simple()) as unknown[];
          // Several statements give one result each; keep the last, as pg does for its rows.
          return { rows: Array.isArray(result[0]) ? (result.at(-1) as unknown[]) : result };
        } finally {
          connection.release();
        }
      }
      return { rows: await client.unsafe(text, values.map(asParameter) as never[]) };
    },
  };
}

/** As node-postgres sends them: undefined as null, plain objects (job data) as JSON text, the rest as it is. */
function asParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value === null || typeof value !== "object" || value instanceof Date || Buffer.isBuffer(value) || Array.isArray(value)) return value;
  return JSON.stringify(value);
}

const bosses = new WeakMap<DbHandle, Promise<PgBoss>>();

export type BossOptions = { supervise?: boolean; schedule?: boolean };

async function startBoss(handle: DbHandle, options: BossOptions): Promise<PgBoss> {
  const { default: PgBossClass } = await import("pg-boss");
  const boss = new PgBossClass({
    db: sqlAdapter(handle),
    schema: "pgboss",
    // Senders need neither maintenance nor cron; the worker turns them on.
    supervise: options.supervise ?? false,
    schedule: options.schedule ?? false,
    migrate: true,
  });
  boss.on("error", (error) => console.error("[jobs]", error));
  await boss.start();
  // "stately": per video (the singleton key), one job waiting and one running at most.
  for (const name of Object.values(QUEUES)) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, policy: "stately" });
  }
  return boss;
}

/** The job queue of the process-wide database (or of `handle`). */
export async function getBoss(handle?: DbHandle, options: BossOptions = {}): Promise<PgBoss> {
  const h = handle ?? (await getDbHandle());
  let boss = bosses.get(h);
  if (!boss) {
    boss = startBoss(h, options);
    bosses.set(h, boss);
    boss.catch(() => bosses.delete(h));
  }
  return boss;
}

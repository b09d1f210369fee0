/**
 * pg-boss on the app's own database connection: PGlite in embedded mode, the postgres-js pool
 * otherwise, through pg-boss's "bring your own connection" adapter, started (schema created or
 * migrated, queues made) on first use.
 */
import "server-only";
import type PgBoss from "pg-boss";
import { getDbHandle, type DbHandle } from "@/db/client";
import { env } from "@/lib/env";
import { QUEUES, REMINDER_QUEUE } from "./queues";

type SqlResult = { rows: unknown[] };

/** The Postgres schema pg-boss keeps its tables in. */
export const JOB_SCHEMA = "pgboss";

/** pg-boss sends several statements in one string without parameters (simple protocol), else one with. */
export function sqlAdapter(handle: DbHandle): { executeSql(text: string, values?: unknown[]): Promise<SqlResult> } {
  if (handle.pglite) {
    const pglite = handle.pglite;
    return {
      async executeSql(text, values) {
        if (!values?.length) {
          try {
            const results = await pglite.exec(text);
            return { rows: results.at(-1)?.rows ?? [] };
          } catch (error) {
            await endFailedScript(() => pglite.exec("ROLLBACK"));
            throw error;
          }
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
        } catch (error) {
          await endFailedScript(() => connection.unsafe("ROLLBACK"));
          throw error;
        } finally {
          connection.release();
        }
      }
      return { rows: await client.unsafe(text, values.map(asParameter) as never[]) };
    },
  };
}

/**
 * A script that fails after its BEGIN leaves the connection inside an aborted transaction, where
 * every later query fails. pg-boss expects some to fail (two processes creating or migrating its
 * schema at once: the loser's error is its signal), so the connection is given back clean.
 */
async function endFailedScript(rollback: () => Promise<unknown>): Promise<void> {
  try {
    await rollback();
  } catch {
    // The connection itself is gone; the pool replaces it.
  }
}

/** As node-postgres sends them: undefined as null, plain objects (job data) as JSON text, the rest as it is. */
function asParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value === null || typeof value !== "object" || value instanceof Date || Buffer.isBuffer(value) || Array.isArray(value)) return value;
  return JSON.stringify(value);
}

/**
 * Per database handle, at most two instances: one that only sends (web requests, services) and
 * one for the process's workers, which also runs pg-boss's maintenance (expiring the jobs of a
 * worker that died, so they are retried). Kept on globalThis so every server bundle shares them,
 * as it shares the database handle.
 */
type Started = { sender?: Promise<PgBoss>; worker?: { options: WorkerQueueOptions; boss: Promise<PgBoss> } };
const cacheKey = Symbol.for("lingoreel.jobs");
type GlobalWithJobs = typeof globalThis & { [cacheKey]?: WeakMap<DbHandle, Started> };

function startedOn(handle: DbHandle): Started {
  const g = globalThis as GlobalWithJobs;
  const all = (g[cacheKey] ??= new WeakMap());
  let started = all.get(handle);
  if (!started) all.set(handle, (started = {}));
  return started;
}

export type WorkerQueueOptions = {
  /** How often this process looks for expired jobs (their worker died) to retry them. */
  maintenanceIntervalSeconds: number;
};

async function startBoss(handle: DbHandle, worker?: WorkerQueueOptions): Promise<PgBoss> {
  const { default: PgBossClass } = await import("pg-boss");
  const boss = new PgBossClass({
    db: sqlAdapter(handle),
    schema: JOB_SCHEMA,
    // Senders need neither maintenance nor cron. Every worker process supervises and keeps the
    // cron (the reminder pass): pg-boss lets one of them at a time do each, so expired jobs are
    // retried and schedules sent as long as any worker lives.
    supervise: worker !== undefined,
    ...(worker ? { maintenanceIntervalSeconds: worker.maintenanceIntervalSeconds } : {}),
    schedule: worker !== undefined,
    migrate: true,
  });
  boss.on("error", (error) => console.error("[jobs]", error));
  await boss.start();
  await createQueues(boss);
  return boss;
}

/**
 * "stately": per video (the singleton key), one job waiting and one running at most. Processes
 * starting together on a new database can deadlock inside pg-boss's queue creation (each attaches
 * a partition to the job table); Postgres then aborts one of them, which tries again.
 */
async function createQueues(boss: PgBoss): Promise<void> {
  const queues = [...Object.values(QUEUES).map((name) => ({ name, policy: "stately" as const })), { name: REMINDER_QUEUE, policy: "singleton" as const }];
  for (const { name, policy } of queues) {
    for (let attempt = 1; !(await boss.getQueue(name)); attempt++) {
      try {
        await boss.createQueue(name, { name, policy });
      } catch (error) {
        if ((error as { code?: unknown }).code !== "40P01" || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
      }
    }
  }
}

/** The job queue of the process-wide database (or of `handle`), for sending jobs. It never runs maintenance. */
export async function getBoss(handle?: DbHandle): Promise<PgBoss> {
  const h = handle ?? (await getDbHandle());
  const started = startedOn(h);
  if (!started.sender) {
    const boss = startBoss(h);
    started.sender = boss;
    boss.catch(() => {
      if (started.sender === boss) delete started.sender;
    });
  }
  return started.sender;
}

/**
 * The job queue for this process's workers (`startWorkers`), with maintenance on. Started once per
 * database handle; asking again with other options is a mistake and throws.
 */
export async function startWorkerQueue(
  handle: DbHandle,
  options: WorkerQueueOptions = { maintenanceIntervalSeconds: env().jobs.maintenanceIntervalSeconds },
): Promise<PgBoss> {
  const started = startedOn(handle);
  if (started.worker) {
    if (started.worker.options.maintenanceIntervalSeconds !== options.maintenanceIntervalSeconds) {
      throw new Error("The worker job queue is already running on this database with other options");
    }
    return started.worker.boss;
  }
  // The sender's start creates (or migrates) the schema and the queues; this one then finds them.
  const entry = { options: { ...options }, boss: getBoss(handle).then(() => startBoss(handle, options)) };
  started.worker = entry;
  entry.boss.catch(() => {
    if (started.worker === entry) delete started.worker;
  });
  return entry.boss;
}

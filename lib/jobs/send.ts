/** Hands work to the processing worker, and tells what a video has queued or running. */
import "server-only";
import type PgBoss from "pg-boss";
import { env } from "@/lib/env";
import { getBoss, JOB_SCHEMA } from "./boss";
import { jobDueIn, jobSent } from "./wake";
import type { JobData, QueueName } from "./queues";

export const videoJobKey = (videoId: number) => `video:${videoId}`;

/**
 * Retries with backoff are the worker's business; a video has at most one pending job of a kind.
 * A run that outlives its expiry (or whose worker died) is stopped and retried like a failed one.
 * Null when a job of that kind is already waiting for the video (the queue is "stately").
 */
export async function sendJob<Q extends QueueName>(queue: Q, data: JobData[Q]): Promise<string | null> {
  const boss = await getBoss();
  const { expireSeconds, retryDelaySeconds } = env().jobs;
  const id = await boss.send(queue, data, {
    singletonKey: videoJobKey(data.videoId),
    retryLimit: 2,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: expireSeconds,
  });
  if (id) jobSent(queue);
  return id;
}

/**
 * A copy of `job` that starts `startAfter` seconds from now, with the original's retry and expiry
 * settings: a job that found its video busy is put back this way (and the original completed), so
 * waiting never spends one of its retries. Null when a job of that kind is already waiting.
 */
export async function sendLater(boss: PgBoss, job: PgBoss.JobWithMetadata<unknown>, data: { videoId: number; waits: number; requestedAt: string }, startAfter: number) {
  const id = await boss.send(job.name, { ...(job.data as object), ...data }, {
    singletonKey: videoJobKey(data.videoId),
    retryLimit: Number(job.retryLimit),
    retryDelay: Number(job.retryDelay),
    retryBackoff: Boolean(job.retryBackoff),
    expireInSeconds: Number(job.expireInSeconds),
    startAfter,
  });
  if (id) jobDueIn(job.name as QueueName, startAfter);
  return id;
}

/**
 * The latest a failed try of `job` is started again: pg-boss puts it back `retryDelay` seconds on,
 * or with backoff at a random time between 2^n and 2^(n+1) times that (n: the retries so far, at
 * most 16). Its workers in this process look then, if their poll has not found it first. Null
 * when that was its last try.
 */
export function retryDueIn(job: PgBoss.JobWithMetadata<unknown>): number | null {
  if (job.retryCount >= Number(job.retryLimit)) return null;
  const delay = Number(job.retryDelay);
  return job.retryBackoff ? delay * 2 ** Math.min(16, job.retryCount + 1) : delay;
}

/**
 * Whether a job of `queue` is queued, waiting for a retry, or (unless `queuedOnly`) running for the
 * video. pg-boss 10 has no call for this; its job table is read directly (its states are ordered:
 * created, retry, active, completed, …).
 */
export async function hasPendingJob(queue: QueueName, videoId: number, { queuedOnly = false } = {}): Promise<boolean> {
  const boss = await getBoss();
  const before = queuedOnly ? "active" : "completed";
  const { rows } = await boss
    .getDb()
    .executeSql(`SELECT 1 FROM ${JOB_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state < '${before}' LIMIT 1`, [queue, videoJobKey(videoId)]);
  return rows.length > 0;
}

/** The newest job of `queue` for the video as pg-boss keeps it (state, payload, output), or null. */
export type JobRecord = { state: string; data: unknown; output: unknown; createdOn: Date; completedOn: Date | null };

/**
 * The video's newest job of `queue`: a job put back to wait, or retried, is the newest one of its
 * kind (a stately queue holds one queued beside one running). Finished jobs move to pg-boss's
 * archive after half a day, so it is asked too when the job table has none.
 */
export async function latestJob(queue: QueueName, videoId: number): Promise<JobRecord | null> {
  const boss = await getBoss();
  for (const table of ["job", "archive"]) {
    const { rows } = await boss
      .getDb()
      .executeSql(
        `SELECT state, data, output, created_on, completed_on FROM ${JOB_SCHEMA}.${table} WHERE name = $1 AND singleton_key = $2 ORDER BY created_on DESC LIMIT 1`,
        [queue, videoJobKey(videoId)],
      );
    const row = rows[0] as { state: string; data: unknown; output: unknown; created_on: Date | string; completed_on: Date | string | null } | undefined;
    if (row) {
      return { state: row.state, data: row.data, output: row.output, createdOn: new Date(row.created_on), completedOn: row.completed_on ? new Date(row.completed_on) : null };
    }
  }
  return null;
}

/**
 * Fair use of the worker: per-video leases (one job at a time on a video, across every kind of
 * job and every worker process) and the log of re-processing work admins asked for (their hourly
 * limit). Plain row operations on the app's own tables, so they behave alike on PGlite's single
 * connection and on a Postgres pool: no advisory locks, no session state.
 */
import { and, eq, sql } from "drizzle-orm";
import { resultRows, type DbOrTx } from "../client";
import { lockUserWindow, type RateWindow } from "./rate-windows";
import { adminActions, videoJobLeases, videos } from "../schema";

/**
 * Takes the video's lease for `jobId` ("<pg-boss job id>#<try>") until `seconds` from now, unless
 * another job holds one that has not expired. A later try of the same job takes it over (the retry
 * of a run whose worker died, or that was stopped at its expiry). Atomic:
 * one statement, and the row's lock decides between two workers trying at once. Taking it also
 * clears this kind from the video's waiting list. "gone": the video no longer exists.
 */
export async function takeVideoLease(
  db: DbOrTx,
  params: { videoId: number; jobId: string; queue: string; seconds: number },
): Promise<"taken" | "held" | "gone"> {
  const taken = resultRows<{ job_id: string }>(
    await db.execute(sql`
      insert into ${videoJobLeases} (video_id, job_id, queue, expires_at)
      select ${params.videoId}, ${params.jobId}, ${params.queue}, now() + make_interval(secs => ${params.seconds})
      where exists (select 1 from ${videos} where ${videos.id} = ${params.videoId})
      on conflict (video_id) do update
        set job_id = excluded.job_id, queue = excluded.queue, expires_at = excluded.expires_at,
            waiting = ${videoJobLeases.waiting} - ${params.queue}::text
        where ${videoJobLeases.jobId} is null or ${videoJobLeases.expiresAt} <= now() or split_part(${videoJobLeases.jobId}, '#', 1) = split_part(excluded.job_id, '#', 1)
      returning job_id`),
  );
  if (taken.length) return "taken";
  const [lease] = await db.select({ videoId: videoJobLeases.videoId }).from(videoJobLeases).where(eq(videoJobLeases.videoId, params.videoId));
  return lease ? "held" : "gone";
}

/** Gives the lease back, if `jobId` still holds it (an expired lease may have passed to another job). */
export async function releaseVideoLease(db: DbOrTx, params: { videoId: number; jobId: string }): Promise<void> {
  await db
    .update(videoJobLeases)
    .set({ jobId: null, queue: null, expiresAt: sql`now()` })
    .where(and(eq(videoJobLeases.videoId, params.videoId), eq(videoJobLeases.jobId, params.jobId)));
}

/** Notes that a job of kind `queue` waits for the video's lease, until `seconds` from now (its next try, with slack). */
export async function noteVideoJobWaiting(db: DbOrTx, params: { videoId: number; queue: string; seconds: number }): Promise<void> {
  await db.execute(sql`
    update ${videoJobLeases}
    set waiting = ${videoJobLeases.waiting} || jsonb_build_object(${params.queue}::text, now() + make_interval(secs => ${params.seconds}))
    where video_id = ${params.videoId}`);
}

/**
 * As noteVideoJobWaiting, only while another kind of job holds the video: work just queued behind
 * it shows as waiting at once. A job of this kind holding it is the one just queued (one per kind
 * and video), already started: nothing waits.
 */
export async function noteVideoJobWaitingIfBusy(db: DbOrTx, params: { videoId: number; queue: string; seconds: number }): Promise<void> {
  await db.execute(sql`
    update ${videoJobLeases}
    set waiting = ${videoJobLeases.waiting} || jsonb_build_object(${params.queue}::text, now() + make_interval(secs => ${params.seconds}))
    where video_id = ${params.videoId} and job_id is not null and expires_at > now() and queue is distinct from ${params.queue}`);
}

/** The SQL truth "a job on this video waits for another" for a video-id column, for card queries. */
export function videoJobWaitingSql(videoId: unknown) {
  return sql<boolean>`exists (
    select 1 from ${videoJobLeases} l, jsonb_each_text(l.waiting) w
    where l.video_id = ${videoId} and w.value::timestamptz > now())`;
}

/** Whether a job on the video waits for another to finish. */
export async function isVideoJobWaiting(db: DbOrTx, videoId: number): Promise<boolean> {
  const [row] = resultRows<{ waiting: boolean }>(await db.execute(sql`select ${videoJobWaitingSql(videoId)} as waiting`));
  return row?.waiting === true;
}

export type ActionWindow = RateWindow;

/**
 * The user's actions in the last `seconds` (db/queries/rate-windows.ts). Call inside a
 * transaction, then `recordAdminAction` in the same one.
 */
export async function lockRecentAdminActions(db: DbOrTx, params: { userId: string; seconds: number }): Promise<ActionWindow> {
  return lockUserWindow(db, adminActions, params);
}

export async function recordAdminAction(db: DbOrTx, row: { userId: string; action: string; videoId: number }): Promise<number> {
  const [inserted] = await db.insert(adminActions).values(row).returning({ id: adminActions.id });
  return inserted!.id;
}

/** Takes back an action whose work could not be queued after all. */
export async function deleteAdminAction(db: DbOrTx, id: number): Promise<void> {
  await db.delete(adminActions).where(eq(adminActions.id, id));
}

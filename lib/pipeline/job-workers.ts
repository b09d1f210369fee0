/**
 * The processing worker: one pg-boss worker per queue, payloads checked with zod, each job
 * bounded by its expiry: then pg-boss gives up on the run and retries the job, and the run's
 * signal stops it (its child processes too), so it cannot save over the retry. A failure an admin
 * must act on (no AI provider, no yt-dlp, no speech) fails the video at once with the reason; a
 * transient one, an expiry included, is retried and fails the video only when the retries run out.
 *
 * One job at a time per video, whatever its kind: a job first takes its video's lease (a row, so
 * it holds across worker processes on one Postgres and inside the embedded server alike), gives
 * it back when it ends, and a job that finds the lease taken is put back to run a little later,
 * neither lost nor failed. The lease lasts as long as the job may, so a dead worker's frees itself.
 */
import "server-only";
import type PgBoss from "pg-boss";
import { z } from "zod";
import type { Db } from "@/db/client";
import { aiFailureReason, NoAiProviderError } from "@/lib/ai/client";
import { env } from "@/lib/env";
import { MediaToolError } from "@/lib/media/ffmpeg";
import { dbStep } from "@/lib/pipeline/db-step";
import { DATABASE_FAILURE_REASON, isDatabaseError, PermanentJobError } from "@/lib/pipeline/errors";
import { markFailed, recordError } from "@/db/queries/video-processing";
import { extractVocabulary, generateTranslations, regenerateQuizzes } from "@/lib/pipeline/rework";
import { processVideo, type AudioSource } from "@/lib/pipeline/process-video";
import { removeStaleWorkDirs } from "@/lib/pipeline/work-dir";
import { noteVideoJobWaiting, releaseVideoLease, takeVideoLease } from "@/db/queries/video-jobs";
import { QUEUES, type QueueName } from "@/lib/jobs/queues";
import { retryDueIn, sendLater } from "@/lib/jobs/send";
import { jobDueIn, wakeOnSend } from "@/lib/jobs/wake";

const videoPayload = z.object({
  videoId: z.number().int().positive(),
  waits: z.number().int().min(0).optional(),
  /** When the work was asked for (a job put back to wait keeps its original's); set by the worker when absent. */
  requestedAt: z.iso.datetime().optional(),
});
export const payloadSchemas = {
  [QUEUES.processVideo]: videoPayload.extend({ transcribeAudio: z.boolean().optional() }),
  [QUEUES.extractVocabulary]: videoPayload,
  [QUEUES.generateTranslations]: videoPayload.extend({ action: z.enum(["fill_missing", "regenerate"]) }),
  [QUEUES.regenerateQuizzes]: videoPayload,
} satisfies Record<QueueName, z.ZodType>;


/** Errors retrying cannot fix. */
export function isPermanent(error: unknown): boolean {
  if (error instanceof NoAiProviderError || error instanceof MediaToolError || error instanceof PermanentJobError) return true;
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

export type JobHandler<Q extends QueueName> = (db: Db, data: z.infer<(typeof payloadSchemas)[Q]>, signal: AbortSignal) => Promise<unknown>;

export type WorkerDeps = { db: Db; audio: AudioSource; handlers?: Partial<{ [Q in QueueName]: JobHandler<Q> }> };

const requested = (data: { requestedAt?: string }) => (data.requestedAt ? new Date(data.requestedAt) : undefined);

/** Seconds before a job that found its video busy tries again: 1, 2, 4 ... up to 30 (JOB_BUSY_WAIT_SECONDS is the first). */
export function waitDelaySeconds(waits: number, first = env().jobs.busyWaitSeconds): number {
  return Math.min(30, first * 2 ** Math.max(0, waits - 1));
}

/** How long past its next try a waiting job still counts as waiting (its queue's workers may be busy). */
const WAITING_SLACK_SECONDS = 60;

function reasonOf(error: unknown): string {
  const ai = aiFailureReason(error);
  if (ai) return ai;
  if (isDatabaseError(error)) return DATABASE_FAILURE_REASON;
  const message = error instanceof Error ? error.message : String(error);
  return message || "Processing failed";
}

export async function startWorkers(boss: PgBoss, deps: WorkerDeps): Promise<string[]> {
  const handlers: { [Q in QueueName]?: JobHandler<Q> } = {
    [QUEUES.processVideo]: (db, data, signal) => processVideo(db, data.videoId, { audio: deps.audio, signal, transcribeAudio: data.transcribeAudio }),
    // Work saved since it was asked for (by an earlier try of the job, or by another job) is not paid for again.
    [QUEUES.extractVocabulary]: (db, data, signal) => extractVocabulary(db, data.videoId, signal, requested(data)),
    [QUEUES.generateTranslations]: (db, data, signal) => generateTranslations(db, data.videoId, data.action, signal, requested(data)),
    [QUEUES.regenerateQuizzes]: (db, data, signal) => regenerateQuizzes(db, data.videoId, signal, requested(data)),
    ...deps.handlers,
  };
  // Scratch folders of runs whose worker was killed: none lasts twice its expiry.
  const stale = await removeStaleWorkDirs(2 * env().jobs.expireSeconds * 1000);
  if (stale.length) console.log(`[worker] removed ${stale.length} scratch folder(s) left by stopped runs`);
  const ids: string[] = [];
  for (const queue of Object.keys(handlers) as QueueName[]) {
    const handle = handlers[queue] as JobHandler<QueueName>;
    const id = await boss.work(queue, { batchSize: 1, pollingIntervalSeconds: env().jobs.pollSeconds, includeMetadata: true }, async ([job]) => {
      if (!job) return;
      const parsed = payloadSchemas[queue].safeParse(job.data);
      if (!parsed.success) {
        console.error(`[worker] ${queue}: dropping a job with a bad payload`, job.data);
        return;
      }
      const data = { ...parsed.data, requestedAt: parsed.data.requestedAt ?? new Date(job.createdOn).toISOString() };
      const { videoId } = data;
      const label = `[worker] ${queue} video ${videoId} (try ${job.retryCount + 1})`;
      // pg-boss stops waiting for the handler at the job's expiry (and retries it); so does the run.
      // (Number: Postgres's numeric arrives as text from postgres-js.)
      const expireSeconds = Number(job.expireInSeconds);
      // The run's own name: a retry of the job takes over its lease, and a late end of an earlier run cannot give it back.
      const holder = `${job.id}#${job.retryCount}`;
      // The lease's steps ride out a lost connection too (db-step.ts): taking it again is the same run's; giving it back is idempotent.
      const lease = await dbStep(() => takeVideoLease(deps.db, { videoId, jobId: holder, queue, seconds: expireSeconds }));
      if (lease === "gone") {
        console.log(`${label}: the video no longer exists`);
        return;
      }
      if (lease === "held") {
        const waits = (parsed.data.waits ?? 0) + 1;
        const delay = waitDelaySeconds(waits);
        await noteVideoJobWaiting(deps.db, { videoId, queue, seconds: delay + WAITING_SLACK_SECONDS });
        const copy = await sendLater(boss, job, { videoId, waits, requestedAt: data.requestedAt }, delay);
        console.log(`${label}: waiting for another job on this video${copy ? `; next try in ${delay} s` : " (one of this kind is already queued)"}`);
        return;
      }
      const signal = AbortSignal.timeout(expireSeconds * 1000);
      const started = Date.now();
      console.log(`${label}: started`);
      try {
        // pg-boss keeps what the job returns as its output: what it made, for GET on the action's route.
        const result = await handle(deps.db, data, signal);
        console.log(`${label}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        return result;
      } catch (error) {
        const expired = signal.aborted;
        const reason = expired ? `Processing took longer than its time limit of ${expireSeconds} s (JOB_EXPIRE_SECONDS)` : reasonOf(error);
        const lastTry = job.retryCount >= job.retryLimit;
        // The database's own error (its query and values) is for the log alone.
        console.error(`${label}:`, reason, ...(!expired && isDatabaseError(error) ? [error] : []));
        if ((!expired && isPermanent(error)) || lastTry) {
          // A failed processing run fails the video; a failed extra (translations, quizzes) leaves it as it is, with the reason.
          if (queue === QUEUES.processVideo) await dbStep(() => markFailed(deps.db, videoId, reason));
          else await dbStep(() => recordError(deps.db, videoId, reason));
          // Completed, so pg-boss does not retry it; the output says it failed, and why.
          return { error: reason };
        }
        const retryIn = retryDueIn(job);
        if (retryIn !== null) jobDueIn(queue, retryIn);
        throw error;
      } finally {
        await dbStep(() => releaseVideoLease(deps.db, { videoId, jobId: holder })).catch((error) => console.error(`${label}: could not release the video's lease`, error));
      }
    });
    ids.push(id);
    // A job sent from this process starts at once; the wake-up goes when the queue stops.
    boss.once("stopped", wakeOnSend(queue, () => boss.notifyWorker(id)));
  }
  return ids;
}

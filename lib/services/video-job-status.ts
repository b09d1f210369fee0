/**
 * How the admin learns what queued work made (SPEC §3 "Generation response", "Quiz regeneration
 * response"): POST generate-translations and regenerate-quizzes only queue the work and answer at
 * once; GET on the same route says how the video's latest job of that kind stands, and once it
 * has finished, what it made or why it failed. The worker's output (kept by pg-boss) carries it.
 */
import type { DbOrTx } from "@/db/client";
import { getVideoById } from "@/db/queries/videos";
import { latestJob } from "@/lib/jobs/send";
import type { JobStatus, ReportedAction, ReportedJobs } from "@/lib/jobs/queues";
import { REPROCESS_QUEUES } from "./video-jobs";
import { videoNotFound } from "./videos";

/** Where the answer to POST `action` on the video can be followed. */
export const jobStatusUrl = (videoId: number, action: ReportedAction) => `/api/videos/${videoId}/${action}`;

const asRecord = (value: unknown): Record<string, unknown> | null => {
  const parsed = typeof value === "string" ? safeJson(value) : value;
  return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
};

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** pg-boss's states, as the admin reads them: a retry waiting its turn is queued like a new job. */
function stateOf(pgBossState: string, output: Record<string, unknown> | null): JobStatus<unknown>["state"] {
  switch (pgBossState) {
    case "created":
    case "retry":
      return "queued";
    case "active":
      return "running";
    case "completed":
      return typeof output?.error === "string" ? "failed" : "completed";
    default:
      return "failed";
  }
}

export async function getJobStatus<A extends ReportedAction>(db: DbOrTx, videoId: number, action: A): Promise<JobStatus<ReportedJobs[A]>> {
  const video = await getVideoById(db, { id: videoId });
  if (!video) throw videoNotFound();
  const job = await latestJob(REPROCESS_QUEUES[action], videoId);
  if (!job) return { videoId, state: "none", requestedAt: null, finishedAt: null, result: null, error: null };
  const output = asRecord(job.output);
  const state = stateOf(job.state, output);
  const requested = asRecord(job.data)?.requestedAt;
  const finished = state === "completed" || state === "failed";
  return {
    videoId,
    state,
    requestedAt: typeof requested === "string" ? requested : job.createdOn.toISOString(),
    finishedAt: finished ? (job.completedOn?.toISOString() ?? null) : null,
    result: state === "completed" && output ? (output as ReportedJobs[A]) : null,
    // A job pg-boss itself gave up on (out of time on its last try) has no reason of ours; the video keeps it.
    error: state === "failed" ? (typeof output?.error === "string" ? output.error : (video.errorReason ?? "The work could not be finished")) : null,
  };
}

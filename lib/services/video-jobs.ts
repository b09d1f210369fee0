/**
 * Fair use of paid AI work when an admin asks for a video to be worked on again: the same work
 * is never queued twice for one video (409 while one is queued or running), and each admin or
 * owner may start at most REPROCESS_LIMIT_PER_HOUR such actions an hour (429 with Retry-After),
 * counted in the database so the limit holds across app instances.
 */
import "server-only";
import type { Db } from "@/db/client";
import { deleteAdminAction, lockRecentAdminActions, noteVideoJobWaitingIfBusy, recordAdminAction } from "@/db/queries/video-jobs";
import type { User } from "@/db/schema";
import { conflict, rateLimited } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { QUEUES, type QueueName } from "@/lib/jobs/queues";
import { hasPendingJob } from "@/lib/jobs/send";

export type ReprocessAction = "retry" | "extract-vocabulary" | "generate-translations" | "regenerate-quizzes";

const HOUR_SECONDS = 3600;
/** How long work queued behind another job counts as waiting before a worker has looked at it. */
const QUEUED_WAITING_SECONDS = 120;

export const REPROCESS_QUEUES: Record<ReprocessAction, QueueName> = {
  retry: QUEUES.processVideo,
  "extract-vocabulary": QUEUES.extractVocabulary,
  "generate-translations": QUEUES.generateTranslations,
  "regenerate-quizzes": QUEUES.regenerateQuizzes,
};

/** What a repeat of an action already queued or running for the video is told (409). */
export const ALREADY_RUNNING: Record<ReprocessAction, string> = {
  retry: "This video is already being processed",
  "extract-vocabulary": "Vocabulary is already being extracted for this video",
  "generate-translations": "Translations are already being generated for this video",
  "regenerate-quizzes": "Quizzes are already being regenerated for this video",
};

/** Whether work of this kind is queued or running for the video (with `queuedOnly`, queued only). */
export function isReprocessing(action: ReprocessAction, videoId: number, options: { queuedOnly?: boolean } = {}): Promise<boolean> {
  return hasPendingJob(REPROCESS_QUEUES[action], videoId, options);
}

function inWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/**
 * Queues one re-processing action by `user` on the video: 409 if the same work is already queued
 * or running, 429 past the user's hourly limit, else counts it and calls `send` (which queues the
 * job; null: a job of that kind got there first). An action whose job is not queued is not counted.
 * `checked`: the caller has just asked isReprocessing itself, so the queue is not asked twice.
 */
export async function startReprocessing(
  db: Db,
  user: User,
  action: ReprocessAction,
  videoId: number,
  send: () => Promise<string | null>,
  { checked = false } = {},
): Promise<void> {
  if (!checked && (await isReprocessing(action, videoId))) throw conflict(ALREADY_RUNNING[action]);
  const limit = env().jobs.reprocessLimitPerHour;
  const actionId = await db.transaction(async (tx) => {
    if (limit > 0) {
      const recent = await lockRecentAdminActions(tx, { userId: user.id, seconds: HOUR_SECONDS });
      if (recent.count >= limit) {
        const wait = Math.max(1, Math.ceil(recent.freeInSeconds));
        throw rateLimited(
          `You have started ${limit} re-processing jobs in the last hour, the most allowed. Try again in ${inWords(wait)}.`,
          wait,
        );
      }
    }
    return recordAdminAction(tx, { userId: user.id, action, videoId });
  });
  let queued: string | null;
  try {
    queued = await send();
  } catch (error) {
    await deleteAdminAction(db, actionId);
    throw error;
  }
  if (!queued) {
    await deleteAdminAction(db, actionId);
    throw conflict(ALREADY_RUNNING[action]);
  }
  await noteVideoJobWaitingIfBusy(db, { videoId, queue: REPROCESS_QUEUES[action], seconds: QUEUED_WAITING_SECONDS });
}

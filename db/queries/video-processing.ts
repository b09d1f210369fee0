/** A video's processing state as the worker moves it on: progress, the end state, why it failed. */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { videos, type CaptionsSource } from "../schema";

/**
 * The status is the admin's as much as the worker's: adding and retrying set it to processing,
 * and the worker moves it on only from there, so a video published (or unpublished) while its
 * job runs keeps the admin's choice.
 */
const stillProcessing = (videoId: number) => and(eq(videos.id, videoId), eq(videos.status, "processing"));

export async function setProcessingProgress(db: DbOrTx, videoId: number, progress: number): Promise<void> {
  await db
    .update(videos)
    .set({ processingProgress: Math.max(0, Math.min(100, Math.round(progress))), updatedAt: new Date() })
    .where(eq(videos.id, videoId));
}

export async function markProcessed(db: DbOrTx, videoId: number, captionsSource: CaptionsSource): Promise<void> {
  await db.update(videos).set({ processingProgress: 100, errorReason: null, captionsSource, updatedAt: new Date() }).where(eq(videos.id, videoId));
  await db.update(videos).set({ status: "processed" }).where(stillProcessing(videoId));
}

/** A failure an admin can read and act on; retry starts over. */
export async function markFailed(db: DbOrTx, videoId: number, reason: string): Promise<void> {
  await db.update(videos).set({ errorReason: reason.slice(0, 1000), updatedAt: new Date() }).where(eq(videos.id, videoId));
  await db.update(videos).set({ status: "failed" }).where(stillProcessing(videoId));
}

/** Keeps why an extra job (vocabulary, translations, quizzes) failed, without touching the video's status. */
export async function recordError(db: DbOrTx, videoId: number, reason: string): Promise<void> {
  await db.update(videos).set({ errorReason: reason.slice(0, 1000), updatedAt: new Date() }).where(eq(videos.id, videoId));
}

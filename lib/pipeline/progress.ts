/** The stages of SPEC §4 and the progress each one ends at (its label shows up to that value). */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { videos, type CaptionsSource } from "@/db/schema";

export const STAGE_END = {
  preparing: 5,
  extracting: 15,
  transcribing: 50,
  vocabulary: 85,
  saving: 95,
  finalizing: 99,
  complete: 100,
} as const;

/** The progress written as a stage begins: one past the end of the stage before, so its label shows while it runs. */
export const STAGE_START = {
  preparing: 1,
  extracting: STAGE_END.preparing + 1,
  transcribing: STAGE_END.extracting + 1,
  vocabulary: STAGE_END.transcribing + 1,
  saving: STAGE_END.vocabulary + 1,
  finalizing: STAGE_END.saving + 1,
} as const;

/**
 * The status is the admin's as much as the worker's: adding and retrying set it to processing,
 * and the worker moves it on only from there, so a video published (or unpublished) while its
 * job runs keeps the admin's choice.
 */
const stillProcessing = (videoId: number) => and(eq(videos.id, videoId), eq(videos.status, "processing"));

export async function setProgress(db: DbOrTx, videoId: number, progress: number): Promise<void> {
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

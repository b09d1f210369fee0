/**
 * The admin's content management (SPEC §2 "Admin", §4 "Video status"): add, edit, categorise and
 * delete videos, and hand processing, vocabulary, translation and quiz work to the worker (within
 * each admin's hourly limit, never the same work twice at once: ./video-jobs.ts).
 * Routes allow admins and owners only; these functions trust that.
 */
import "server-only";
import type { Db, DbOrTx } from "@/db/client";
import {
  deleteVideoRow,
  insertCategory,
  insertVideo,
  languageExists,
  listVideoCategories,
  missingCategories,
  replaceVideoCategories,
  translationCounts,
  updateVideoRow,
} from "@/db/queries/admin-videos";
import { listWords } from "@/db/queries/content";
import { getVideoById, getVideoCard } from "@/db/queries/videos";
import type { User } from "@/db/schema";
import { ApiError, badRequest, conflict } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { sendJob } from "@/lib/jobs/send";
import { getStorage } from "@/lib/storage";
import { isStorageKey } from "@/lib/storage/media-path";
import { QUEUES, type TranslationAction } from "@/lib/jobs/queues";
import type { AttachedFiles } from "@/lib/uploads/video-submission";
import type { CreateVideoInput, RetryVideoInput, UpdateVideoInput } from "@/lib/validation/admin-videos";
import { fetchYoutubeTitle } from "@/lib/youtube/oembed";
import { toVideoCard } from "./serialize";
import { jobStatusUrl } from "./video-job-status";
import { ALREADY_RUNNING, isReprocessing, startReprocessing } from "./video-jobs";
import { videoNotFound } from "./videos";

export type { AttachedFiles };

/** A video without a title of its own is named after its file: "Lesson 3.mp4" is "Lesson 3". */
const titleFromFile = (name: string | undefined) => name?.replace(/\.[A-Za-z0-9]{1,5}$/, "").trim() || null;

async function checkReferences(db: DbOrTx, input: { categoryIds?: number[]; targetLanguage?: string }) {
  const missing = await missingCategories(db, input.categoryIds ?? []);
  if (missing.length) throw badRequest(`Category ${missing[0]} does not exist`);
  if (input.targetLanguage && !(await languageExists(db, input.targetLanguage))) {
    throw badRequest(`targetLanguage: unknown language "${input.targetLanguage}"`);
  }
}

async function existing(db: DbOrTx, id: number) {
  const video = await getVideoById(db, { id });
  if (!video) throw videoNotFound();
  return video;
}

async function card(db: DbOrTx, user: User, id: number) {
  const row = await getVideoCard(db, { id, userId: user.id, withJobState: true });
  if (!row) throw videoNotFound();
  return toVideoCard(row);
}

/** Queues work; a queue that cannot take it marks the video failed with the reason rather than losing it. */
async function queue<T>(db: DbOrTx, send: () => Promise<T>, videoId: number): Promise<T> {
  try {
    return await send();
  } catch (error) {
    console.error("[jobs] could not queue work for video", videoId, error);
    await updateVideoRow(db, videoId, { status: "failed", errorReason: "The processing queue is not available; retry later." });
    throw new ApiError("unavailable", "The processing queue is not available; try again shortly");
  }
}

/** POST /api/videos: the video appears as processing at 0 % and its processing job is queued. */
export async function createVideo(db: Db, user: User, input: CreateVideoInput, files: AttachedFiles = {}) {
  const categoryIds = [...new Set([...(input.categoryId ? [input.categoryId] : []), ...input.categoryIds])];
  await checkReferences(db, { categoryIds, targetLanguage: input.targetLanguage });
  const youtubeId = input.youtubeId ?? null;
  const fetched = youtubeId ? await fetchYoutubeTitle(youtubeId, env().youtubeOembedUrl) : null;
  const title = input.title || fetched || titleFromFile(files.media?.originalName) || `YouTube video ${youtubeId}`;
  const video = await db.transaction(async (tx) => {
    const row = await insertVideo(tx, {
      youtubeId,
      title,
      description: input.description || null,
      thumbnail: input.thumbnail ?? null,
      categoryId: categoryIds[0] ?? null,
      targetLanguage: input.targetLanguage,
      status: "processing",
      processingProgress: 0,
      mediaPath: files.media?.key ?? null,
      mediaType: files.media?.contentType ?? null,
      durationMs: files.media?.durationMs ?? null,
      thumbnailPath: files.thumbnail ?? null,
      subtitlePath: files.subtitles ?? null,
      transcribeAudio: input.transcribeAudio,
      createdBy: user.id,
    });
    await replaceVideoCategories(tx, row.id, categoryIds);
    return row;
  });
  await queue(db, () => sendJob(QUEUES.processVideo, { videoId: video.id, transcribeAudio: input.transcribeAudio }), video.id);
  return card(db, user, video.id);
}

/** PUT /api/videos/{id}: title, description, category, language and publication. */
export async function updateVideo(db: Db, user: User, id: number, input: UpdateVideoInput) {
  await existing(db, id);
  await checkReferences(db, { categoryIds: input.categoryId ? [input.categoryId] : [], targetLanguage: input.targetLanguage });
  await db.transaction(async (tx) => {
    await updateVideoRow(tx, id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.categoryId !== undefined ? { categoryId: input.categoryId } : {}),
      ...(input.targetLanguage !== undefined ? { targetLanguage: input.targetLanguage } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
    });
    // The primary category is one of the video's categories.
    if (input.categoryId) {
      const current = (await listVideoCategories(tx, id)).map((c) => c.categoryId);
      if (!current.includes(input.categoryId)) await replaceVideoCategories(tx, id, [input.categoryId, ...current]);
    }
  });
  return card(db, user, id);
}

/** DELETE /api/videos/{id}: the video, everything made from it, and its uploaded files. */
export async function deleteVideo(db: DbOrTx, id: number) {
  const row = await deleteVideoRow(db, id);
  if (!row) throw videoNotFound();
  const storage = getStorage();
  for (const key of [row.mediaPath, row.thumbnailPath, row.subtitlePath]) {
    // Demo media is a public file of the app, not an upload.
    if (key && isStorageKey(key)) await storage.delete(key).catch((error) => console.error("[storage] could not delete", key, error));
  }
  return { id: row.id, deleted: true as const };
}

export async function getVideoCategoryLinks(db: DbOrTx, id: number) {
  await existing(db, id);
  return listVideoCategories(db, id);
}

/** PUT /api/videos/{id}/categories: the whole set; the primary category follows the first. */
export async function setVideoCategories(db: Db, id: number, categoryIds: number[]) {
  const video = await existing(db, id);
  const ids = [...new Set(categoryIds)];
  await checkReferences(db, { categoryIds: ids });
  await db.transaction(async (tx) => {
    await replaceVideoCategories(tx, id, ids);
    const primary = video.categoryId && ids.includes(video.categoryId) ? video.categoryId : (ids[0] ?? null);
    if (primary !== video.categoryId) await updateVideoRow(tx, id, { categoryId: primary });
  });
  return listVideoCategories(db, id);
}

/** POST /api/categories: a new category; a name taken in any case is a conflict. */
export async function createCategory(db: DbOrTx, name: string) {
  const row = await insertCategory(db, name);
  if (!row) throw conflict(`A category named "${name}" already exists`);
  return row;
}

/**
 * POST extract-vocabulary: the worker chooses the words again from the captions; the answer is
 * the vocabulary as it stands. A video without captions yet (new, processing or failed) gets its
 * vocabulary from its processing run, so there is nothing to queue (and nothing is counted).
 * Queued work counts against the caller's hourly limit; 409 while it is already queued or running.
 */
export async function requestVocabulary(db: Db, user: User, id: number) {
  const video = await existing(db, id);
  const { totalSegments } = await translationCounts(db, id);
  if (video.status !== "processing" && totalSegments > 0) {
    await startReprocessing(db, user, "extract-vocabulary", id, () => queue(db, () => sendJob(QUEUES.extractVocabulary, { videoId: id }), id));
  }
  return listWords(db, { videoId: id });
}

/**
 * POST retry: only a failed video; it goes back to processing at 0 %. If its processing job is
 * still queued, that one goes on: nothing more is queued or counted. A job still running is the
 * one that just failed (pg-boss has not yet completed it): it will not run again, so a new one is
 * queued (a stately queue holds one queued job beside the running one). `transcribeAudio`, when
 * given, becomes the video's choice for this and later retries (a job already queued keeps the
 * choice it was sent with); without it, the choice the video was added with holds.
 */
export async function retryVideo(db: Db, user: User, id: number, input: RetryVideoInput = {}) {
  const video = await existing(db, id);
  if (video.status !== "failed" && video.status !== "error") throw conflict("Only a video whose processing failed can be retried");
  const transcribeAudio = input.transcribeAudio ?? video.transcribeAudio;
  const restart = { status: "processing" as const, processingProgress: 0, errorReason: null, transcribeAudio };
  if (await isReprocessing("retry", id, { queuedOnly: true })) {
    await updateVideoRow(db, id, restart);
    return card(db, user, id);
  }
  await startReprocessing(
    db,
    user,
    "retry",
    id,
    async () => {
      await updateVideoRow(db, id, restart);
      return queue(db, () => sendJob(QUEUES.processVideo, { videoId: id, transcribeAudio }), id);
    },
    { checked: true },
  );
  return card(db, user, id);
}

/**
 * POST generate-translations. Without an action, a video that already has translations answers
 * with what exists and asks for confirmation (SPEC §4: 'Fill Missing Only' or 'Regenerate All').
 * While translations are queued or running for the video, 409 at once (before any question).
 * What the queued work made (SPEC §3 "Generation response") comes from GET on `statusUrl`.
 */
export async function requestTranslations(db: Db, user: User, id: number, action: TranslationAction | undefined) {
  await existing(db, id);
  if (await isReprocessing("generate-translations", id)) throw conflict(ALREADY_RUNNING["generate-translations"]);
  const existingData = await translationCounts(db, id);
  if (!action && existingData.segmentTranslations + existingData.wordTranslations > 0) {
    return { requiresConfirmation: true as const, videoId: id, existingData };
  }
  const chosen = action ?? "fill_missing";
  await startReprocessing(db, user, "generate-translations", id, () => queue(db, () => sendJob(QUEUES.generateTranslations, { videoId: id, action: chosen }), id), {
    checked: true,
  });
  return {
    queued: true as const,
    videoId: id,
    action: chosen,
    segmentTranslationCount: existingData.segmentTranslations,
    totalSegments: existingData.totalSegments,
    statusUrl: jobStatusUrl(id, "generate-translations"),
  };
}

/**
 * POST regenerate-quizzes: the worker rebuilds every word's quizzes from its translations. What it
 * made (SPEC §3 "Quiz regeneration response") comes from GET on `statusUrl` once it has finished.
 */
export async function requestQuizzes(db: Db, user: User, id: number) {
  await existing(db, id);
  const words = await listWords(db, { videoId: id });
  await startReprocessing(db, user, "regenerate-quizzes", id, () => queue(db, () => sendJob(QUEUES.regenerateQuizzes, { videoId: id }), id));
  return { queued: true as const, videoId: id, wordCount: words.length, statusUrl: jobStatusUrl(id, "regenerate-quizzes") };
}

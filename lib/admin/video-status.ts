/**
 * How the admin's directory shows a video's processing (SPEC §4 "Video status"): the status
 * label, the pipeline stage by progress, when a progress bar shows, and when the list polls.
 * Labels are keys of the catalogue's "admin" namespace, which the screen translates; the English
 * names beside them are SPEC's words, for tests and server-side use.
 */

/** The statuses the product names (the catalogue's admin.status.*); any other status is shown as it is. */
export type StatusKey = "active" | "ready" | "processing" | "processed" | "error";

const STATUS_KEYS: Readonly<Record<string, StatusKey>> = {
  active: "active",
  ready: "ready",
  unpublished: "ready",
  processing: "processing",
  processed: "processed",
  error: "error",
  failed: "error",
};

export function statusKey(status: string): StatusKey | null {
  return Object.hasOwn(STATUS_KEYS, status) ? STATUS_KEYS[status]! : null;
}

/** SPEC §4's English names; the screen says them in the reader's language (components/admin/video-status.tsx). */
const STATUS_NAMES: Record<StatusKey, string> = { active: "Active", ready: "Ready", processing: "Processing", processed: "Processed", error: "Error" };

export function statusLabel(status: string): string {
  const key = statusKey(status);
  return key ? STATUS_NAMES[key] : status;
}

export type StatusTone = "live" | "draft" | "working" | "done" | "failed" | "other";

/** The colour family of a status badge. */
export function statusTone(status: string): StatusTone {
  switch (status) {
    case "active":
      return "live";
    case "ready":
    case "unpublished":
      return "draft";
    case "processing":
      return "working";
    case "processed":
      return "done";
    case "error":
    case "failed":
      return "failed";
    default:
      return "other";
  }
}

/** Where a video's captions came from, as the directory names it (the catalogue's admin.captionsSource.*). */
export type CaptionsSourceKey = "youtube" | "youtubeAuto" | "whisper" | "subtitleFile";

const CAPTIONS_SOURCE_KEYS: Readonly<Record<string, CaptionsSourceKey>> = {
  youtube: "youtube",
  "youtube-auto": "youtubeAuto",
  whisper: "whisper",
  "subtitle-file": "subtitleFile",
};

/** Null for a source the product does not name (shown as it is). */
export function captionsSourceKey(source: string): CaptionsSourceKey | null {
  return Object.hasOwn(CAPTIONS_SOURCE_KEYS, source) ? CAPTIONS_SOURCE_KEYS[source]! : null;
}

const CAPTIONS_SOURCE_NAMES: Record<CaptionsSourceKey, string> = {
  youtube: "YouTube captions",
  youtubeAuto: "YouTube auto-captions",
  whisper: "Whisper",
  subtitleFile: "Subtitle file",
};

/** The English name (null: made otherwise, as the demo videos). */
export function captionsSourceLabel(source: string | null | undefined): string | null {
  if (!source) return null;
  const key = captionsSourceKey(source);
  return key ? CAPTIONS_SOURCE_NAMES[key] : source;
}

export const isFailed = (status: string) => status === "failed" || status === "error";

/** Only a failed video can be retried (SPEC §2: retry for the failed status only). */
export const canRetry = (status: string) => status === "failed";

/** A retry's kind (the catalogue's admin.actions.retry*): as added, transcribing the audio, or with YouTube's captions. */
export type RetryKind = "asAdded" | "transcribing" | "youtubeCaptions";
export type RetryOption = { kind: RetryKind; transcribeAudio?: boolean };
export type RetryChoice = { label: string; transcribeAudio?: boolean };

type Retryable = { status: string; youtubeId: string | null; mediaUrl: string | null; transcribeAudio: boolean };

/**
 * The retries a failed video offers: as it was added, and, for a video with only its YouTube link
 * (an uploaded file is always transcribed), the other way of making its captions: transcribing the
 * audio, or YouTube's own captions again.
 */
export function retryOptions(video: Retryable): RetryOption[] {
  if (!canRetry(video.status)) return [];
  const options: RetryOption[] = [{ kind: "asAdded" }];
  if (video.youtubeId && !video.mediaUrl) {
    options.push(video.transcribeAudio ? { kind: "youtubeCaptions", transcribeAudio: false } : { kind: "transcribing", transcribeAudio: true });
  }
  return options;
}

const RETRY_NAMES: Record<RetryKind, string> = {
  asAdded: "Retry processing",
  transcribing: "Retry, transcribing the audio",
  youtubeCaptions: "Retry with YouTube's captions",
};

/** retryOptions with their English names. */
export function retryChoices(video: Retryable): RetryChoice[] {
  return retryOptions(video).map(({ kind, ...choice }) => ({ label: RETRY_NAMES[kind], ...choice }));
}

/** A pipeline stage (the catalogue's admin.stage.*). */
export type StageKey = "preparingAudio" | "extractingAudio" | "transcribing" | "processingVocabulary" | "savingData" | "finalizing" | "complete";

/** Pipeline stages by processingProgress; thresholds 5, 15, 50, 85, 95, 100 (SPEC §9). */
const STAGES: readonly [upTo: number, stage: StageKey][] = [
  [5, "preparingAudio"],
  [15, "extractingAudio"],
  [50, "transcribing"],
  [85, "processingVocabulary"],
  [95, "savingData"],
];

export function stageKey(progress: number): StageKey {
  for (const [upTo, stage] of STAGES) if (progress <= upTo) return stage;
  return progress < 100 ? "finalizing" : "complete";
}

/** SPEC §9's English names of the stages (the worker's tests name them so). */
const STAGE_NAMES: Record<StageKey, string> = {
  preparingAudio: "Preparing Audio",
  extractingAudio: "Extracting Audio",
  transcribing: "Transcribing with Whisper",
  processingVocabulary: "Processing Vocabulary",
  savingData: "Saving Data",
  finalizing: "Finalizing",
  complete: "Complete",
};

export function stageLabel(progress: number): string {
  return STAGE_NAMES[stageKey(progress)];
}

/** A progress bar and percentage show while processing, or once any progress is recorded. */
export function showsProgress(video: { status: string; processingProgress: number }): boolean {
  return video.status === "processing" || video.processingProgress > 0;
}

/** 0-100, whole numbers, for the bar and its label. */
export function clampProgress(progress: number): number {
  if (!Number.isFinite(progress)) return 0;
  return Math.min(100, Math.max(0, Math.round(progress)));
}

/** The list refreshes while any video is processing or part-way through (0 < progress < 100). */
export function shouldPollVideos(videos: readonly { status: string; processingProgress: number }[] | undefined): boolean {
  return (videos ?? []).some((v) => v.status === "processing" || (v.processingProgress > 0 && v.processingProgress < 100));
}

export const VIDEO_POLL_INTERVAL_MS = 250;

/** While a job waits for another on its video (and nothing is processing), the list looks again this often. */
export const WAITING_POLL_INTERVAL_MS = 2000;

/** How often the directory refreshes: fast while processing, slowly while a job waits its turn, else never. */
export function videoPollInterval(videos: readonly { status: string; processingProgress: number; waitingForJob?: boolean }[] | undefined): number | false {
  if (shouldPollVideos(videos)) return VIDEO_POLL_INTERVAL_MS;
  return (videos ?? []).some((v) => v.waitingForJob) ? WAITING_POLL_INTERVAL_MS : false;
}

/** While a job the admin follows (translations, quizzes) is queued or running, its status is read this often. */
export const JOB_POLL_INTERVAL_MS = 1000;

/** Whether a followed job has ended: finished either way, or gone from the queue's records. */
export const jobEnded = (status: { state: string }) => status.state === "completed" || status.state === "failed" || status.state === "none";

export function jobPollInterval(status: { state: string } | undefined): number | false {
  return status && jobEnded(status) ? false : JOB_POLL_INTERVAL_MS;
}

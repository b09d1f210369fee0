/**
 * How the admin's directory shows a video's processing (SPEC §4 "Video status"): the status
 * label, the pipeline stage by progress, when a progress bar shows, and when the list polls.
 */

/** Labels of the statuses the product knows; any other status is shown as it is. */
const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  ready: "Ready",
  unpublished: "Ready",
  processing: "Processing",
  processed: "Processed",
  error: "Error",
  failed: "Error",
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
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

/** How the directory names where a video's captions came from (null: made otherwise, as the demo videos). */
const CAPTIONS_SOURCE_LABELS: Record<string, string> = {
  youtube: "YouTube captions",
  "youtube-auto": "YouTube auto-captions",
  whisper: "Whisper",
  "subtitle-file": "Subtitle file",
};

export function captionsSourceLabel(source: string | null | undefined): string | null {
  return source ? (CAPTIONS_SOURCE_LABELS[source] ?? source) : null;
}

export const isFailed = (status: string) => status === "failed" || status === "error";

/** Only a failed video can be retried (SPEC §2: retry for the failed status only). */
export const canRetry = (status: string) => status === "failed";

export type RetryChoice = { label: string; transcribeAudio?: boolean };

/**
 * The retries a failed video offers: as it was added, and, for a video with only its YouTube link
 * (an uploaded file is always transcribed), the other way of making its captions: transcribing the
 * audio, or YouTube's own captions again.
 */
export function retryChoices(video: { status: string; youtubeId: string | null; mediaUrl: string | null; transcribeAudio: boolean }): RetryChoice[] {
  if (!canRetry(video.status)) return [];
  const choices: RetryChoice[] = [{ label: "Retry processing" }];
  if (video.youtubeId && !video.mediaUrl) {
    choices.push(video.transcribeAudio ? { label: "Retry with YouTube's captions", transcribeAudio: false } : { label: "Retry, transcribing the audio", transcribeAudio: true });
  }
  return choices;
}

/** Pipeline stages by processingProgress; thresholds 5, 15, 50, 85, 95, 100 (SPEC §9). */
const STAGES: readonly [upTo: number, label: string][] = [
  [5, "Preparing Audio"],
  [15, "Extracting Audio"],
  [50, "Transcribing with Whisper"],
  [85, "Processing Vocabulary"],
  [95, "Saving Data"],
];

export function stageLabel(progress: number): string {
  for (const [upTo, label] of STAGES) if (progress <= upTo) return label;
  return progress < 100 ? "Finalizing" : "Complete";
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

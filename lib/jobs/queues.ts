/**
 * The processing worker's queues and what each job carries. The web app only sends; the worker
 * (in-process in embedded mode, `npm run worker` otherwise) does the work.
 */
import "server-only";

export const QUEUES = {
  /** The whole pipeline: audio, transcription, vocabulary, translations, quizzes (create, retry). */
  processVideo: "video-process",
  /** Choose the vocabulary again from the video's captions. */
  extractVocabulary: "video-extract-vocabulary",
  generateTranslations: "video-generate-translations",
  regenerateQuizzes: "video-regenerate-quizzes",
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * The reminder pass (lib/reminders), sent by pg-boss's cron every minute; "singleton": one pass
 * runs at a time across every worker process.
 */
export const REMINDER_QUEUE = "reminders-pass";
export const REMINDER_CRON = "* * * * *";

export type TranslationAction = "fill_missing" | "regenerate";

/**
 * Every job is about one video. `waits`: how many times the job found another job running on its
 * video and was put back to run later (it spaces out the next try); `requestedAt`: when the work
 * was asked for (ISO time), which a job put back keeps.
 */
type VideoJob = { videoId: number; waits?: number; requestedAt?: string };

export type JobData = {
  /** `transcribeAudio`: transcribe the audio even when YouTube has captions (the admin asked for it). */
  [QUEUES.processVideo]: VideoJob & { transcribeAudio?: boolean };
  [QUEUES.extractVocabulary]: VideoJob;
  [QUEUES.generateTranslations]: VideoJob & { action: TranslationAction };
  [QUEUES.regenerateQuizzes]: VideoJob;
};

/** What a translations job made (SPEC §3 "Generation response"): lines, lines and words, and the languages. */
export type TranslationsMade = { segmentTranslationCount: number; totalTranslationsGenerated: number; languages: string[] };

/** What a quiz job made (SPEC §3 "Quiz regeneration response"): quizzes, the video's words, and the languages. */
export type QuizzesMade = { totalQuizzesGenerated: number; wordCount: number; languages: string[] };

/** What each kind of job an admin follows makes, by the name of its action (and route). */
export type ReportedJobs = { "generate-translations": TranslationsMade; "regenerate-quizzes": QuizzesMade };
export type ReportedAction = keyof ReportedJobs;

/**
 * How the latest job of one kind on a video stands, as GET on its action's route answers: queued
 * (waiting for a worker or for another job on the video, or for a retry), running, or finished
 * (`completed` with what it made, or `failed` with the reason). `none`: none was ever asked for,
 * or it finished long ago (pg-boss deletes archived jobs after a week).
 */
export type JobStatus<Result> = {
  videoId: number;
  state: "none" | "queued" | "running" | "completed" | "failed";
  requestedAt: string | null;
  finishedAt: string | null;
  result: Result | null;
  error: string | null;
};

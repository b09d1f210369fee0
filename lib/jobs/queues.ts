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

export type TranslationAction = "fill_missing" | "regenerate";

/**
 * Every job is about one video. `waits`: how many times the job found another job running on its
 * video and was put back to run later (it spaces out the next try); `requestedAt`: when the work
 * was asked for (ISO time), which a job put back keeps.
 */
type VideoJob = { videoId: number; waits?: number; requestedAt?: string };

export type JobData = {
  [QUEUES.processVideo]: VideoJob;
  [QUEUES.extractVocabulary]: VideoJob;
  [QUEUES.generateTranslations]: VideoJob & { action: TranslationAction };
  [QUEUES.regenerateQuizzes]: VideoJob;
};

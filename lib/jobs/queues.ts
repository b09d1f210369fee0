/**
 * The processing worker's queues and what each job carries. The web app only sends; the worker
 * (in-process in embedded mode, `npm run worker` otherwise) does the work.
 */
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

export type JobData = {
  [QUEUES.processVideo]: { videoId: number };
  [QUEUES.extractVocabulary]: { videoId: number };
  [QUEUES.generateTranslations]: { videoId: number; action: TranslationAction };
  [QUEUES.regenerateQuizzes]: { videoId: number };
};

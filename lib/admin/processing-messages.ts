/**
 * Toast texts for the work an admin hands to the worker (SPEC §8). The server queues the work and
 * answers at once, so a queued answer says the work has started; an answer with finished counts
 * (a server that did the work while the admin waited) says what was made.
 */
export type ToastText = { title: string; description: string };

/**
 * A video's row while one of its jobs waits for another on it to finish (one job at a time per
 * video). Refusals (already running: 409; over the hourly limit: 429) come as the server's
 * message in the action's error toast.
 */
export const WAITING_FOR_JOB = "Waiting for another job on this video";

export type ExistingTranslations = { segmentTranslations: number; totalSegments: number; wordTranslations: number };

export type TranslationCheck = { requiresConfirmation: true; videoId: number; existingData: ExistingTranslations };

export type TranslationResult =
  | TranslationCheck
  | { queued: true; videoId: number; action: "fill_missing" | "regenerate"; segmentTranslationCount?: number; totalSegments?: number }
  | { segmentTranslationCount: number; totalTranslationsGenerated: number; languages: string[] };

export type QuizResult =
  | { queued: true; videoId: number; wordCount: number }
  | { totalQuizzesGenerated: number; wordCount: number; languages: string[] };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const needsConfirmation = (result: TranslationResult): result is TranslationCheck =>
  "requiresConfirmation" in result && result.requiresConfirmation === true;

export function wordsExtractedToast(count: number): ToastText {
  return { title: "Words extracted successfully", description: `Extracted ${count} vocabulary words with authentic timestamps` };
}

export function translationToast(result: Exclude<TranslationResult, TranslationCheck>): ToastText {
  if ("totalTranslationsGenerated" in result) {
    return {
      title: "Enhanced Translations Generated!",
      description: `${plural(result.totalTranslationsGenerated, "translation")} (${plural(result.segmentTranslationCount, "line")}) in ${plural(result.languages.length, "language")}`,
    };
  }
  return {
    title: "Translation started",
    description:
      result.action === "regenerate"
        ? "Every line and word is being translated again in the background."
        : "Missing line and word translations are being generated in the background.",
  };
}

export function quizToast(result: QuizResult): ToastText {
  if ("totalQuizzesGenerated" in result) {
    return {
      title: "Quizzes Regenerated!",
      description: `${plural(result.totalQuizzesGenerated, "quiz", "quizzes")} for ${plural(result.wordCount, "word")} in ${plural(result.languages.length, "language")}`,
    };
  }
  return { title: "Quiz regeneration started", description: `Quizzes for ${plural(result.wordCount, "word")} are being rebuilt in the background.` };
}

/** What the confirmation dialog says exists already. */
export function existingTranslationsText(data: ExistingTranslations): string {
  return `${data.segmentTranslations} line translations (${plural(data.totalSegments, "line")} in the video) and ${plural(data.wordTranslations, "word translation")} exist already.`;
}

/**
 * Toast texts for the work an admin hands to the worker (SPEC §8). The server queues the work and
 * answers at once, so its answer says the work has started; once the job has finished (GET on the
 * answer's statusUrl), a second toast says what it made, or why it failed.
 * These are SPEC §8's English texts; the admin screen says them in the reader's language from the
 * catalogue's admin.toasts.* (lib/data/use-video-processing.ts, use-job-outcomes.ts).
 */
import type { JobStatus, QuizzesMade, ReportedAction, ReportedJobs, TranslationsMade } from "@/lib/jobs/queues";

export type ToastText = { title: string; description: string };

export type ExistingTranslations = { segmentTranslations: number; totalSegments: number; wordTranslations: number };

export type TranslationCheck = { requiresConfirmation: true; videoId: number; existingData: ExistingTranslations };

export type TranslationsQueued = {
  queued: true;
  videoId: number;
  action: "fill_missing" | "regenerate";
  segmentTranslationCount?: number;
  totalSegments?: number;
  statusUrl: string;
};
export type TranslationResult = TranslationCheck | TranslationsQueued;

export type QuizResult = { queued: true; videoId: number; wordCount: number; statusUrl: string };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const needsConfirmation = (result: TranslationResult): result is TranslationCheck =>
  "requiresConfirmation" in result && result.requiresConfirmation === true;

export function wordsExtractedToast(count: number): ToastText {
  return { title: "Words extracted successfully", description: `Extracted ${count} vocabulary words with authentic timestamps` };
}

export function translationToast(result: TranslationsQueued): ToastText {
  return {
    title: "Translation started",
    description:
      result.action === "regenerate"
        ? "Every line and word is being translated again in the background."
        : "Missing line and word translations are being generated in the background.",
  };
}

export function quizToast(result: QuizResult): ToastText {
  return { title: "Quiz regeneration started", description: `Quizzes for ${plural(result.wordCount, "word")} are being rebuilt in the background.` };
}

export function translationsMadeToast(made: TranslationsMade): ToastText {
  return {
    title: "Enhanced Translations Generated!",
    description:
      made.totalTranslationsGenerated === 0
        ? "Nothing was missing: every line and word already had its translations."
        : `${plural(made.totalTranslationsGenerated, "translation")} (${plural(made.segmentTranslationCount, "line")}) in ${plural(made.languages.length, "language")}`,
  };
}

export function quizzesMadeToast(made: QuizzesMade): ToastText {
  return {
    title: "Quizzes Regenerated!",
    description: `${plural(made.totalQuizzesGenerated, "quiz", "quizzes")} for ${plural(made.wordCount, "word")} in ${plural(made.languages.length, "language")}`,
  };
}

export type OutcomeToast = ToastText & { ok: boolean };

/** How a followed job ended: failed (with the worker's reason, if any), or what it made. */
export type JobOutcome =
  | { ok: false; translations: boolean; error: string | null }
  | { ok: true; translations: true; made: TranslationsMade }
  | { ok: true; translations: false; made: QuizzesMade };

/** A followed job's outcome once it has ended; null while it runs (or with nothing to say). */
export function jobOutcome<A extends ReportedAction>(action: A, status: JobStatus<ReportedJobs[A]>): JobOutcome | null {
  const translations = action === "generate-translations";
  if (status.state === "failed") return { ok: false, translations, error: status.error };
  if (status.state !== "completed" || !status.result) return null;
  return translations ? { ok: true, translations, made: status.result as TranslationsMade } : { ok: true, translations, made: status.result as QuizzesMade };
}

/** The toast for a followed job that has ended: what it made, or why it failed; null while it runs (or with nothing to say). */
export function jobOutcomeToast<A extends ReportedAction>(action: A, status: JobStatus<ReportedJobs[A]>): OutcomeToast | null {
  const outcome = jobOutcome(action, status);
  if (!outcome) return null;
  if (!outcome.ok) {
    return {
      ok: false,
      title: outcome.translations ? "Translation Error" : "Quiz Regeneration Error",
      description: outcome.error ?? (outcome.translations ? "Failed to generate translations" : "Failed to regenerate quizzes"),
    };
  }
  return { ok: true, ...(outcome.translations ? translationsMadeToast(outcome.made) : quizzesMadeToast(outcome.made)) };
}

/** What the confirmation dialog says exists already. */
export function existingTranslationsText(data: ExistingTranslations): string {
  return `${data.segmentTranslations} line translations (${plural(data.totalSegments, "line")} in the video) and ${plural(data.wordTranslations, "word translation")} exist already.`;
}

/** SPEC §8's success toast for a processed video; a video with no vocabulary (captions only, no AI provider) says so instead of claiming quizzes. */
export function processedToast(video: { title: string; wordCount: number }): ToastText {
  if (video.wordCount > 0) return { title: "Video processed successfully", description: "Vocabulary words have been extracted and quizzes generated" };
  return {
    title: "Video processed successfully",
    description: `"${video.title}" has its captions, but no vocabulary words were found, so it has no quizzes yet. Use Extract vocabulary once an AI provider is configured.`,
  };
}

/**
 * The player's timing rules (SPEC §4 "Captions" and "Quiz flow", §9), as pure functions of the
 * media time in milliseconds, so each rule is unit-tested on its own.
 */
import { type TimedVocabulary, vocabularySpan } from "@/lib/text/word-match";

/** A word lights up this long before it is spoken. */
export const HIGHLIGHT_LEAD_MS = 200;
/** A word with no end time stays lit this long. */
export const DEFAULT_WORD_MS = 200;
/** A word belongs to a caption starting up to 500 ms after it, or up to 20 s before it. */
export const CAPTION_MATCH_BEFORE_MS = 500;
export const CAPTION_MATCH_AFTER_MS = 20_000;
/** A quiz triggers 350 ms before its time, within a 0.5 s window. */
export const QUIZ_LEAD_MS = 350;
export const QUIZ_WINDOW_MS = 500;
/** A forward jump longer than this triggers the first skipped quiz as catch-up. */
export const CATCH_UP_JUMP_MS = 1000;

export type CaptionTiming = { id: number; startTime: number; endTime: number };
export type TimedWord = { word: string; start: number; end: number | null };
export type QuizWord = { id: number; timestamp: number | string; quizTime?: number | string | null };

export type WordState = "upcoming" | "speaking" | "spoken" | "highlighted";

/** The caption whose start and end span `timeMs` (the first, should two overlap). */
export function activeCaption<T extends CaptionTiming>(captions: readonly T[], timeMs: number): T | undefined {
  return captions.find((c) => timeMs >= c.startTime && timeMs <= c.endTime);
}

/** When a word is lit: from 200 ms before its start to its end (or 200 ms after its start). */
export function highlightWindow(word: Pick<TimedWord, "start" | "end">): { from: number; to: number } {
  const end = word.end ?? word.start + DEFAULT_WORD_MS;
  return { from: word.start - HIGHLIGHT_LEAD_MS, to: Math.max(end, word.start + 1) };
}

/** Whether a word starting at `wordStart` may belong to a caption starting at `captionStart`. */
export function wordMatchesCaption(wordStart: number, captionStart: number): boolean {
  const offset = wordStart - captionStart;
  return offset >= -CAPTION_MATCH_BEFORE_MS && offset <= CAPTION_MATCH_AFTER_MS;
}

/** The caption a word belongs to: the latest caption it may match (words run forward within a line). */
export function captionForWord<T extends CaptionTiming>(captions: readonly T[], wordStart: number): T | undefined {
  let match: T | undefined;
  for (const caption of captions) {
    if (wordMatchesCaption(wordStart, caption.startTime) && caption.startTime - CAPTION_MATCH_BEFORE_MS <= wordStart) match = caption;
  }
  return match;
}

/**
 * A caption word's look at `timeMs`: speaking inside its window; a vocabulary word stays
 * highlighted once spoken; while a quiz shows, every other word that is not a spoken vocabulary
 * word takes the spoken style.
 */
export function wordState(
  word: Pick<TimedWord, "start" | "end">,
  timeMs: number,
  options: { vocabulary: boolean; quizShowing: boolean },
): WordState {
  const { from, to } = highlightWindow(word);
  const started = timeMs >= from;
  const finished = timeMs > to;
  if (options.vocabulary && finished) return "highlighted";
  if (options.quizShowing) return options.vocabulary && started ? "highlighted" : "spoken";
  if (!started) return "upcoming";
  return finished ? "spoken" : "speaking";
}

/** When a word's quiz opens: its quizTime, else its timestamp, minus 350 ms. */
export function quizTriggerTime(word: QuizWord): number {
  const at = Number(word.quizTime ?? word.timestamp);
  return (Number.isFinite(at) ? at : 0) - QUIZ_LEAD_MS;
}

/**
 * The quiz to show as time moves from `previousMs` to `timeMs`, given the words already quizzed
 * this visit: a word whose 0.5 s window holds the current time, or, after a forward jump of more
 * than 1 s, the first word whose trigger was skipped (catch-up).
 */
export function quizToTrigger<T extends QuizWord>(
  words: readonly T[],
  previousMs: number,
  timeMs: number,
  done: ReadonlySet<number>,
): { word: T; catchUp: boolean } | undefined {
  const pending = words.filter((w) => !done.has(w.id)).sort((a, b) => quizTriggerTime(a) - quizTriggerTime(b));
  if (timeMs - previousMs > CATCH_UP_JUMP_MS) {
    const skipped = pending.find((w) => {
      const at = quizTriggerTime(w);
      return at > previousMs && at <= timeMs;
    });
    if (skipped) return { word: skipped, catchUp: true };
  }
  const due = pending.find((w) => {
    const at = quizTriggerTime(w);
    return timeMs >= at && timeMs < at + QUIZ_WINDOW_MS;
  });
  return due ? { word: due, catchUp: false } : undefined;
}

/**
 * Which of a line's timed words (by index) light as its vocabulary words: for each, the words
 * processing timed it by, found by the same rule (lib/text/word-match.ts), every piece of a word
 * heard in pieces (a Japanese verb heard as 飲|み|ます).
 */
export function vocabularyTimingIndexes(
  vocabulary: readonly TimedVocabulary[],
  timings: readonly { word: string; start: number }[],
  language: string,
): Set<number> {
  const lit = new Set<number>();
  for (const v of vocabulary) {
    const span = vocabularySpan(v, timings, language);
    if (!span) continue;
    for (let i = span.first; i <= span.last; i++) lit.add(i);
  }
  return lit;
}

/**
 * The player's timing rules (SPEC §4 "Captions" and "Quiz flow", §9), as pure functions of the
 * media time in milliseconds, so each rule is unit-tested on its own.
 */
import { type TimedVocabulary, vocabularySpan } from "@/lib/text/word-match";
import type { LearningPreferences } from "@/lib/types/api";

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

/** How often quizzes interrupt (the learner's setting): at every vocabulary word, at most one every `gapMs`, or never. */
export type QuizPacing = { mode: "every" } | { mode: "spaced"; gapMs: number } | { mode: "off" };

/** How often quizzes open by the learner's settings (the player's rule; the profile shows the same). */
export function quizPacing(preferences: Pick<LearningPreferences, "pauseOnHighlight" | "quizFrequency" | "quizGapSeconds"> | undefined): QuizPacing {
  // SPEC §3 "Pause on Highlight" off: the video never stops for a quiz.
  if (preferences && !preferences.pauseOnHighlight) return { mode: "off" };
  if (preferences?.quizFrequency === "off") return { mode: "off" };
  if (preferences?.quizFrequency === "spaced") return { mode: "spaced", gapMs: preferences.quizGapSeconds * 1000 };
  return { mode: "every" };
}

const EVERY_WORD: QuizPacing = { mode: "every" };

/**
 * Due words quizzed inside a video (reviews) stand at least this far apart, and an extra one (not
 * in a vocabulary quiz's place) this far from the video's own quizzes (lib/words/cards/placement.ts).
 */
export const REVIEW_GAP_MS = 20_000;

/** The least time between two reviews under this pacing. */
export function reviewGapMs(pacing: QuizPacing): number {
  return pacing.mode === "spaced" ? Math.max(pacing.gapMs, REVIEW_GAP_MS) : REVIEW_GAP_MS;
}

export type QuizContext = {
  /** The video's lines in time order: a catch-up quiz asks only about the line shown or the one just before it. */
  lines?: readonly CaptionTiming[];
  /** The line a word was said in (its caption id). */
  lineOf?: (word: QuizWord) => number | undefined;
  pacing?: QuizPacing;
  /** The trigger time of the last quiz shown this visit, for spaced pacing. */
  lastQuizAt?: number | null;
  /**
   * Whether a quiz is a review of a due word: the server placed it where the pacing has room
   * (lib/words/cards/placement.ts), so it comes whatever the pacing, and is never dropped here.
   */
  isReview?: (word: QuizWord) => boolean;
};

/**
 * The lines a catch-up quiz may ask about at `timeMs`: the line shown and the one before it, or,
 * between lines, the line just ended. Never a line the learner jumped over.
 */
export function catchUpLineIds(lines: readonly CaptionTiming[], timeMs: number): Set<number> {
  let last = -1;
  for (let i = 0; i < lines.length && lines[i]!.startTime <= timeMs; i++) last = i;
  if (last < 0) return new Set();
  const shown = timeMs <= lines[last]!.endTime;
  return new Set(shown && last > 0 ? [lines[last]!.id, lines[last - 1]!.id] : [lines[last]!.id]);
}

/**
 * Whether pacing lets a quiz at `at` through, `lastQuizAt` being the last one shown (of either
 * kind): at every word always; spaced, the learner's gap after it. A review always comes.
 */
function pacingAllows(pacing: QuizPacing, at: number, lastQuizAt: number | null | undefined, review: boolean): boolean {
  if (pacing.mode === "off") return false;
  if (pacing.mode === "every" || review) return true;
  return lastQuizAt == null || Math.abs(at - lastQuizAt) >= pacing.gapMs;
}

/**
 * The quiz to show as time moves from `previousMs` to `timeMs`, given the words already quizzed
 * this visit: a word whose 0.5 s window holds the current time, or, after a forward jump of more
 * than 1 s, the first word whose trigger was skipped (catch-up), if it was said in the line now
 * shown or the one before it. Spaced pacing leaves out a word due too soon after the last quiz
 * (never a review).
 * Runs every frame: the common case (nothing due) scans the few words once and allocates nothing.
 */
export function quizToTrigger<T extends QuizWord>(
  words: readonly T[],
  previousMs: number,
  timeMs: number,
  done: ReadonlySet<number>,
  context: QuizContext = {},
): { word: T; catchUp: boolean } | undefined {
  const { pacing = EVERY_WORD, lastQuizAt, isReview } = context;
  if (pacing.mode === "off") return undefined;
  const jumped = timeMs - previousMs > CATCH_UP_JUMP_MS;
  const allowed = jumped && context.lines && context.lineOf ? catchUpLineIds(context.lines, timeMs) : null;
  let skipped: { word: T; at: number } | undefined;
  let due: { word: T; at: number } | undefined;
  for (const word of words) {
    if (done.has(word.id)) continue;
    const at = quizTriggerTime(word);
    if (!pacingAllows(pacing, at, lastQuizAt, isReview?.(word) ?? false)) continue;
    if (jumped && at > previousMs && at <= timeMs && (!skipped || at < skipped.at)) {
      const line = allowed ? context.lineOf!(word) : undefined;
      if (!allowed || (line !== undefined && allowed.has(line))) skipped = { word, at };
    }
    // In its window, or passed over by one slow frame of ordinary playback (a busy machine can miss a 0.5 s window).
    const inWindow = (timeMs >= at && timeMs < at + QUIZ_WINDOW_MS) || (!jumped && previousMs < at && at <= timeMs);
    if (inWindow && (!due || at < due.at)) due = { word, at };
  }
  if (skipped) return { word: skipped.word, catchUp: true };
  return due ? { word: due.word, catchUp: false } : undefined;
}

/** Stop this long before a line ends, so the pause lands while the line is still shown. */
export const LINE_PAUSE_LEAD_MS = 60;

/**
 * "Pause after each line": the line whose end is reached as time moves from `previousMs` to
 * `timeMs` in ordinary playback, and where to hold the media so the line stays shown (the time
 * itself, unless a slow frame already carried it past the line's end). The hold is a millisecond
 * inside the line: a time set in seconds can read back a hair over the millisecond it was set at.
 */
export function linePause<T extends CaptionTiming>(lines: readonly T[], previousMs: number, timeMs: number): { line: T; holdAt: number } | undefined {
  if (timeMs <= previousMs || timeMs - previousMs > CATCH_UP_JUMP_MS) return undefined;
  for (const line of lines) {
    const at = Math.max(line.startTime, line.endTime - LINE_PAUSE_LEAD_MS);
    if (previousMs < at && timeMs >= at) return { line, holdAt: Math.max(line.startTime, Math.min(timeMs, line.endTime - 1)) };
  }
  return undefined;
}

/**
 * Where to put the media once paused for `stop`, if it stopped at `pausedMs` (later than the frame's
 * time: the media plays on while the frame renders, longer on a busy machine): back at the hold when
 * the line would no longer be the one shown, else nowhere (undefined: no seek).
 */
export function lineHoldSeek<T extends CaptionTiming>(lines: readonly T[], stop: { line: T; holdAt: number }, pausedMs: number): number | undefined {
  return activeCaption(lines, pausedMs)?.id === stop.line.id ? undefined : stop.holdAt;
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
  return new Set(vocabularyTimingWords(vocabulary, timings, language).keys());
}

/** The same, with the vocabulary word each lit index says, and whether it is the word's first piece. */
export function vocabularyTimingWords<V extends TimedVocabulary>(
  vocabulary: readonly V[],
  timings: readonly { word: string; start: number }[],
  language: string,
): Map<number, { vocabulary: V; first: boolean }> {
  const lit = new Map<number, { vocabulary: V; first: boolean }>();
  for (const v of vocabulary) {
    const span = vocabularySpan(v, timings, language);
    if (!span) continue;
    for (let i = span.first; i <= span.last; i++) lit.set(i, { vocabulary: v, first: i === span.first });
  }
  return lit;
}

/**
 * The player's timing rules (SPEC §4 "Captions" and "Quiz flow", §9), as pure functions of the
 * media time in milliseconds, so each rule is unit-tested on its own.
 */

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

/** Caption words as they are compared with vocabulary: lower case, without surrounding punctuation. */
export function normalizeWord(text: string): string {
  return text
    .toLocaleLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
}

/**
 * Whether a caption word is a vocabulary word said there: the timing the word was timed by (it
 * may say more, as "l'eau" says "eau", or less, as a piece of a Japanese word), or the same word
 * within a second of its time.
 */
export function isVocabularyTiming(vocabulary: { word: string; timestamp: number | string }, timing: { word: string; start: number }): boolean {
  const [word, said] = [normalizeWord(vocabulary.word), normalizeWord(timing.word)];
  if (!word || !said) return false;
  const at = Number(vocabulary.timestamp);
  if (at === timing.start && (said.includes(word) || word.includes(said))) return true;
  return word === said && Math.abs(at - timing.start) < 1000;
}

/**
 * Which of a line's timed words (by index) say its vocabulary words: the timing each word was
 * timed by (`isVocabularyTiming`) and, when that timing says only the word's first piece (a
 * Japanese verb heard as 飲|み|ます), the pieces right after it that spell the rest.
 */
export function vocabularyTimingIndexes(
  vocabulary: readonly { word: string; timestamp: number | string }[],
  timings: readonly { word: string; start: number }[],
): Set<number> {
  const lit = new Set<number>();
  for (const v of vocabulary) {
    const word = normalizeWord(v.word);
    timings.forEach((timing, i) => {
      if (!isVocabularyTiming(v, timing)) return;
      lit.add(i);
      let spelled = normalizeWord(timing.word);
      for (let j = i + 1; j < timings.length && spelled.length < word.length && word.startsWith(spelled); j++) {
        const next = spelled + normalizeWord(timings[j]!.word);
        if (!next || !word.startsWith(next)) break;
        lit.add(j);
        spelled = next;
      }
    });
  }
  return lit;
}

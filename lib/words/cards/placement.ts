/**
 * Where a video quizzes the learner's due words (reviews), each at the end of a line it is said in.
 * Shared by the server, which places them, and its tests; the player shows every review placed,
 * never spacing one out itself (lib/player/timing.ts), so what is placed here is what is asked.
 *
 * At every word (the default pacing) the video's own quizzes come every few seconds, so a review
 * rarely finds REVIEW_GAP_MS of room. It then takes the place of the nearest vocabulary quiz (that
 * word is not asked this visit), if the quizzes left stay REVIEW_NEAR_MS from it; where there is
 * room it comes as an extra quiz. Spaced, it takes a turn of the learner's pacing: it comes at
 * least their gap after the quiz before it, and the pacing leaves out the quizzes too close after.
 *
 * Reviews never crowd a video: they stand REVIEW_GAP_MS (or the learner's longer gap) apart, at
 * most VIDEO_REVIEWS_MAX, and take the place of at most half of the video's own quizzes. Among a
 * word's lines, one that needs no quiz of the video's left out comes first, then one without a
 * vocabulary word of the video, then the one farthest from the quizzes left.
 */
import { captionForWord, QUIZ_LEAD_MS, REVIEW_GAP_MS, reviewGapMs, type CaptionTiming, type QuizPacing, type QuizWord } from "@/lib/player/timing";

/** The most due words one video quizzes. */
export const VIDEO_REVIEWS_MAX = 5;
/** The least time between a review that takes a vocabulary quiz's place and any other quiz. */
export const REVIEW_NEAR_MS = 3000;

/** A line a due word is said in. */
export type ReviewLine = { captionId: number; endTime: number; hasVocabulary: boolean };
export type ReviewCandidate = { lemma: string; lines: readonly ReviewLine[] };
/** A vocabulary quiz of the video: its word's id and its trigger time. */
export type VocabularyQuiz = { id: number; at: number };
/** A placed review; `replaces` is the vocabulary word whose quiz it takes the place of (null: an extra quiz). */
export type PlacedReview = { lemma: string; line: ReviewLine; quizTime: number; replaces: number | null };

/** A review opens as its line ends (its quiz time), less the lead every quiz has. */
export const reviewTrigger = (line: ReviewLine) => line.endTime - QUIZ_LEAD_MS;

type Spot = { line: ReviewLine; at: number; replaces: number | null; clear: number };

const nearest = (at: number, times: readonly number[]) => times.reduce((best, t) => Math.min(best, Math.abs(at - t)), Infinity);

/**
 * The quizzes a linear play-through shows under spaced pacing: every review, and a vocabulary quiz
 * when it comes `gapMs` after the last quiz shown (the player's rule, quizToTrigger).
 */
function shownSpaced(vocabulary: readonly VocabularyQuiz[], reviews: readonly number[], gapMs: number): { at: number; review: boolean }[] {
  const all = [...reviews.map((at) => ({ at, review: true })), ...vocabulary.map((v) => ({ at: v.at, review: false }))].sort((a, b) => a.at - b.at || Number(b.review) - Number(a.review));
  const shown: { at: number; review: boolean }[] = [];
  for (const quiz of all) {
    const last = shown.at(-1);
    if (quiz.review || !last || quiz.at - last.at >= gapMs) shown.push(quiz);
  }
  return shown;
}

/** Spaced: every review comes at least the gap after the quiz shown before it. */
function spacedFits(vocabulary: readonly VocabularyQuiz[], reviews: readonly number[], gapMs: number): boolean {
  const shown = shownSpaced(vocabulary, reviews, gapMs);
  return shown.every((quiz, i) => !quiz.review || i === 0 || quiz.at - shown[i - 1]!.at >= gapMs);
}

/**
 * Where a review said in `line` could go given what is placed: at every word, as an extra quiz or
 * in a vocabulary quiz's place; spaced, in a turn of the pacing. Undefined when it has no room.
 */
function spotFor(line: ReviewLine, pacing: QuizPacing & { mode: "every" | "spaced" }, left: readonly VocabularyQuiz[], reviews: readonly number[], mayReplace: boolean): Spot | undefined {
  const at = reviewTrigger(line);
  if (nearest(at, reviews) < reviewGapMs(pacing)) return undefined;
  const times = left.map((v) => v.at);
  if (pacing.mode === "spaced") {
    if (!spacedFits(left, [...reviews, at], pacing.gapMs)) return undefined;
    return { line, at, replaces: null, clear: nearest(at, shownSpaced(left, reviews, pacing.gapMs).map((q) => q.at)) };
  }
  const clear = nearest(at, times);
  if (clear >= REVIEW_GAP_MS) return { line, at, replaces: null, clear };
  if (!mayReplace) return undefined;
  const replaced = left.reduce((best, v) => (Math.abs(v.at - at) < Math.abs(best.at - at) ? v : best));
  const after = nearest(at, left.flatMap((v) => (v === replaced ? [] : [v.at])));
  return after >= REVIEW_NEAR_MS ? { line, at, replaces: replaced.id, clear: after } : undefined;
}

function better(a: Spot, b: Spot | undefined): boolean {
  if (!b) return true;
  if ((a.replaces === null) !== (b.replaces === null)) return a.replaces === null;
  if (a.line.hasVocabulary !== b.line.hasVocabulary) return !a.line.hasVocabulary;
  return a.clear > b.clear;
}

/**
 * The reviews of `candidates` (most overdue first), at most `max`, given the video's vocabulary
 * quizzes; none when the learner has quizzes off.
 */
export function placeReviews(candidates: readonly ReviewCandidate[], vocabulary: readonly VocabularyQuiz[], pacing: QuizPacing, max = VIDEO_REVIEWS_MAX): PlacedReview[] {
  if (pacing.mode === "off") return [];
  const replaceable = Math.floor(vocabulary.length / 2);
  let left = [...vocabulary];
  const placed: PlacedReview[] = [];
  const placedAt: number[] = [];
  for (const candidate of candidates) {
    if (placed.length >= max) break;
    const mayReplace = vocabulary.length - left.length < replaceable;
    let best: Spot | undefined;
    for (const line of candidate.lines) {
      const spot = spotFor(line, pacing, left, placedAt, mayReplace);
      if (spot && better(spot, best)) best = spot;
    }
    if (!best) continue;
    placed.push({ lemma: candidate.lemma, line: best.line, quizTime: best.line.endTime, replaces: best.replaces });
    placedAt.push(best.at);
    if (best.replaces !== null) left = left.filter((v) => v.id !== best.replaces);
  }
  return placed.sort((a, b) => a.quizTime - b.quizTime);
}

/** A quiz of a visit's schedule: vocabulary words keep their ids, reviews take negative ones. */
export type ScheduledQuiz<V, R> = QuizWord & { lineId: number | undefined; quiz: { kind: "vocabulary"; word: V } | { kind: "review"; review: R } };

/**
 * What a visit asks, for the player to trigger (quizToTrigger): the video's vocabulary words but
 * those whose place a review takes, and the reviews, each with the line it was said in (a word's
 * caption, else the caption its time falls in).
 */
export function quizSchedule<
  V extends { id: number; timestamp: number; quizTime?: number | null; captionId?: number | null },
  R extends { quizTime: number; captionId: number; replacesWordId: number | null },
>(vocabulary: readonly V[], reviews: readonly R[], lines: readonly CaptionTiming[]): ScheduledQuiz<V, R>[] {
  const replaced = new Set(reviews.map((r) => r.replacesWordId));
  return [
    ...vocabulary
      .filter((w) => !replaced.has(w.id))
      .map((w) => ({ id: w.id, timestamp: w.timestamp, quizTime: w.quizTime, lineId: w.captionId ?? captionForWord(lines, w.timestamp)?.id, quiz: { kind: "vocabulary" as const, word: w } })),
    ...reviews.map((r, i) => ({ id: -1 - i, timestamp: r.quizTime, lineId: r.captionId, quiz: { kind: "review" as const, review: r } })),
  ];
}

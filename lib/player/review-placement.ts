/**
 * Where a video quizzes the learner's due words (reviews): each at the end of a line it is said
 * in, at least reviewGapMs from every other review and, when every vocabulary word is quizzed,
 * from each of the video's own quizzes (spaced, the player's pacing keeps them apart as they
 * come). Among a word's lines, one without a vocabulary word of the video comes first, then the
 * one farthest from the video's quizzes. Shared by the server, which places them, and its tests.
 */
import { quizTriggerTime, REVIEW_GAP_MS, reviewGapMs, type QuizPacing } from "./timing";

/** The most due words one video quizzes. */
export const VIDEO_REVIEWS_MAX = 5;

/** A line a due word is said in. */
export type ReviewLine = { captionId: number; endTime: number; hasVocabulary: boolean };
export type ReviewCandidate = { lemma: string; lines: readonly ReviewLine[] };
export type PlacedReview = { lemma: string; line: ReviewLine; quizTime: number };

const triggerAt = (line: ReviewLine) => quizTriggerTime({ id: 0, timestamp: line.endTime });
const nearest = (at: number, times: readonly number[]) => times.reduce((best, t) => Math.min(best, Math.abs(at - t)), Infinity);

/**
 * The reviews of `candidates` (most overdue first), at most `max`, given the trigger times of the
 * video's vocabulary quizzes; none when the learner has quizzes off.
 */
export function placeReviews(candidates: readonly ReviewCandidate[], vocabularyTriggers: readonly number[], pacing: QuizPacing, max = VIDEO_REVIEWS_MAX): PlacedReview[] {
  if (pacing.mode === "off") return [];
  const gap = reviewGapMs(pacing);
  const placed: PlacedReview[] = [];
  const placedAt: number[] = [];
  for (const candidate of candidates) {
    if (placed.length >= max) break;
    let best: { line: ReviewLine; at: number; clear: number } | undefined;
    for (const line of candidate.lines) {
      const at = triggerAt(line);
      if (nearest(at, placedAt) < gap) continue;
      const clear = nearest(at, vocabularyTriggers);
      if (pacing.mode === "every" && clear < REVIEW_GAP_MS) continue;
      const better = !best || (best.line.hasVocabulary && !line.hasVocabulary) || (best.line.hasVocabulary === line.hasVocabulary && clear > best.clear);
      if (better) best = { line, at, clear };
    }
    if (!best) continue;
    placed.push({ lemma: candidate.lemma, line: best.line, quizTime: best.line.endTime });
    placedAt.push(best.at);
  }
  return placed.sort((a, b) => a.quizTime - b.quizTime);
}

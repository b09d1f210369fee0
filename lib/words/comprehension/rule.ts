/**
 * How much of a video a learner knows, 0–100 (floor): of its content words, names left out, known
 * ones count 1, learning ones 1/2, ignored ones are left out. Null for a video without words (not
 * processed with lemmas); 100 when every word is ignored.
 *
 * The rule, in one place: the queries that keep the sums per learner and video
 * (db/queries/words/comprehension.ts) are given these weights, and the tokens answer scores a
 * video from them too (comprehensionOf), so a card and its video page agree.
 */
import type { StatusWeights } from "@/db/queries/words/comprehension";
import type { WordStatus } from "@/db/schema";

/** Halves of a word a status is worth (learning counts one half), and whether it counts at all. */
export const COMPREHENSION_WEIGHTS: StatusWeights = {
  halves: { new: 0, learning: 1, known: 2, ignored: 0 },
  counted: { new: 1, learning: 1, known: 1, ignored: 0 },
};

/** A video's sums for a learner: its distinct lemmas, the occurrences' halves known, the occurrences counted. */
export type ComprehensionSums = { lemmas: number; knownHalves: number; counted: number };

/** The score of a video's sums: null without lemmas, 100 when every word is ignored. */
export function scoreOfSums(sums: ComprehensionSums): number | null {
  if (sums.lemmas === 0) return null;
  return sums.counted > 0 ? Math.floor((sums.knownHalves * 50) / sums.counted) : 100;
}

/** The score of a video from its lemmas' statuses and how many content words each has. */
export function comprehensionOf(lemmas: Iterable<{ occurrences: number; status: WordStatus }>): number | null {
  let scored = 0;
  let knownHalves = 0;
  let counted = 0;
  for (const { occurrences: n, status } of lemmas) {
    scored += n;
    knownHalves += n * COMPREHENSION_WEIGHTS.halves[status];
    counted += n * COMPREHENSION_WEIGHTS.counted[status];
  }
  // Any scored occurrence means the video has a lemma: only whether there is one matters here.
  return scoreOfSums({ lemmas: scored, knownHalves, counted });
}

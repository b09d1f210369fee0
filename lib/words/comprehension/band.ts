/** The comprehension score's use in ordering: videos a learner can follow with a little effort come first. */

/** The band of comprehension where a video is worth watching: most words known, a few to learn. */
export const COMFORTABLE_BAND = { min: 90, max: 98 } as const;

export const inComfortableBand = (comprehension: number | null) =>
  comprehension !== null && comprehension >= COMFORTABLE_BAND.min && comprehension <= COMFORTABLE_BAND.max;

/** The videos in the comfortable band first, each group in the order it came (newest first for Recommended for You). */
export function preferComfortable<T extends { comprehension: number | null }>(cards: readonly T[]): T[] {
  return [...cards.filter((c) => inComfortableBand(c.comprehension)), ...cards.filter((c) => !inComfortableBand(c.comprehension))];
}

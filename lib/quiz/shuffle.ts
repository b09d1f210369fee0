/**
 * A quiz's options in a new order for each attempt: the server's order is the same for a word on
 * every visit (and the client keeps a word's quiz for 30 minutes), so without this the right answer
 * would sit at the same place each time it is asked. An attempt's order follows from its key, so it
 * stays put while the quiz is open, whatever re-renders.
 */

import { hash } from "./build";

/** mulberry32: a small seeded generator of numbers in [0, 1), well spread for shuffling a few items. */
export function seededRandom(seed: string | number): () => number {
  let state = typeof seed === "number" ? seed >>> 0 : hash(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The same items in a uniformly random order (Fisher–Yates), drawn from `random`. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The quiz with its options shuffled, `correctIndex` following the right answer. */
export function shuffleQuiz<Q extends { options: string[]; correctIndex: number }>(quiz: Q, random: () => number): Q {
  const order = shuffled(
    quiz.options.map((_, i) => i),
    random,
  );
  return { ...quiz, options: order.map((i) => quiz.options[i]!), correctIndex: order.indexOf(quiz.correctIndex) };
}

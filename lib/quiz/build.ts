/**
 * A word's multiple-choice quiz: its translation and distractors drawn from other vocabulary in
 * the same language, in an order that depends only on the word and the language. The same
 * learner sees the same quiz on every visit, and two learners sharing a native language see the
 * same one, while the right answer's position varies from word to word.
 */
export const QUIZ_OPTIONS = 4;

/** FNV-1a: a small, fast, well-spread 32-bit hash; enough to order a handful of strings or seed a shuffle. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const key = (text: string) => text.trim().toLocaleLowerCase();

function byHash(seed: string, items: string[]): string[] {
  return items
    .map((item) => ({ item, rank: hash(`${seed}\u0000${item}`) }))
    .sort((a, b) => a.rank - b.rank || (a.item < b.item ? -1 : 1))
    .map(({ item }) => item);
}

/**
 * `seed` names the word and language (e.g. "42:en"); `candidates` are other words' translations
 * in that language, best first. Returns null without three distinct distractors: a quiz always
 * has four options.
 */
export function buildQuiz(seed: string, answer: string, candidates: readonly string[]): { options: string[]; correctIndex: number } | null {
  const right = answer.trim();
  if (!right) return null;
  const seen = new Set([key(right)]);
  const distinct: string[] = [];
  for (const candidate of candidates) {
    const text = candidate.trim();
    if (!text || seen.has(key(text))) continue;
    seen.add(key(text));
    distinct.push(text);
  }
  if (distinct.length < QUIZ_OPTIONS - 1) return null;
  const distractors = byHash(seed, distinct).slice(0, QUIZ_OPTIONS - 1);
  // Ordered by another hash than the one that chose them: by that one, the chosen distractors are
  // the pool's lowest and would come first, leaving the right answer last for most words.
  const options = byHash(`${seed}\u0000order`, [right, ...distractors]);
  return { options, correctIndex: options.indexOf(right) };
}

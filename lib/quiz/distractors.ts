/**
 * A vocabulary word's quiz drawn afresh: the right answer and three wrong options picked at random
 * from other words' meanings in the language (db/queries/quiz-distractors.ts), of the word's part
 * of speech where known, so they are neither the video's own other words every time nor the same set on
 * every visit; the four in a random order. Pure: the caller gives the random source (seeded in tests).
 */
import { QUIZ_OPTIONS } from "./build";
import { shuffled } from "./shuffle";

export type Candidate = { text: string; partOfSpeech: string | null };

/** A dictionary definition or a cached meaning runs on after its first sense; an option longer than this reads badly. */
const OPTION_MAX_CHARS = 60;

/** An option's text: the first sense of a meaning ("to read; to gather" is "to read"), or undefined. */
export function optionText(meaning: string): string | undefined {
  const text = meaning.split(/[;\n]/)[0]!.trim();
  return text && text.length <= OPTION_MAX_CHARS ? text : undefined;
}

const key = (text: string) => text.trim().toLocaleLowerCase();

/**
 * Three distinct wrong options for `answer` (none a spelling of it), drawn from the candidates of
 * `partOfSpeech` first, then those whose part of speech is unknown, then the others; null with
 * fewer than three in all. Without a known part of speech, every candidate is as good.
 */
export function drawDistractors(answer: string, candidates: readonly Candidate[], partOfSpeech: string | null, random: () => number): string[] | null {
  const seen = new Set([key(answer)]);
  const tiers: [string[], string[], string[]] = [[], [], []];
  for (const candidate of candidates) {
    const text = optionText(candidate.text);
    if (!text || seen.has(key(text))) continue;
    seen.add(key(text));
    const tier = !partOfSpeech || candidate.partOfSpeech === partOfSpeech ? 0 : candidate.partOfSpeech === null ? 1 : 2;
    tiers[tier].push(text);
  }
  const drawn = tiers.flatMap((tier) => shuffled(tier, random)).slice(0, QUIZ_OPTIONS - 1);
  return drawn.length === QUIZ_OPTIONS - 1 ? drawn : null;
}

/** The quiz: `answer` and the distractors, in a random order. */
export function drawQuiz(answer: string, distractors: readonly string[], random: () => number): { options: string[]; correctIndex: number } {
  const options = shuffled([answer, ...distractors], random);
  return { options, correctIndex: options.indexOf(answer) };
}

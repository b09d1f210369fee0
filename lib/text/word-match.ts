/**
 * Which of a line's timed words say a word: one rule for processing, which times each vocabulary
 * word by the recogniser's words of its line (lib/pipeline/time-word.ts, the segment editor), and
 * for the player, which lights the words processing timed it by (lib/player/timing.ts). The
 * recogniser's words may carry punctuation and capitals ("¿Leche,"), an elided clitic ("l'eau")
 * or, in Japanese and Chinese, cut a word into pieces (飲|み|ます) or hold several words in one.
 */
import { writtenWithoutSpaces } from "./language";
import { bare, spelling, tokenize } from "./tokens";
import { wordKey } from "../words/key";

/** A run of a line's timed words, by index: the first and the last that say the word. */
export type SpokenSpan = { first: number; last: number };

/** A word that names the occurrence processing timed it by: the start (ms) of that occurrence's first timed word. */
export type TimedVocabulary = { word: string; timestamp: number | string };

/** Processing's timestamps may be off by this much in data timed otherwise (the demo content): the same word this close still counts. */
export const SAME_WORD_WITHIN_MS = 1000;

/**
 * Every place where the line's timed words, in order, say `word`. With spaces: a timed word one
 * of whose words (clitics aside) is `word`. Without (Japanese, Chinese): the timed words read
 * one after another spell the line, and the word is found in that spelling, over as many pieces
 * as it takes.
 */
export function spokenSpans(word: string, timings: readonly { word: string }[], language: string): SpokenSpan[] {
  if (!writtenWithoutSpaces(language)) {
    const key = wordKey(bare(word));
    if (!key) return [];
    return timings.flatMap((t, i) => (tokenize(t.word, language).some((token) => !token.clitic && wordKey(token.text) === key) ? [{ first: i, last: i }] : []));
  }
  const wanted = spelling(word);
  if (!wanted) return [];
  const ends: number[] = [];
  let spelled = "";
  for (const t of timings) {
    spelled += spelling(t.word);
    ends.push(spelled.length);
  }
  const spans: SpokenSpan[] = [];
  // Occurrences come in order, so the timed word holding each is found walking on from the last one's.
  let first = 0;
  for (let at = spelled.indexOf(wanted); at >= 0; at = spelled.indexOf(wanted, at + wanted.length)) {
    while (ends[first]! <= at) first++;
    let last = first;
    while (ends[last]! < at + wanted.length) last++;
    spans.push({ first, last });
  }
  return spans;
}

/**
 * Where the line says a vocabulary word as processing timed it: the occurrence whose first timed
 * word starts at its timestamp, else the nearest one starting within a second of it.
 */
export function vocabularySpan(vocabulary: TimedVocabulary, timings: readonly { word: string; start: number }[], language: string): SpokenSpan | undefined {
  const at = Number(vocabulary.timestamp);
  let best: { span: SpokenSpan; off: number } | undefined;
  for (const span of spokenSpans(vocabulary.word, timings, language)) {
    const off = Math.abs(timings[span.first]!.start - at);
    if (off < SAME_WORD_WITHIN_MS && (!best || off < best.off)) best = { span, off };
  }
  return best?.span;
}

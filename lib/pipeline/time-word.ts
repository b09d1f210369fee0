/**
 * When a vocabulary word is spoken, from its line's word timings. The timings are the
 * recogniser's words, which may carry punctuation ("café."), an elided clitic ("l'eau") or, in
 * Japanese and Chinese, cut a word into pieces or hold several words in one.
 */
import "server-only";
import { wordKey } from "@/lib/text/stop-words";
import { writtenWithoutSpaces } from "@/lib/text/language";
import { spelling, tokenize } from "@/lib/text/tokenize";
import type { ProcessedTiming } from "@/db/queries/processed";

/** The first timing of the line that says `word`: its start, and the end of its last piece. */
export function timeWord(word: string, line: readonly ProcessedTiming[], language: string): { startMs: number; endMs: number } | undefined {
  if (!writtenWithoutSpaces(language)) {
    const key = wordKey(word);
    const timing = line.find((t) => tokenize(t.word, language).some((token) => !token.clitic && wordKey(token.text) === key));
    return timing && { startMs: timing.startMs, endMs: timing.endMs ?? timing.startMs };
  }
  // Without spaces, the line's timings read one after another spell the line: find the word in them.
  const wanted = spelling(word);
  const spans: { from: number; to: number; timing: ProcessedTiming }[] = [];
  let spelled = "";
  for (const timing of line) {
    const from = spelled.length;
    spelled += spelling(timing.word);
    spans.push({ from, to: spelled.length, timing });
  }
  const at = wanted ? spelled.indexOf(wanted) : -1;
  if (at < 0) return undefined;
  const first = spans.find((s) => s.to > at)!.timing;
  const last = spans.find((s) => s.to >= at + wanted.length)!.timing;
  return { startMs: first.startMs, endMs: Math.max(first.startMs, last.endMs ?? last.startMs) };
}

/**
 * When a vocabulary word is spoken, from its line's word timings. The timings are the
 * recogniser's words, which may carry punctuation ("café."), an elided clitic ("l'eau") or, in
 * Japanese and Chinese, cut a word into pieces or hold several words in one.
 */
import "server-only";
import { spokenSpans } from "@/lib/text/word-match";
import type { ProcessedTiming } from "@/db/queries/processed";

/** The first timing of the line that says `word` (lib/text/word-match.ts): its start, and the end of its last piece. */
export function timeWord(word: string, line: readonly ProcessedTiming[], language: string): { startMs: number; endMs: number } | undefined {
  const span = spokenSpans(word, line, language)[0];
  if (!span) return undefined;
  const [first, last] = [line[span.first]!, line[span.last]!];
  return { startMs: first.startMs, endMs: Math.max(first.startMs, last.endMs ?? last.startMs) };
}

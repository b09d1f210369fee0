/**
 * The words of a line worth teaching: tokens.ts's words, less stop-words, numbers and single
 * letters (stop-words.ts).
 */
import { writtenWithoutSpaces } from "./language";
import { isContentWord, isStopWord } from "./stop-words";
import { bare, type Token } from "./tokens";
import { wordKey } from "../words/key";

export { bare, spelling, tokenize, wordSpans, type Token } from "./tokens";

/** The most segmenter pieces one Japanese or Chinese word may take (a verb stem, its ending and an auxiliary). */
const MAX_PIECES = 4;

/** The words of a line worth teaching, each once, in the order they come. */
export function contentWords(tokens: Token[], language: string): string[] {
  const seen = new Map<string, string>();
  for (const t of tokens) if (!t.clitic && isContentWord(t.text, language) && !seen.has(wordKey(t.text))) seen.set(wordKey(t.text), t.text);
  return [...seen.values()];
}

/**
 * The first place where `word` is a word of the line worth teaching, as the line writes it: one
 * word (after any elided clitic: "l'eau" gives "eau"), or in Japanese and Chinese a few adjacent
 * pieces that start with a content word. Undefined when it is not a word of the line, or a stop-word.
 */
export function findWord(line: string, tokens: Token[], word: string, language: string): { text: string; start: number; end: number } | undefined {
  const wanted = wordKey(bare(word));
  if (!wanted) return undefined;
  const joined = writtenWithoutSpaces(language);
  for (let i = 0; i < tokens.length; i++) {
    for (const { j, key } of pieceRuns(tokens, i)) {
      if (key.length > wanted.length) break;
      if (key !== wanted) continue;
      const run = tokens.slice(i, j + 1);
      const found = joined ? piecesWord(line, run, language) : spacedWord(run, language);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The runs of adjacent tokens from token `i` that may be one word, shortest first: each its last
 * token `j` and the key the run spells (up to MAX_PIECES tokens written against each other).
 */
export function* pieceRuns(tokens: readonly Token[], i: number): Generator<{ j: number; key: string }> {
  let key = "";
  for (let j = i; j < tokens.length && j < i + MAX_PIECES; j++) {
    if (j > i && tokens[j]!.start !== tokens[j - 1]!.end) return;
    key += wordKey(tokens[j]!.text);
    yield { j, key };
  }
}

/** Whether adjacent pieces of a Japanese or Chinese line may be taught as one word. */
export function isPiecesWord(line: string, run: readonly Token[], language: string): boolean {
  return piecesWord(line, run, language) !== undefined;
}

/** Clitics, then one content word. */
function spacedWord(run: Token[], language: string) {
  const last = run.at(-1)!;
  if (run.slice(0, -1).some((t) => !t.clitic) || last.clitic || !isContentWord(last.text, language)) return undefined;
  return { text: last.text, start: last.start, end: last.end };
}

/** Adjacent pieces starting with a content word, not a stop-word as a whole (あり|ます). */
function piecesWord(line: string, run: readonly Token[], language: string) {
  const [first, last] = [run[0]!, run.at(-1)!];
  const text = line.slice(first.start, last.end);
  if (!isContentWord(first.text, language) || isStopWord(text, language)) return undefined;
  return { text, start: first.start, end: last.end };
}

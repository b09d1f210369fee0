/**
 * A caption line's words as the owner's segment editor offers them: the words that may be its
 * vocabulary word (those processing could pick, and the server accepts: `findWord`), and the line
 * in parts for reading, its words apart from the text between them.
 */
import { wordKey } from "./stop-words";
import { writtenWithoutSpaces } from "./language";
import { contentWords, findWord, wordSpans, type Token } from "./tokenize";

export type WordChoice = { key: string; text: string };

/**
 * The words the line may teach, each once, as the line writes it, in line order: its content
 * words, and those of `extra` that it may teach too (in Japanese and Chinese a word of several
 * pieces, such as the current vocabulary word 飲みます).
 */
export function wordChoices(line: string, tokens: Token[], language: string, extra: readonly string[] = []): WordChoice[] {
  const found = new Map<string, { text: string; start: number; end: number }>();
  for (const word of [...contentWords(tokens, language), ...extra]) {
    const at = findWord(line, tokens, word, language);
    if (at && !found.has(wordKey(at.text))) found.set(wordKey(at.text), at);
  }
  return [...found]
    .sort(([, a], [, b]) => a.start - b.start || a.end - b.end)
    .map(([key, { text }]) => ({ key, text }));
}

/**
 * In Japanese and Chinese, `word` with the line's next piece, when the line may teach that
 * (飲 → 飲み → 飲みます): the segmenter cuts verbs into pieces, so the owner builds one up.
 */
export function longerWord(line: string, tokens: Token[], word: string, language: string): string | undefined {
  if (!writtenWithoutSpaces(language)) return undefined;
  const at = findWord(line, tokens, word, language);
  const next = at && tokens.find((t) => t.start === at.end);
  if (!at || !next) return undefined;
  return findWord(line, tokens, line.slice(at.start, next.end), language)?.text;
}

/** A stretch of a line as it is written: one of its tokens, or the text between two. */
export type LinePart = { text: string; token?: Token; vocabulary: boolean };

/** The whole line in parts; the tokens that say `vocabularyWord` (each piece, each time) are marked. */
export function lineParts(line: string, tokens: Token[], vocabularyWord: string | undefined): LinePart[] {
  const spans = vocabularyWord ? wordSpans(tokens, vocabularyWord) : [];
  const parts: LinePart[] = [];
  let at = 0;
  for (const token of tokens) {
    if (token.start > at) parts.push({ text: line.slice(at, token.start), vocabulary: false });
    parts.push({ text: token.text, token, vocabulary: spans.some((s) => s.start <= token.start && token.end <= s.end) });
    at = token.end;
  }
  if (at < line.length) parts.push({ text: line.slice(at), vocabulary: false });
  return parts;
}

/**
 * The parts in runs that must stay on one line, and the spaces between them where the line may
 * wrap: a word keeps the punctuation and clitic written against it ("¿Puedo", "gas,", "l'eau",
 * "ます。"), which would otherwise wrap on their own beside a word shown as a button. Words
 * written together (Japanese) stay apart, so a long line still wraps between them.
 */
export function unbreakableRuns(parts: LinePart[]): (LinePart[] | string)[] {
  const runs: (LinePart[] | string)[] = [];
  let run: LinePart[] = [];
  const close = () => {
    if (run.length) runs.push(run);
    run = [];
  };
  for (const part of parts) {
    if (part.token) {
      // An elided clitic stays with its word ("l'eau").
      if (run.some((p) => p.token) && !run.at(-1)!.token?.clitic) close();
      run.push(part);
      continue;
    }
    for (const piece of part.text.split(/(\s+)/)) {
      if (!piece) continue;
      if (/^\s+$/.test(piece)) {
        close();
        runs.push(piece);
      } else run.push({ ...part, text: piece });
    }
  }
  close();
  return runs;
}

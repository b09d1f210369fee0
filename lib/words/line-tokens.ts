/**
 * The word popover's and the status colours' pure logic: which analysed word of a line a timed
 * caption word is, a line's text cut into plain text and words, and a status change applied to a
 * video's words at once (before the server confirms it) with each line's count of unknown words.
 */
import type { LineWordDto, VideoTokens } from "@/lib/types/api";

export type WordStatus = LineWordDto["status"];

export type LineTokens = VideoTokens["lines"][number];

/** A word worth counting as unknown: a content word, not a name, neither known nor ignored (as the server counts). */
export const isUnknownWord = (w: Pick<LineWordDto, "isContent" | "isProperNoun" | "status">) =>
  w.isContent && !w.isProperNoun && (w.status === "new" || w.status === "learning");

/** Whether a word's status is marked in the captions: names and function words stay plain. */
export const showsStatus = (w: Pick<LineWordDto, "isContent" | "isProperNoun">) => w.isContent && !w.isProperNoun;

/**
 * The analysed word under each timed word of a line (undefined for none, e.g. punctuation):
 * the timed words are found in the line's text in order, and the word overlapping each is its
 * token (Japanese pieces of one word all find the same token).
 */
export function tokensForTimedWords(text: string, timed: readonly { word: string }[], words: readonly LineWordDto[]): (LineWordDto | undefined)[] {
  const lower = text.toLowerCase();
  let cursor = 0;
  return timed.map(({ word }) => {
    const piece = word.trim();
    if (!piece) return undefined;
    let at = text.indexOf(piece, cursor);
    if (at < 0) at = lower.indexOf(piece.toLowerCase(), cursor);
    if (at < 0) return undefined;
    const end = at + piece.length;
    cursor = end;
    return words.find((w) => w.start < end && w.end > at);
  });
}

export type LinePart = string | LineWordDto;

/** A line's text as written: the text between words as strings, each word as its token. */
export function lineParts(text: string, words: readonly LineWordDto[]): LinePart[] {
  const parts: LinePart[] = [];
  let cursor = 0;
  for (const word of [...words].sort((a, b) => a.start - b.start)) {
    if (word.start < cursor || word.end > text.length || word.end <= word.start) continue;
    if (word.start > cursor) parts.push(text.slice(cursor, word.start));
    parts.push(word);
    cursor = word.end;
  }
  if (cursor < text.length) parts.push(text.slice(cursor));
  return parts;
}

/** The video's words with `lemma` set to `status` everywhere, each line's unknown count and the words to learn first updated. */
export function withWordStatus(tokens: VideoTokens, lemma: string, status: WordStatus): VideoTokens {
  let changed = false;
  const lines = tokens.lines.map((line) => {
    if (!line.words.some((w) => w.lemma === lemma && w.status !== status)) return line;
    changed = true;
    const words = line.words.map((w) => (w.lemma === lemma ? { ...w, status } : w));
    return { ...line, words, unknownWords: words.filter(isUnknownWord).length };
  });
  const wordsToLearnFirst = status === "new" ? tokens.wordsToLearnFirst : tokens.wordsToLearnFirst.filter((w) => w.lemma !== lemma);
  if (!changed && wordsToLearnFirst.length === tokens.wordsToLearnFirst.length) return tokens;
  return { ...tokens, lines, wordsToLearnFirst };
}

/** The status of `lemma` in the video, "new" when none of its words has one. */
export function statusOfLemma(tokens: VideoTokens | undefined, lemma: string): WordStatus {
  for (const line of tokens?.lines ?? []) {
    const word = line.words.find((w) => w.lemma === lemma);
    if (word) return word.status;
  }
  return "new";
}

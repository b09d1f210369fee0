/**
 * A caption line's words, by `Intl.Segmenter`'s word boundaries in the line's language (ICU's
 * dictionaries find them in Japanese and Chinese, written without spaces). A French or Italian
 * elision is two words: in "l'eau" the word to learn is "eau", "l'" is a clitic.
 *
 * ICU splits Japanese nouns well (天気, 図書館, コーヒー) but cuts inflected verbs into stem and
 * endings (飲|み|ます), so in Japanese and Chinese a word may span a few adjacent pieces.
 *
 * Which words are worth teaching (stop-words) is tokenize.ts: the player reads this module alone.
 */
import { baseLanguage } from "./language";
import { wordKey } from "../words/key";

/** A word of a line; `start` and `end` are offsets into the line. */
export type Token = { text: string; start: number; end: number; clitic: boolean };

/** Elided articles, pronouns and prepositions that the segmenter leaves joined to the next word. */
const ELIDED: Record<string, ReadonlySet<string>> = {
  fr: new Set(["c", "d", "j", "l", "m", "n", "s", "t", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu"]),
  it: new Set(["c", "d", "l", "m", "n", "s", "t", "v", "un", "all", "coll", "dall", "dell", "nell", "sull", "quell", "quest", "anch", "com", "cos", "dov", "senz", "tutt"]),
};

const ELISION = /^(\p{L}+)['’](?=\p{L})/u;

const segmenters = new Map<string, Intl.Segmenter>();
function segmenterFor(language: string): Intl.Segmenter {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    try {
      segmenter = new Intl.Segmenter(language, { granularity: "word" });
    } catch {
      // Not a language tag: the root rules still find words between spaces and punctuation.
      segmenter = new Intl.Segmenter(undefined, { granularity: "word" });
    }
    segmenters.set(language, segmenter);
  }
  return segmenter;
}

/**
 * Longest text given to the segmenter at once: its iterator slows down with the length of the
 * text (a line of 100,000 characters took minutes), so a longer one is read in pieces, cut after
 * a space where there is one. Real lines are far shorter and are read whole.
 */
const SEGMENTER_PIECE = 1000;

/** The segmenter's segments of `text`, their indexes into the whole text. */
function* segmentsOf(text: string, language: string): Generator<{ segment: string; index: number; isWordLike?: boolean }> {
  const segmenter = segmenterFor(language);
  for (let from = 0; from < text.length; ) {
    let to = Math.min(text.length, from + SEGMENTER_PIECE);
    if (to < text.length) {
      const space = text.lastIndexOf(" ", to - 1);
      if (space > from) to = space + 1;
      else if (/[\uDC00-\uDFFF]/.test(text[to]!)) to--;
    }
    for (const { segment, index, isWordLike } of segmenter.segment(text.slice(from, to))) yield { segment, index: from + index, isWordLike };
    from = to;
  }
}

export function tokenize(text: string, language: string): Token[] {
  const elided = ELIDED[baseLanguage(language)];
  const tokens: Token[] = [];
  for (const { segment, index, isWordLike } of segmentsOf(text, language)) {
    if (!isWordLike) continue;
    let at = 0;
    // "jusqu'à", "dell'acqua": each elided part is a clitic of its own, the rest the word.
    for (;;) {
      const m = ELISION.exec(segment.slice(at));
      if (!m || !elided?.has(wordKey(m[1]!))) break;
      tokens.push({ text: m[0], start: index + at, end: index + at + m[0].length, clitic: true });
      at += m[0].length;
    }
    tokens.push({ text: segment.slice(at), start: index + at, end: index + segment.length, clitic: false });
  }
  return tokens;
}

/** A word without the punctuation around it ("¿Leche," → "Leche"). */
export const bare = (text: string) => text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");

/** A word's letters and digits, as compared, without its apostrophes ("l'" and "l", "l'eau" and l'|eau are the same). */
export const spelling = (text: string) => wordKey(text).replace(/[^\p{L}\p{M}\p{N}]/gu, "");

/**
 * Every place where the line says `word`, worth teaching or not: runs of adjacent tokens that
 * spell it together ("eau" is one, "l'eau" two, 飲みます three). Shows a vocabulary word in its
 * line, and tells a word the line does not have from one that may not be taught.
 */
export function wordSpans(tokens: Token[], word: string): { start: number; end: number }[] {
  const wanted = spelling(word);
  const spans: { start: number; end: number }[] = [];
  if (!wanted) return spans;
  for (let i = 0; i < tokens.length; i++) {
    let key = "";
    for (let j = i; j < tokens.length; j++) {
      if (j > i && tokens[j]!.start !== tokens[j - 1]!.end) break;
      key += spelling(tokens[j]!.text);
      if (!wanted.startsWith(key)) break;
      if (key !== wanted) continue;
      spans.push({ start: tokens[i]!.start, end: tokens[j]!.end });
      // The next occurrence starts after this one.
      i = j;
      break;
    }
  }
  return spans;
}

/**
 * Which words are not worth a quiz: the stop-words of each supported language, numbers, and
 * single letters or kana. A single Han character can be a word of its own (水, 喝), so it stays.
 *
 * The lists are maintained ones from npm, chosen per language to hold function words only: a
 * list that also holds everyday words would keep a beginner's first vocabulary out of the quizzes.
 * @orama/stopwords for most languages; its Spanish and Mandarin lists are far broader (they drop
 * días, tiempo, llevar, temprano; 人, 好, 去), so those two come from `stopword`, whose lists are
 * short (tests/unit/tokenize.test.ts holds both sides to this).
 */
import { stopwords as english } from "@orama/stopwords/english";
import { stopwords as french } from "@orama/stopwords/french";
import { stopwords as german } from "@orama/stopwords/german";
import { stopwords as italian } from "@orama/stopwords/italian";
import { stopwords as japanese } from "@orama/stopwords/japanese";
import { stopwords as portuguese } from "@orama/stopwords/portuguese";
import { stopwords as swedish } from "@orama/stopwords/swedish";
import { spa as spanish, zho as mandarin } from "stopword";
import { baseLanguage } from "./language";
import { wordKey } from "../words/key";

export { wordKey };

const LISTS: Record<string, readonly string[]> = {
  de: german,
  en: english,
  es: spanish,
  fr: french,
  it: italian,
  ja: japanese,
  pt: portuguese,
  sv: swedish,
  zh: mandarin,
};
const sets = new Map(Object.entries(LISTS).map(([code, list]) => [code, new Set(list.map((w) => wordKey(w, code)))]));

export function isStopWord(word: string, language: string): boolean {
  const code = baseLanguage(language);
  return sets.get(code)?.has(wordKey(word, code)) ?? false;
}

/** Whether a word of a line may be taught: not a stop-word, no digits, more than one letter unless it is a Han character. */
export function isContentWord(word: string, language: string): boolean {
  if (/\p{N}/u.test(word)) return false;
  const letters = [...word.normalize("NFC").replace(/[^\p{L}\p{M}]/gu, "")];
  if (letters.length === 0) return false;
  if (letters.length === 1 && !/\p{Script=Han}/u.test(letters[0]!)) return false;
  return !isStopWord(word, language);
}

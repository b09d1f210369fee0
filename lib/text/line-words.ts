/**
 * A caption line in words, each with its lemma and part of speech, as video_tokens stores them:
 * the line's tokens (tokens.ts), the words processing's model analysed matched onto them. In
 * Japanese and Chinese a word the model names may span a few adjacent pieces (飲|み|ます), joined
 * as findWord joins them (tokenize.ts pieceRuns); the longest run the model named wins. A word the
 * model did not name keeps its own spelling as its lemma; without the model (subtitles processed
 * with no AI provider), a capitalised word inside a sentence is taken for a name, as it is in
 * languages that capitalise only names (not German, which capitalises every noun).
 */
import type { LineWordFields, PartOfSpeech } from "@/db/schema/words";
import { writtenWithoutSpaces } from "./language";
import { isContentWord } from "./stop-words";
import { bare, isPiecesWord, pieceRuns, tokenize, type Token } from "./tokenize";
import { lemmaKey, wordKey } from "../words/key";

/** What the model says of one word of a line. */
export type WordAnalysis = { word: string; lemma: string; partOfSpeech: PartOfSpeech };

/** Languages whose writing capitalises names and sentence starts only. */
const NAMES_CAPITALISED = new Set(["en", "es", "fr", "it", "pt", "sv"]);
/** What may open a sentence before its first word: the end of the one before, opening quotes and marks. */
const SENTENCE_START = /(?:^|[.!?…:;¿¡«"“„(\[–—-])\s*$/u;

/** A word the model did not analyse that reads as a name: capitalised, not opening a sentence, not all capitals ("OK", "TV"). */
function looksLikeName(line: string, start: number, surface: string, language: string): boolean {
  if (!NAMES_CAPITALISED.has(language.slice(0, 2))) return false;
  if (!/^\p{Lu}\p{Ll}/u.test(surface)) return false;
  return !SENTENCE_START.test(line.slice(0, start));
}

/** Parts of speech that are not content words, whatever the stop-word lists miss. */
const FUNCTION_WORDS: ReadonlySet<PartOfSpeech> = new Set(["pronoun", "determiner", "preposition", "conjunction", "numeral", "particle"]);

export function lineWords(line: string, language: string, analysed: readonly WordAnalysis[]): LineWordFields[] {
  const tokens = tokenize(line, language);
  const byKey = new Map<string, WordAnalysis>();
  for (const a of analysed) {
    const key = wordKey(bare(a.word));
    if (key && !byKey.has(key)) byKey.set(key, a);
  }
  const joined = writtenWithoutSpaces(language);
  const out: LineWordFields[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let last = i;
    let analysis: WordAnalysis | undefined;
    if (joined) {
      for (const { j, key } of pieceRuns(tokens, i)) {
        const named = byKey.get(key);
        if (named && (j === i || isPiecesWord(line, tokens.slice(i, j + 1), language))) [last, analysis] = [j, named];
      }
    } else if (!tokens[i]!.clitic) {
      analysis = byKey.get(wordKey(tokens[i]!.text));
    }
    out.push(word(line, tokens[i]!, tokens[last]!, analysis, language, out.length));
    i = last;
  }
  return out;
}

function word(line: string, first: Token, last: Token, analysis: WordAnalysis | undefined, language: string, position: number): LineWordFields {
  const surface = line.slice(first.start, last.end);
  const isContent = !first.clitic && isContentWord(surface, language) && !(analysis && FUNCTION_WORDS.has(analysis.partOfSpeech));
  const lemma = (analysis && lemmaKey(analysis.lemma, language)) || lemmaKey(surface, language) || wordKey(surface, language);
  return {
    position,
    start: first.start,
    end: last.end,
    surface,
    lemma,
    partOfSpeech: analysis?.partOfSpeech ?? null,
    isContent,
    isProperNoun: isContent && (analysis ? analysis.partOfSpeech === "proper-noun" : looksLikeName(line, first.start, surface, language)),
  };
}

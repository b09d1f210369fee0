/**
 * What the OpenAI stand-ins answer about known speech, for the worker's tests, the browser test of
 * the pipeline and the bench: a verbose_json transcript of given lines (words evenly timed within
 * each line), and a model that gives each candidate its lemma (the word in lower case), proposes
 * each line's longest candidate word and "translates" by tagging the text with the language,
 * unless told the real translation.
 */
import type { ChatRequest } from "./fake-openai";

/** Lines `every` seconds apart, each spoken for `spoken` seconds. */
export function transcriptOf(lines: readonly string[], timing: { every: number; spoken: number; duration?: number }) {
  const segments = lines.map((text, i) => ({ id: i, start: i * timing.every, end: i * timing.every + timing.spoken, text }));
  const words = segments.flatMap((s) => {
    const tokens = s.text.trim().split(/\s+/);
    const step = (s.end - s.start) / tokens.length;
    return tokens.map((word, j) => ({ word, start: s.start + j * step, end: s.start + (j + 1) * step }));
  });
  return { task: "transcribe", language: "spanish", duration: timing.duration ?? lines.length * timing.every, text: lines.join(" "), segments, words };
}

export type ModelOptions = {
  /** A real translation of a line or a word, when the test knows one. */
  translateLine?: (to: string, text: string) => string | undefined;
  translateWord?: (to: string, word: string) => { translation: string; wrongOptions: string[] } | undefined;
};

type WordMeaningInput = { language: string; nativeLanguage: string; word: string; lemma: string; line: string | null };

export type VocabularyInput = { lines: { index: number; text: string; candidates: string[] }[] };
type TranslationInput = { to: string; lines: { index: number; text: string }[]; words: { index: number; word: string }[] };

/** Every candidate of every line, a noun whose lemma is the word in lower case. */
export function analyseLines(input: VocabularyInput) {
  return input.lines.map((l) => ({ index: l.index, words: l.candidates.map((word) => ({ word, lemma: word.toLowerCase(), partOfSpeech: "noun" })) }));
}

export function answerChat(request: ChatRequest, options: ModelOptions = {}) {
  const input: unknown = JSON.parse(request.messages.at(-1)!.content);
  if (request.schemaName === "word_meaning") {
    const { nativeLanguage, word, lemma, line } = input as WordMeaningInput;
    return {
      partOfSpeech: "noun",
      meanings: [`${nativeLanguage}-${lemma}`, `${nativeLanguage}-${lemma}-2`],
      inLine: line === null ? null : `${nativeLanguage}-${word} in "${line}"`,
    };
  }
  if (request.schemaName === "vocabulary") {
    return {
      lines: analyseLines(input as VocabularyInput),
      words: (input as VocabularyInput).lines
        .filter((l) => l.candidates.length)
        .map((l) => {
          const word = l.candidates.reduce((a, b) => (b.length > a.length ? b : a));
          return { word, lemma: word.toLowerCase(), partOfSpeech: "noun", cefr: "A2", segmentIndex: l.index };
        }),
    };
  }
  const { to, lines, words } = input as TranslationInput;
  return {
    lines: lines.map((l) => ({ index: l.index, text: options.translateLine?.(to, l.text) ?? `${to}: ${l.text}` })),
    words: words.map((w) => ({
      index: w.index,
      ...(options.translateWord?.(to, w.word) ?? { translation: `${to}-${w.word}`, wrongOptions: [1, 2, 3].map((n) => `${to}-not-${w.word}-${n}`) }),
    })),
  };
}

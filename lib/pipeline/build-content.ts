/**
 * From a transcript to everything the player reads: word timings by line, every line's words with
 * their lemmas, the vocabulary, and translations and quizzes in every other supported language.
 */
import "server-only";
import { buildQuiz } from "@/lib/quiz/build";
import type { ProcessedContent, ProcessedQuiz, ProcessedTiming } from "@/db/queries/processed";
import { segmentOfWords, type Transcript } from "./transcript";
import { translateInto } from "./translate";
import { lineWords } from "@/lib/text/line-words";
import { chooseVocabulary } from "./vocabulary";

export type BuildOptions = {
  targetLanguage: string;
  /** Every supported language; translations go into each one but the target. */
  languages: string[];
  /** Where this stage is, from 0 to 1 (the caller maps it onto the progress bar). */
  onProgress?: (fraction: number) => Promise<void> | void;
  /** Stops the model calls under way (a job past its expiry). */
  signal?: AbortSignal;
};

export async function buildContent(transcript: Transcript, options: BuildOptions): Promise<ProcessedContent> {
  const { segments } = transcript;
  const owners = segmentOfWords(segments, transcript.words);
  const timings: ProcessedTiming[] = transcript.words.map((w, i) => ({ word: w.word, startMs: w.startMs, endMs: w.endMs, segmentIndex: owners[i]! }));
  const vocabulary = segments.length ? await chooseVocabulary(segments, timings, options.targetLanguage, transcript.durationMs, options.signal) : { words: [], lines: [] };
  const chosen = vocabulary.words;
  await options.onProgress?.(0.3);

  const languages = options.languages.filter((l) => l !== options.targetLanguage);
  const content: ProcessedContent = {
    durationMs: transcript.durationMs,
    segments: segments.map((s) => ({ ...s, translations: {} })),
    timings,
    words: chosen.map((w) => ({ ...w, translations: {} })),
    quizzes: [],
    tokens: vocabulary.lines,
  };
  const lines = segments.map((s, index) => ({ index, text: s.text }));
  const words = chosen.map((w, index) => ({ index, word: w.word, context: segments[w.segmentIndex]?.text ?? "", lineIndex: w.segmentIndex }));
  for (const [n, language] of languages.entries()) {
    const translated = await translateInto(language, options.targetLanguage, lines, words, options.signal);
    for (const [index, text] of translated.lines) content.segments[index]!.translations[language] = text;
    for (const [index, { translation }] of translated.words) content.words[index]!.translations[language] = translation;
    content.quizzes.push(...quizzesFor(language, chosen.map((w) => w.word), translated.words));
    await options.onProgress?.(0.3 + (0.7 * (n + 1)) / languages.length);
  }
  return content;
}

/**
 * The captions alone, as a video gets them without an AI provider: word timings and every line's
 * words (each its own lemma), no vocabulary, translations or quizzes.
 */
export function buildCaptionsOnly(transcript: Transcript, targetLanguage: string): ProcessedContent {
  const { segments } = transcript;
  const owners = segmentOfWords(segments, transcript.words);
  return {
    durationMs: transcript.durationMs,
    segments: segments.map((s) => ({ ...s, translations: {} })),
    timings: transcript.words.map((w, i) => ({ word: w.word, startMs: w.startMs, endMs: w.endMs, segmentIndex: owners[i]! })),
    words: [],
    quizzes: [],
    tokens: segments.map((s) => lineWords(s.text, targetLanguage, [])),
  };
}

/** One quiz per translated word: the model's wrong options first, the video's other words' translations as a fallback. */
function quizzesFor(language: string, words: string[], translated: Map<number, { translation: string; wrongOptions: string[] }>): ProcessedQuiz[] {
  const all = [...translated.values()].map((t) => t.translation);
  const quizzes: ProcessedQuiz[] = [];
  for (const [wordIndex, { translation, wrongOptions }] of translated) {
    const own = buildQuiz(`${wordIndex}:${language}:${words[wordIndex]}`, translation, wrongOptions);
    const quiz = own ?? buildQuiz(`${wordIndex}:${language}:${words[wordIndex]}`, translation, [...wrongOptions, ...all]);
    if (quiz) quizzes.push({ wordIndex, language, question: words[wordIndex]!, ...quiz });
  }
  return quizzes;
}

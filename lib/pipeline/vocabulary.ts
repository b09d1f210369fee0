/**
 * Processing Vocabulary: in structured calls of VOCABULARY_BATCH_LINES lines each, the model
 * gives every content word of every line (tokenised, stop-words left out) its lemma and part of
 * speech, and proposes among them words worth learning (with CEFR level). Every line's words are
 * kept with their lemmas (lib/text/line-words.ts: the video's tokens); of the proposals we keep
 * those that really are content words of their line, drop repeats of a lemma, and spread the
 * quizzes through the video (about 20 s apart at least).
 */
import "server-only";
import { z } from "zod";
import { chatJson } from "@/lib/ai/chat";
import { isStopWord, wordKey } from "@/lib/text/stop-words";
import { contentWords, findWord, tokenize, type Token } from "@/lib/text/tokenize";
import { lemmaKey } from "@/lib/words/key";
import { lineWords } from "@/lib/text/line-words";
import { clipLine } from "@/lib/text/clip";
import { AI_LINE_MAX } from "@/lib/validation/limits";
import { PARTS_OF_SPEECH, type LineWordFields } from "@/db/schema/words";
import type { ProcessedTiming } from "@/db/queries/processed";
import { timeWord } from "./time-word";
import type { TimedSegment } from "./transcript";

export const MIN_QUIZ_GAP_MS = 20_000;
/** Lines per call: a line's analysis is a few dozen tokens of answer, so a batch stays far below the model's output limit. */
export const VOCABULARY_BATCH_LINES = 40;

export const vocabularyAnswer = z.object({
  lines: z.array(
    z.object({
      index: z.number().int().describe("The line's index"),
      words: z
        .array(
          z.object({
            word: z.string().describe("The word exactly as it appears in the line"),
            lemma: z.string().describe("Its dictionary form"),
            partOfSpeech: z.enum(PARTS_OF_SPEECH),
          }),
        )
        .describe("Every candidate of the line (in Japanese and Chinese, whole words joined from its pieces)"),
    }),
  ),
  words: z.array(
    z.object({
      word: z.string().describe("The word exactly as it appears in the line"),
      lemma: z.string().describe("Its dictionary form"),
      partOfSpeech: z.string(),
      cefr: z.enum(["A1", "A2", "B1", "B2", "C1", "C2"]),
      segmentIndex: z.number().int().describe("The index of the line it appears in"),
    }),
  ),
});

export type ChosenWord = { word: string; segmentIndex: number; timestampMs: number; quizTimeMs: number };

/** How many words a video of this length should teach. */
export const vocabularyBudget = (durationMs: number) => Math.max(1, Math.min(40, Math.floor(durationMs / MIN_QUIZ_GAP_MS)));

export type Proposal = z.infer<typeof vocabularyAnswer>["words"][number];

/** The lines as the model sees them (an over-long one cut: AI_LINE_MAX), each with the content words it may choose from. */
export function vocabularyLines(segments: TimedSegment[], language: string) {
  return segments.map((s, index) => {
    const text = clipLine(s.text, AI_LINE_MAX);
    return { index, text, candidates: contentWords(tokenize(text, language), language) };
  });
}

type Placement = { segments: TimedSegment[]; timings: ProcessedTiming[]; language: string; budget: number };

/**
 * Keeps proposals that are content words of their line and are spoken there, one per lemma (and
 * per spelling), at least MIN_QUIZ_GAP_MS apart, in time order. Each is timed at its first
 * occurrence in its line; its quiz comes when the line ends.
 */
export function placeVocabulary(proposals: Proposal[], { segments, timings, language, budget }: Placement): ChosenWord[] {
  const tokens = new Map<number, Token[]>();
  const tokensOf = (index: number, text: string) => tokens.get(index) ?? tokens.set(index, tokenize(text, language)).get(index)!;
  const spoken = new Map<number, ProcessedTiming[]>();
  for (const t of timings) {
    const line = spoken.get(t.segmentIndex);
    if (line) line.push(t);
    else spoken.set(t.segmentIndex, [t]);
  }
  const lemmas = new Set<string>();
  const spellings = new Set<string>();
  const placed: ChosenWord[] = [];
  for (const p of proposals) {
    const segment = segments[p.segmentIndex];
    if (!segment) continue;
    const found = findWord(segment.text, tokensOf(p.segmentIndex, segment.text), p.word, language);
    if (!found) continue;
    const spelling = wordKey(found.text);
    const lemma = lemmaKey(p.lemma, language) || spelling;
    if (isStopWord(lemma, language) || lemmas.has(lemma) || spellings.has(spelling)) continue;
    const time = timeWord(found.text, spoken.get(p.segmentIndex) ?? [], language);
    if (!time) continue;
    lemmas.add(lemma);
    spellings.add(spelling);
    placed.push({ word: found.text, segmentIndex: p.segmentIndex, timestampMs: time.startMs, quizTimeMs: Math.max(segment.endMs, time.endMs) });
  }
  placed.sort((a, b) => a.quizTimeMs - b.quizTimeMs);
  const spread: ChosenWord[] = [];
  for (const word of placed) {
    const last = spread.at(-1);
    if (last && word.quizTimeMs - last.quizTimeMs < MIN_QUIZ_GAP_MS) continue;
    spread.push(word);
    if (spread.length === budget) break;
  }
  return spread;
}

const SYSTEM = [
  "You analyse a video's transcript for language learners and choose its vocabulary.",
  "For every line, give every one of its candidates (its words without stop-words) its dictionary form (lemma) and part of speech; names of people and places are proper-noun.",
  "Then pick single content words a learner should learn (nouns, verbs, adjectives, adverbs), never function words, names or numbers, as many as wanted.",
  "Choose among the candidates, and copy each word exactly as it appears in its line.",
  "In Japanese and Chinese a word may join adjacent pieces of the line (a verb with its ending): give it whole, with its dictionary form (飲みます: 飲む).",
].join(" ");

export type VocabularyResult = {
  /** The words to teach, in time order. */
  words: ChosenWord[];
  /** Every line's words with their lemmas, by line. */
  lines: LineWordFields[][];
};

export async function chooseVocabulary(
  segments: TimedSegment[],
  timings: ProcessedTiming[],
  targetLanguage: string,
  durationMs: number,
  signal?: AbortSignal,
): Promise<VocabularyResult> {
  const budget = vocabularyBudget(durationMs);
  const all = vocabularyLines(segments, targetLanguage);
  const proposals: Proposal[] = [];
  const analysed = new Map<number, z.infer<typeof vocabularyAnswer>["lines"][number]["words"]>();
  for (let at = 0; at < all.length; at += VOCABULARY_BATCH_LINES) {
    const lines = all.slice(at, at + VOCABULARY_BATCH_LINES);
    // Each batch is asked for its share of the words: placing them spreads them over the video.
    const wanted = Math.max(1, Math.round((budget * 2 * lines.length) / all.length));
    const answer = await chatJson(vocabularyAnswer, "vocabulary", SYSTEM, JSON.stringify({ language: targetLanguage, wanted, lines }), signal);
    const held = new Set(lines.map((l) => l.index));
    for (const line of answer.lines) if (held.has(line.index) && !analysed.has(line.index)) analysed.set(line.index, line.words);
    proposals.push(...answer.words.filter((w) => held.has(w.segmentIndex)));
  }
  return {
    words: placeVocabulary(proposals, { segments, timings, language: targetLanguage, budget }),
    lines: segments.map((s, index) => lineWords(s.text, targetLanguage, analysed.get(index) ?? [])),
  };
}

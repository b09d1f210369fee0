/**
 * Processing Vocabulary: the model proposes words worth learning (with lemma, part of speech and
 * CEFR level, in one structured call); we keep those that really occur in their line, drop
 * repeats of a lemma, and spread the quizzes through the video (about 20 s apart at least).
 */
import { z } from "zod";
import { chatJson } from "@/lib/ai/chat";
import { normalizeWord } from "@/lib/player/timing";
import type { ProcessedTiming } from "./content";
import type { TimedSegment } from "./transcript";

export const MIN_QUIZ_GAP_MS = 20_000;

export const vocabularyAnswer = z.object({
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

/** Keeps proposals that occur in their line, one per lemma, at least MIN_QUIZ_GAP_MS apart, in time order. */
export function placeVocabulary(
  proposals: z.infer<typeof vocabularyAnswer>["words"],
  segments: TimedSegment[],
  timings: ProcessedTiming[],
  budget: number,
): ChosenWord[] {
  const lemmas = new Set<string>();
  const placed: ChosenWord[] = [];
  for (const p of proposals) {
    const wanted = normalizeWord(p.word);
    const segment = segments[p.segmentIndex];
    const lemma = normalizeWord(p.lemma) || wanted;
    if (!wanted || !segment || lemmas.has(lemma)) continue;
    const timing = timings.find((t) => t.segmentIndex === p.segmentIndex && normalizeWord(t.word) === wanted);
    if (!timing) continue;
    lemmas.add(lemma);
    // As written in the line, without its punctuation.
    const word = timing.word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    placed.push({ word, segmentIndex: p.segmentIndex, timestampMs: timing.startMs, quizTimeMs: Math.max(segment.endMs, timing.endMs ?? timing.startMs) });
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

export async function chooseVocabulary(segments: TimedSegment[], timings: ProcessedTiming[], targetLanguage: string, durationMs: number): Promise<ChosenWord[]> {
  const budget = vocabularyBudget(durationMs);
  const answer = await chatJson(
    vocabularyAnswer,
    "vocabulary",
    "You choose vocabulary for language learners from a video's transcript. Pick content words a learner should learn (nouns, verbs, adjectives, useful expressions), never function words, names or numbers. Copy each word exactly as it appears in its line.",
    JSON.stringify({ language: targetLanguage, wanted: budget * 2, lines: segments.map((s, index) => ({ index, text: s.text })) }),
  );
  return placeVocabulary(answer.words, segments, timings, budget);
}

"use client";
/**
 * The quizzes of one visit to a video: which word's quiz is open, which were asked (each word once
 * a visit, SPEC §4), the answers given (for the end-of-video recap), and the rules of when the
 * next one opens (lib/player/timing.ts: pacing from the learner's setting, catch-up only about the
 * line shown or the one before it). `check` runs every frame: it is a loop over a few words.
 */
import { useMemo, useRef, useState } from "react";
import { captionForWord, quizPacing, quizToTrigger } from "@/lib/player/timing";
import type { CaptionSegment, LearningPreferences, VocabularyWord } from "@/lib/types/api";

export type QuizResult = { wordId: number; word: string; correct: boolean };

export function useQuizSession(vocabulary: VocabularyWord[] | undefined, lines: CaptionSegment[], preferences: LearningPreferences | undefined) {
  const asked = useRef(new Set<number>());
  const lastQuizAt = useRef<number | null>(null);
  const [word, setWord] = useState<VocabularyWord | null>(null);
  const [results, setResults] = useState<QuizResult[]>([]);

  // The line each word was said in: its caption, else the caption its time falls in.
  const lineOfWord = useMemo(() => {
    const map = new Map<number, number | undefined>();
    for (const w of vocabulary ?? []) map.set(w.id, w.captionId ?? captionForWord(lines, w.timestamp)?.id);
    return map;
  }, [vocabulary, lines]);
  const pacing = quizPacing(preferences);

  /** The word whose quiz opens as time moves from `previousMs` to `nowMs`, or null. */
  function check(previousMs: number, nowMs: number): VocabularyWord | null {
    if (word || !vocabulary) return null;
    const hit = quizToTrigger(vocabulary, previousMs, nowMs, asked.current, {
      lines,
      lineOf: (w) => lineOfWord.get(w.id),
      pacing,
      lastQuizAt: lastQuizAt.current,
    });
    if (!hit) return null;
    asked.current.add(hit.word.id);
    lastQuizAt.current = nowMs;
    setWord(hit.word);
    return hit.word;
  }

  function answered(correct: boolean) {
    if (!word) return;
    const { id, word: text } = word;
    setResults((all) => [...all.filter((r) => r.wordId !== id), { wordId: id, word: text, correct }]);
  }

  return {
    word,
    results,
    check,
    answered,
    close: () => setWord(null),
    lineOf: (w: VocabularyWord) => lineOfWord.get(w.id),
  };
}

"use client";
/** One video and what the player needs of it: captions, their translations, word timings, vocabulary and quizzes. */
import { useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { videoKeys, wordKeys } from "./keys";
import { quizQueryOptions } from "./query-config";
import type { CaptionSegment, Quiz, SegmentTranslation, VideoCard, VocabularyWord, WordTimingRow } from "@/lib/types/api";

export function useVideo(id: number) {
  return useQuery<VideoCard>({ queryKey: videoKeys.detail(id) });
}

export function useCaptions(id: number) {
  return useQuery<CaptionSegment[]>({ queryKey: videoKeys.captions(id) });
}

export function useWordTimings(id: number) {
  return useQuery<WordTimingRow[]>({ queryKey: videoKeys.wordTimings(id) });
}

export function useVocabulary(id: number) {
  return useQuery<VocabularyWord[]>({ queryKey: videoKeys.words(id) });
}

export function useSegmentTranslations(id: number, language: string | null | undefined) {
  return useQuery<SegmentTranslation[]>({
    queryKey: [videoKeys.segmentTranslations(id)[0], { language: language ?? undefined }],
    enabled: !!language,
  });
}

const QUIZ_RETRY_DELAY_MS = 500;
const QUIZ_PREFETCH_DELAY_MS = 500;

const quizOptions = (wordId: number, nativeLanguage: string) => ({
  queryKey: wordKeys.quiz(wordId, nativeLanguage),
  ...quizQueryOptions,
  // SPEC §8: a failed quiz fetch is retried once after 500 ms.
  retry: 1,
  retryDelay: QUIZ_RETRY_DELAY_MS,
});

export function useQuiz(wordId: number | null, nativeLanguage: string) {
  return useQuery<Quiz>({ ...quizOptions(wordId ?? 0, nativeLanguage), enabled: wordId !== null });
}

/** SPEC §7: every word's quiz is fetched 0.5 s after the words load, so a pause never waits. */
export function usePrefetchQuizzes(words: VocabularyWord[] | undefined, nativeLanguage: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!words?.length) return;
    const timer = setTimeout(() => {
      for (const word of words) void queryClient.prefetchQuery(quizOptions(word.id, nativeLanguage));
    }, QUIZ_PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [words, nativeLanguage, queryClient]);
}

/**
 * Each word's meaning in the learner's language (its quiz's right answer), read from the quizzes
 * the prefetch above loads: this fetches nothing itself, and fills in as they arrive.
 */
export function useWordMeanings(words: VocabularyWord[] | undefined, nativeLanguage: string): ReadonlyMap<number, string> {
  return useQueries({
    queries: (words ?? []).map((word) => ({ ...quizOptions(word.id, nativeLanguage), enabled: false })),
    combine: meaningsOf,
  });
}

// Module-level, so the combined map is rebuilt only when a quiz changes.
function meaningsOf(results: { data: unknown }[]): ReadonlyMap<number, string> {
  const meanings = new Map<number, string>();
  for (const { data } of results as { data: Quiz | undefined }[]) {
    const meaning = data?.options[data.correctIndex];
    if (data && meaning) meanings.set(data.wordId, meaning);
  }
  return meanings;
}

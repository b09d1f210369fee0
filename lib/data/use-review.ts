"use client";
/** Spaced repetition: the due cards with their lines and the due count (home, header); grading a card is use-answer-card.ts. */
import { useQuery } from "@tanstack/react-query";
import type { DueCards, ReviewSummary } from "@/lib/types/api";
import { REVIEW_BATCH } from "@/lib/validation/limits";
import type { ReviewAnswerBody } from "@/lib/validation/review";
import { reviewKeys } from "./keys";

export function useDueCards(practice: boolean) {
  return useQuery<DueCards>({
    queryKey: reviewKeys.due(practice ? { limit: REVIEW_BATCH, practice: true } : { limit: REVIEW_BATCH }),
    // The batch is worked through on screen; a refetch in the middle would reshuffle it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useReviewSummary(enabled = true) {
  return useQuery<ReviewSummary>({ queryKey: reviewKeys.summary, enabled });
}

export type ReviewGrade = ReviewAnswerBody["grade"];

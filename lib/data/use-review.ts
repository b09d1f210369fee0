"use client";
/** Spaced repetition: the due cards with their lines, the due count (home, header), and grading a card. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DueCards, ReviewAnswerSaved, ReviewSummary } from "@/lib/types/api";
import { REVIEW_BATCH } from "@/lib/validation/limits";
import type { ReviewAnswerBody } from "@/lib/validation/review";
import { apiJson } from "./api";
import { reviewKeys, userKeys } from "./keys";


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

export function useAnswerCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<ReviewAnswerBody, "language" | "lemma" | "grade" | "practice">) => apiJson<ReviewAnswerSaved>("POST", "/api/review/answers", body),
    onSuccess: async (saved) => {
      // The counts everywhere; the batch on screen stays until it is worked through.
      queryClient.setQueryData<ReviewSummary>(reviewKeys.summary, (old) => (old ? { ...old, dueCount: saved.dueCount } : old));
      const refetchType = "all" as const;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.summary, refetchType }),
        ...(saved.countedToday
          ? [
              queryClient.invalidateQueries({ queryKey: userKeys.dailyProgress, refetchType }),
              queryClient.invalidateQueries({ queryKey: userKeys.stats, refetchType }),
              queryClient.invalidateQueries({ queryKey: userKeys.current, refetchType }),
            ]
          : []),
      ]);
    },
  });
}

"use client";
/** Grading a review card (the review screen only: every page's header reads the due count without it). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReviewAnswerSaved, ReviewSummary } from "@/lib/types/api";
import type { ReviewAnswerBody } from "@/lib/validation/review";
import { apiJson } from "./api";
import { reviewKeys, userKeys } from "./keys";

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

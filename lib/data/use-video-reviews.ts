"use client";
/** The learner's due words quizzed inside a video, and their answers (an FSRS review: right is Good, wrong is Again). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "./api";
import { reviewKeys, userKeys, videoKeys } from "./keys";
import type { ReviewAnswerSaved, VideoDueReviews } from "@/lib/types/api";

/** Read afresh on each visit: cards fall due by the hour, and an answered one is no longer due. */
export function useVideoDueReviews(videoId: number, { enabled }: { enabled: boolean }) {
  return useQuery<VideoDueReviews>({ queryKey: videoKeys.dueReviews(videoId), enabled, staleTime: 0, gcTime: 0, refetchOnMount: "always" });
}

export type VideoReviewAnswer = { language: string; lemma: string; correct: boolean; videoId: number };

/** Like a quiz result (SPEC §8): a failed answer is logged and retried once after 1 s, never shown. */
export function useAnswerVideoReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ correct, ...answer }: VideoReviewAnswer) =>
      apiJson<ReviewAnswerSaved>("POST", "/api/review/answers", { ...answer, grade: correct ? "good" : "again" }),
    retry: 1,
    retryDelay: 1000,
    onError: (error) => console.warn("Could not save the review:", error.message),
    onSuccess: async () => {
      const refetchType = "all" as const;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.dueAll, refetchType }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.summary, refetchType }),
        queryClient.invalidateQueries({ queryKey: userKeys.dailyProgress, refetchType }),
        queryClient.invalidateQueries({ queryKey: userKeys.stats, refetchType }),
      ]);
    },
  });
}

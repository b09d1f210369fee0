"use client";
/** Posting a quiz result from the player: it refreshes today's progress, the stats and Continue Learning. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { QuizResultSaved } from "@/lib/types/api";
import type { QuizResult } from "@/lib/validation/videos";
import { apiJson } from "./api";
import { userKeys } from "./keys";

const RETRY_DELAY_MS = 1000;

export type QuizAnswer = Required<Pick<QuizResult, "wordId" | "correct" | "incorrect" | "idempotencyKey">> & Pick<QuizResult, "learned">;

/** SPEC §8: a failed progress update is logged and retried once after 1 s, never shown. */
export function useRecordQuizResult(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    // The day an answer counts for follows the zone saved in settings, so none is sent here.
    mutationFn: (input: QuizAnswer) => apiJson<QuizResultSaved>("POST", `/api/users/${userId}/words`, { ...input, userId }),
    retry: 1,
    retryDelay: RETRY_DELAY_MS,
    onError: (error) => console.warn("Could not save quiz progress:", error.message),
    onSuccess: async () => {
      // Also the lists no screen shows right now (home, while the player is open): they are fresh on return.
      const refetchType = "all" as const;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.dailyProgress, refetchType }),
        queryClient.invalidateQueries({ queryKey: userKeys.stats, refetchType }),
        queryClient.invalidateQueries({ queryKey: [userKeys.progressVideos()[0]], refetchType }),
        queryClient.invalidateQueries({ queryKey: userKeys.current, refetchType }),
      ]);
    },
  });
}

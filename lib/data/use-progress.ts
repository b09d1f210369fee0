"use client";
/** Today's progress, all-time stats, and posting a quiz result (which refreshes both and Continue Learning). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { QuizResult } from "@/lib/validation/videos";
import { apiJson } from "./api";
import { userKeys } from "./keys";
import type { DailyProgress, QuizResultSaved, UserStats } from "@/lib/types/api";

export function useDailyProgress() {
  return useQuery<DailyProgress>({ queryKey: userKeys.dailyProgress });
}

export function useStats() {
  return useQuery<UserStats>({ queryKey: userKeys.stats });
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

const RETRY_DELAY_MS = 1000;

/**
 * A fresh key, for one attempt at a quiz (made as the quiz opens): the server applies an answer
 * once per key, so the retry below (which sends the same variables, key included) or a second
 * send of the same attempt cannot count it twice, while the next attempt counts. getRandomValues, unlike
 * randomUUID, also exists on a plain-HTTP address of a self-hosted install.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

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

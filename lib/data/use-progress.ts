"use client";
/** Today's progress, all-time stats, and posting a quiz result (which refreshes both and Continue Learning). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { QuizResult } from "@/lib/validation/videos";
import { apiJson } from "./api";
import { userKeys } from "./keys";
import type { DailyProgress, QuizResultSaved, UserStats } from "./types";

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

/** SPEC §8: a failed progress update is logged and retried once after 1 s, never shown. */
export function useRecordQuizResult(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<QuizResult, "userId" | "timeZone">) =>
      apiJson<QuizResultSaved>("POST", `/api/users/${userId}/words`, { ...input, userId, timeZone: browserTimeZone() }),
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

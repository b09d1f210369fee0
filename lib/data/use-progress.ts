"use client";
/** Today's progress and all-time stats; posting a quiz result (which refreshes both) is use-quiz-result.ts, the player's. */
import { useQuery } from "@tanstack/react-query";
import { userKeys } from "./keys";
import type { DailyProgress, UserStats } from "@/lib/types/api";

export function useDailyProgress() {
  return useQuery<DailyProgress>({ queryKey: userKeys.dailyProgress });
}

export function useStats() {
  return useQuery<UserStats>({ queryKey: userKeys.stats });
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

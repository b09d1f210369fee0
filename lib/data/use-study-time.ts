"use client";
/**
 * Reports study time (lib/study/clock.ts) to POST /api/users/{userId}/study-time: every 30 s
 * while there is some, and when the page is hidden, closed or left. A report that failed is sent
 * again with its id at the next report (the server counts an id once); what was studied since
 * goes in a report of its own.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { STUDY_REPORT_MAX_SECONDS, type StudyClock } from "@/lib/study/clock";
import type { DailyProgress, StudyTimeSaved } from "@/lib/types/api";
import { apiJson } from "./api";
import { userKeys } from "./keys";
import { newIdempotencyKey } from "./idempotency-key";

export const STUDY_REPORT_INTERVAL_MS = 30_000;

type Report = { seconds: number; reportId: string };

export function useStudyTimeReports(userId: string | undefined, clock: StudyClock) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const url = `/api/users/${userId}/study-time`;
    let pending: Report | null = null;
    let inFlight = false;

    const fresh = (): Report | null => {
      const seconds = clock.take(STUDY_REPORT_MAX_SECONDS);
      return seconds > 0 ? { seconds, reportId: newIdempotencyKey() } : null;
    };
    const saved = (day: DailyProgress) => queryClient.setQueryData(userKeys.dailyProgress, day);

    const report = async () => {
      if (inFlight) return;
      pending ??= fresh();
      const sending = pending;
      if (!sending) return;
      inFlight = true;
      try {
        saved((await apiJson<StudyTimeSaved>("POST", url, sending)).dailyProgress);
        if (pending === sending) pending = null;
      } catch (error) {
        console.warn("Could not save study time:", error instanceof Error ? error.message : error);
      } finally {
        inFlight = false;
      }
    };

    // The page may be going away: each request must outlive it (keepalive), and it is sent with
    // the session cookie, as reading a token is asynchronous and might not finish in time.
    const reportLeaving = () => {
      const reports = [pending, fresh()].filter((r): r is Report => r !== null);
      pending = null;
      for (const body of reports) {
        void fetch(url, { method: "POST", keepalive: true, credentials: "include", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
          .then(async (response) => {
            if (response.ok) saved(((await response.json()) as StudyTimeSaved).dailyProgress);
          })
          .catch(() => {});
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") reportLeaving();
    };

    const timer = window.setInterval(() => void report(), STUDY_REPORT_INTERVAL_MS);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", reportLeaving);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", reportLeaving);
      clock.set(false);
      reportLeaving();
    };
  }, [userId, clock, queryClient]);
}

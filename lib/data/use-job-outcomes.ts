"use client";
/**
 * Follows the jobs an admin queued from the directory (translations, quizzes) until they end, then
 * says what they made or why they failed (SPEC §8 'Enhanced Translations Generated!', 'Quizzes
 * Regenerated!'): each followed job's status (GET on its action's route) is read every second.
 */
import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { jobOutcome, type JobOutcome } from "@/lib/admin/processing-messages";
import { jobEnded, jobPollInterval } from "@/lib/admin/video-status";
import type { JobStatus, ReportedAction, ReportedJobs } from "@/lib/jobs/queues";
import { videoKeys } from "./keys";

export type FollowedJob = { videoId: number; action: ReportedAction };

const same = (a: FollowedJob, b: FollowedJob) => a.videoId === b.videoId && a.action === b.action;

export function useJobOutcomes() {
  const queryClient = useQueryClient();
  const t = useTranslations("admin.toasts");
  const [followed, setFollowed] = useState<FollowedJob[]>([]);
  // Effects may run twice for one answer (React's development checks): each ending is told once.
  const told = useRef(new Set<string>());
  const statuses = useQueries({
    queries: followed.map((job) => ({
      queryKey: videoKeys.job(job.videoId, job.action),
      refetchInterval: (query: { state: { data?: JobStatus<unknown> } }) => jobPollInterval(query.state.data),
    })),
  });

  /** What the job made, or why it failed. */
  const tell = useCallback(
    (outcome: JobOutcome) => {
      if (!outcome.ok) {
        const title = outcome.translations ? t("translationError") : t("quizzesError");
        const fallback = outcome.translations ? t("translationErrorDescription") : t("quizzesErrorDescription");
        toast.error(title, { description: outcome.error ?? fallback });
      } else if (outcome.translations) {
        const made = outcome.made;
        toast.success(t("translationsMade"), {
          description:
            made.totalTranslationsGenerated === 0
              ? t("nothingMissing")
              : t("translationsMadeDescription", { translations: made.totalTranslationsGenerated, lines: made.segmentTranslationCount, languages: made.languages.length }),
        });
      } else {
        const made = outcome.made;
        toast.success(t("quizzesMade"), {
          description: t("quizzesMadeDescription", { quizzes: made.totalQuizzesGenerated, words: made.wordCount, languages: made.languages.length }),
        });
      }
    },
    [t],
  );

  useEffect(() => {
    const ended: FollowedJob[] = [];
    followed.forEach((job, i) => {
      const { data, isError } = statuses[i] ?? {};
      if (isError) ended.push(job);
      if (!data || !jobEnded(data as JobStatus<unknown>)) return;
      ended.push(job);
      const status = data as JobStatus<ReportedJobs[typeof job.action]>;
      const key = `${job.videoId}:${job.action}:${status.requestedAt}`;
      if (told.current.has(key)) return;
      told.current.add(key);
      const outcome = jobOutcome(job.action, status);
      if (outcome) tell(outcome);
    });
    if (!ended.length) return;
    setFollowed((list) => list.filter((job) => !ended.some((e) => same(e, job))));
    // Word counts and the waiting flag may have changed.
    void queryClient.invalidateQueries({ queryKey: videoKeys.directory, exact: true });
  }, [followed, statuses, queryClient, tell]);

  /** Follow the job just queued for the video (an answer cached from an earlier one is dropped first). */
  const follow = useCallback(
    (job: FollowedJob) => {
      queryClient.removeQueries({ queryKey: videoKeys.job(job.videoId, job.action), exact: true });
      setFollowed((list) => [...list.filter((j) => !same(j, job)), job]);
    },
    [queryClient],
  );

  return { follow, followingIds: followed.map((job) => job.videoId) };
}

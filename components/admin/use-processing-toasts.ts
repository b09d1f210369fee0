"use client";
/** Says when a video the admin is watching finishes processing or fails (SPEC §8), as the polled list shows it. */
import { useTranslations } from "@/lib/i18n/use-translations";
import { useEffect, useRef } from "react";
import { toast } from "@/lib/toast";
import { processingOutcomes } from "@/lib/admin/directory";
import type { VideoCard } from "@/lib/types/api";

export function useProcessingToasts(videos: VideoCard[] | undefined) {
  const t = useTranslations("admin.toasts");
  const previous = useRef<VideoCard[] | undefined>(undefined);
  useEffect(() => {
    for (const { video, outcome } of processingOutcomes(previous.current, videos)) {
      if (outcome === "processed") {
        // SPEC §8's words; a video with no vocabulary (captions only, no AI provider) says so instead of claiming quizzes.
        toast.success(t("processed"), {
          description: video.wordCount > 0 ? t("processedDescription") : t("processedNoVocabulary", { title: video.title }),
        });
      } else {
        toast.error(t("processFailed"), { description: video.errorReason ?? t("processFailedDescription", { title: video.title }) });
      }
    }
    previous.current = videos;
  }, [videos, t]);
}

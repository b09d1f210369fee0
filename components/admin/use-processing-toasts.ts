"use client";
/** Says when a video the admin is watching finishes processing or fails (SPEC §8), as the polled list shows it. */
import { useEffect, useRef } from "react";
import { toast } from "@/lib/toast";
import { processingOutcomes } from "@/lib/admin/directory";
import { processedToast } from "@/lib/admin/processing-messages";
import type { VideoCard } from "@/lib/types/api";

export function useProcessingToasts(videos: VideoCard[] | undefined) {
  const previous = useRef<VideoCard[] | undefined>(undefined);
  useEffect(() => {
    for (const { video, outcome } of processingOutcomes(previous.current, videos)) {
      if (outcome === "processed") {
        const { title, description } = processedToast(video);
        toast.success(title, { description });
      } else {
        toast.error("Failed to process video", { description: video.errorReason ?? `"${video.title}" could not be processed.` });
      }
    }
    previous.current = videos;
  }, [videos]);
}

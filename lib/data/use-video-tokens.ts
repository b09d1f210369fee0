"use client";
/** A video's words for the signed-in learner: every line's words with lemma, part of speech and status. */
import { useQuery } from "@tanstack/react-query";
import { videoKeys } from "./keys";
import type { VideoTokens } from "@/lib/types/api";

export function useVideoTokens(videoId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<VideoTokens>({ queryKey: videoKeys.tokens(videoId), enabled });
}

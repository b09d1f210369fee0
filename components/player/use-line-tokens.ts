"use client";
/** The learner's analysed words of a video, for the parts of the player that show them. */
import { useDeferredValue, useMemo } from "react";
import { useVideoTokens } from "@/lib/data/use-video-tokens";
import type { CaptionSegment, VideoTokens } from "@/lib/types/api";
import type { LineTokens } from "@/lib/words/line-tokens";

/**
 * The video's words with the learner's statuses (`enabled`: signed in). Deferred: they arrive
 * after the page, and what shows them (every line's words as buttons) renders in slices the
 * browser can interrupt, not in one task. Each part of the player asks for them itself, so their
 * arrival re-renders those parts alone.
 */
export function useLearnerWords(videoId: number, enabled: boolean): VideoTokens | undefined {
  return useDeferredValue(useVideoTokens(videoId, { enabled }).data);
}

/** Each caption's analysed words by caption id (the answer keys lines by their index). */
export function useLineTokens(videoId: number, lines: readonly CaptionSegment[], enabled: boolean): ReadonlyMap<number, LineTokens> {
  const tokens = useLearnerWords(videoId, enabled);
  return useMemo(() => {
    const byIndex = new Map(tokens?.lines.map((line) => [line.segmentIndex, line]));
    const byCaption = new Map<number, LineTokens>();
    for (const line of lines) {
      const words = byIndex.get(line.segmentIndex);
      if (words) byCaption.set(line.id, words);
    }
    return byCaption;
  }, [tokens, lines]);
}

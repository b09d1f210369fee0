"use client";
/** The owner's live segment editor: every language's translations, and saving a line's text and vocabulary word. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "@/lib/i18n/use-translations";
import { toast } from "@/lib/toast";
import { ApiRequestError, apiJson } from "./api";
import { videoKeys } from "./keys";
import type { SegmentTranslation } from "@/lib/types/api";

export function useAllSegmentTranslations(videoId: number, enabled: boolean) {
  return useQuery<SegmentTranslation[]>({ queryKey: videoKeys.segmentTranslations(videoId), enabled });
}

export type SegmentChange = { segmentId: number; newText?: string; newWord?: string; updateTranslations: boolean };

const QUIZ_PATH = "/api/words/";

const reason = (error: unknown) => (error instanceof ApiRequestError ? error.serverMessage : undefined);

/** Saves what changed (text, then word), each with its own toast (SPEC §8), then refreshes what the player shows. */
export function useSaveSegment(videoId: number) {
  const queryClient = useQueryClient();
  const t = useTranslations("player.editor");
  return useMutation({
    mutationFn: async ({ segmentId, newText, newWord, updateTranslations }: SegmentChange) => {
      const base = `/api/videos/${videoId}/segments/${segmentId}`;
      let saved = 0;
      try {
        if (newText !== undefined) {
          try {
            await apiJson("POST", `${base}/update`, { newText, updateTranslations });
            saved++;
            toast.success(t("textUpdated"));
          } catch (error) {
            toast.error(t("updateFailed"), { description: withReason(t("textFailed"), error) });
            return false;
          }
        }
        if (newWord !== undefined) {
          try {
            await apiJson("POST", `${base}/reselect-words`, { newHighlightedWord: newWord });
            saved++;
            toast.success(t("wordUpdated"));
          } catch (error) {
            toast.error(t("updateFailed"), { description: withReason(t("wordFailed"), error) });
            return false;
          }
        }
        return true;
      } finally {
        if (saved > 0) await refresh();
      }
    },
  });

  function refresh() {
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: videoKeys.captions(videoId) }),
      queryClient.invalidateQueries({ queryKey: videoKeys.words(videoId) }),
      queryClient.invalidateQueries({ queryKey: videoKeys.segmentTranslations(videoId) }),
      // Quizzes of the video's words (the reselected word's are gone).
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(QUIZ_PATH) }),
    ]);
  }
}

function withReason(message: string, error: unknown): string {
  const detail = reason(error);
  return detail ? `${message} ${detail}` : message;
}

"use client";
/**
 * Saving a word's status (Save, Known, Ignore): the video's words change colour at once (the
 * tokens query is updated before the server answers, and put back if it fails); the video's
 * comprehension score is refetched once the server has it.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "@/lib/i18n/use-translations";
import { toast } from "@/lib/toast";
import { apiJson } from "./api";
import { userKeys, videoKeys, wordKeys } from "./keys";
import type { VideoTokens, WordStatusSaved } from "@/lib/types/api";
import type { WordStatusBody as WordStatusChange } from "@/lib/validation/words";
import { withWordStatus } from "@/lib/words/line-tokens";

export function useSetWordStatus(videoId: number) {
  const queryClient = useQueryClient();
  const t = useTranslations("words.errors");
  const key = videoKeys.tokens(videoId);
  return useMutation({
    mutationFn: (change: WordStatusChange) => apiJson<WordStatusSaved>("PUT", wordKeys.status[0], change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<VideoTokens>(key);
      if (before) queryClient.setQueryData<VideoTokens>(key, withWordStatus(before, change.lemma, change.status));
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error(t("title"), { description: t("statusFailed") });
    },
    onSuccess: () => {
      // The score on this page and on the cards: refetched in the background, the colours stay as set.
      void queryClient.invalidateQueries({ queryKey: videoKeys.detail(videoId), exact: true });
      void queryClient.invalidateQueries({ queryKey: [videoKeys.recommended()[0]] });
      void queryClient.invalidateQueries({ queryKey: userKeys.favorites, exact: true });
      void queryClient.invalidateQueries({ queryKey: [wordKeys.saved()[0]] });
    },
  });
}

"use client";
/** Work an admin hands to the worker for one video: vocabulary, translations and quizzes (SPEC §7, §8). */
import { useMutation, useMutationState, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "@/lib/i18n/use-translations";
import { toast } from "@/lib/toast";
import { needsConfirmation, type QuizResult, type TranslationResult } from "@/lib/admin/processing-messages";
import { apiJson } from "./api";
import { videoKeys } from "./keys";
import type { VocabularyWord } from "@/lib/types/api";
import { useErrorText } from "./use-error-text";

const EXTRACT_KEY = ["extract-vocabulary"] as const;

/**
 * POST extract-vocabulary. Right after an add it runs quietly unless it fails ('Failed to process
 * video'); from the row's menu it says how many words the video has.
 */
export function useExtractVocabulary() {
  const queryClient = useQueryClient();
  const t = useTranslations("admin.toasts");
  const errorText = useErrorText();
  return useMutation({
    mutationKey: EXTRACT_KEY,
    mutationFn: ({ id }: { id: number; afterCreate?: boolean }) => apiJson<VocabularyWord[]>("POST", `/api/videos/${id}/extract-vocabulary`),
    onSuccess: (words, { id, afterCreate }) => {
      queryClient.setQueryData(videoKeys.words(id), words);
      void queryClient.invalidateQueries({ queryKey: videoKeys.directory, exact: true });
      if (afterCreate) return;
      toast.success(t("wordsExtracted"), { description: t("wordsExtractedDescription", { count: Array.isArray(words) ? words.length : 0 }) });
    },
    onError: (error, { afterCreate }) => {
      toast.error(afterCreate ? t("processFailed") : t("extractFailed"), { description: errorText(error, t("extractFailedDescription")) });
    },
  });
}

/** Ids of the videos whose vocabulary extraction is running: their rows show it. */
export function useExtractingIds(): number[] {
  return useMutationState({
    filters: { mutationKey: EXTRACT_KEY, status: "pending" },
    select: (mutation) => (mutation.state.variables as { id: number }).id,
  });
}

/**
 * POST generate-translations. Without an action the server may answer that translations exist;
 * the caller then asks the admin (SPEC §4) and calls again with fill_missing or regenerate.
 */
export function useGenerateTranslations() {
  const queryClient = useQueryClient();
  const t = useTranslations("admin.toasts");
  const errorText = useErrorText();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action?: "fill_missing" | "regenerate" }) =>
      apiJson<TranslationResult>("POST", `/api/videos/${id}/generate-translations`, action ? { action } : {}),
    onSuccess: (result) => {
      if (needsConfirmation(result)) return;
      // Queued behind another job on the video, its row says it waits.
      void queryClient.invalidateQueries({ queryKey: videoKeys.directory, exact: true });
      toast.success(t("translationStarted"), {
        description: result.action === "regenerate" ? t("translationRegenerating") : t("translationFillingMissing"),
      });
    },
    onError: (error) => toast.error(t("translationError"), { description: errorText(error, t("translationErrorDescription")) }),
  });
}

export function useRegenerateQuizzes() {
  const queryClient = useQueryClient();
  const t = useTranslations("admin.toasts");
  const errorText = useErrorText();
  return useMutation({
    mutationFn: ({ id }: { id: number }) => apiJson<QuizResult>("POST", `/api/videos/${id}/regenerate-quizzes`),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: videoKeys.directory, exact: true });
      toast.success(t("quizzesStarted"), { description: t("quizzesStartedDescription", { count: result.wordCount }) });
    },
    onError: (error) => toast.error(t("quizzesError"), { description: errorText(error, t("quizzesErrorDescription")) }),
  });
}

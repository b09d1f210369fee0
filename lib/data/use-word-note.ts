"use client";
/** The learner's own note on a word (its meaning in their words): saved, or removed when emptied. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "@/lib/i18n/use-translations";
import { toast } from "@/lib/toast";
import { apiJson } from "./api";
import { keyToUrl, wordKeys } from "./keys";
import type { WordNoteChange } from "@/lib/validation/word-lookup";

export function useSaveWordNote() {
  const queryClient = useQueryClient();
  const t = useTranslations("words.errors");
  return useMutation({
    mutationFn: ({ language, lemma, note }: WordNoteChange) =>
      note.trim()
        ? apiJson<unknown>("PUT", wordKeys.notes[0], { language, lemma, note: note.trim() })
        : apiJson<unknown>("DELETE", keyToUrl([wordKeys.notes[0], { language, lemma }])),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: wordKeys.lookups }), queryClient.invalidateQueries({ queryKey: [wordKeys.saved()[0]] })]),
    onError: () => toast.error(t("title"), { description: t("noteFailed") }),
  });
}

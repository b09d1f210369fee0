"use client";
/**
 * The word list, a page at a time ("Show more"), as filtered; taking a word off it (gone from the
 * list at once, back if the server refuses) and putting one on it (the undo of a removal, or
 * saving a quiz's word); and where the saved words' exports download from.
 */
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type keepPreviousData, type QueryClient } from "@tanstack/react-query";
import { useTranslations } from "@/lib/i18n/use-translations";
import { toast } from "@/lib/toast";
import { apiJson } from "./api";
import { keyToUrl, reviewKeys, wordKeys, type SavedWordsFilters } from "./keys";
import type { SavedWordPutResult, SavedWordRemoved, SavedWordsPage } from "@/lib/types/api";
import { useErrorText } from "./use-error-text";

export function useSavedWords(filters: SavedWordsFilters = {}, options: { placeholderData?: typeof keepPreviousData } = {}) {
  return useInfiniteQuery({
    ...options,
    queryKey: wordKeys.saved(filters),
    queryFn: ({ queryKey, pageParam }) => {
      const url = keyToUrl(queryKey);
      return apiJson<SavedWordsPage>("GET", pageParam ? `${url}${url.includes("?") ? "&" : "?"}offset=${pageParam}` : url);
    },
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });
}

type WordKey = { language: string; lemma: string };

/** Everything a word's place on the list changes: every filtered list, the review queue, the videos' word colours. */
function refreshAfterChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: [wordKeys.saved()[0]] });
  void queryClient.invalidateQueries({ queryKey: reviewKeys.dueAll });
  void queryClient.invalidateQueries({ queryKey: reviewKeys.summary });
  void queryClient.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === "string" && query.queryKey[0].endsWith("/tokens") });
}

/** The toasts' words, in the reader's language. */
type ToastText = ReturnType<typeof useTranslations<"saved.toasts">>;
type ErrorText = ReturnType<typeof useErrorText>;

async function putWord(queryClient: QueryClient, t: ToastText, errorText: ErrorText, word: WordKey & { savedAt?: string }): Promise<SavedWordPutResult | null> {
  try {
    return await apiJson<SavedWordPutResult>("PUT", wordKeys.saved()[0], word);
  } catch (error) {
    toast.error(t("errorTitle"), { description: errorText(error, t("saveFailed")) });
    return null;
  } finally {
    refreshAfterChange(queryClient);
  }
}

/**
 * Takes a word off the list: gone from every list at once, then a toast says what removing did,
 * with Undo, which puts it back in its place. The toast is the hook's own, not the row's: the row
 * is gone by the time the server answers.
 */
export function useRemoveSavedWord() {
  const queryClient = useQueryClient();
  const t = useTranslations("saved.toasts");
  const errorText = useErrorText();
  return useMutation({
    mutationFn: ({ language, lemma }: WordKey) => apiJson<SavedWordRemoved>("DELETE", keyToUrl([wordKeys.saved()[0], { language, lemma }])),
    onMutate: async (word) => {
      // The refetch after the answer brings the exact counts.
      const prefix = [wordKeys.saved()[0]];
      await queryClient.cancelQueries({ queryKey: prefix });
      const before = queryClient.getQueriesData<InfiniteData<SavedWordsPage>>({ queryKey: prefix });
      queryClient.setQueriesData<InfiniteData<SavedWordsPage>>({ queryKey: prefix }, (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({ ...page, words: page.words.filter((w) => w.language !== word.language || w.lemma !== word.lemma) })),
        },
      );
      return { before };
    },
    onSuccess: (result) => {
      const { language, lemma, before } = result;
      // What removing did: a learning word went back to new, a known or ignored one kept its status.
      toast(t("removedTitle", { lemma }), {
        description: t("removedText", { status: result.status }),
        action: before
          ? {
              label: t("undo"),
              onClick: () =>
                void putWord(queryClient, t, errorText, { language, lemma, savedAt: before.savedAt }).then((put) => put && toast.success(t("restored", { lemma }))),
            }
          : undefined,
      });
    },
    onError: (error, _word, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      toast.error(t("errorTitle"), { description: errorText(error, t("removeFailed")) });
    },
    onSettled: () => refreshAfterChange(queryClient),
  });
}

/** Saves a word met in a quiz to the list (first on it). */
export function useSaveListedWord() {
  const queryClient = useQueryClient();
  const t = useTranslations("saved.toasts");
  const errorText = useErrorText();
  return useMutation({
    mutationFn: async (word: WordKey) => {
      const put = await putWord(queryClient, t, errorText, word);
      if (put) toast.success(t("savedTitle", { lemma: put.lemma }), { description: t("savedText") });
      return put;
    },
  });
}

/** The export's download URL (a plain link: the session cookie authenticates it). */
export function exportUrl(format: "apkg" | "tsv", language?: string): string {
  return keyToUrl(["/api/words/export", { format, language }]);
}

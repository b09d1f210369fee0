"use client";
/** The saved words, a page at a time ("Show more"), of one language or all; and where their exports download from. */
import { useInfiniteQuery, type keepPreviousData } from "@tanstack/react-query";
import { apiJson } from "./api";
import { keyToUrl, wordKeys } from "./keys";
import type { SavedWordsPage } from "@/lib/types/api";

export function useSavedWords(language?: string, options: { placeholderData?: typeof keepPreviousData } = {}) {
  return useInfiniteQuery({
    ...options,
    queryKey: wordKeys.saved(language),
    queryFn: ({ queryKey, pageParam }) => {
      const url = keyToUrl(queryKey);
      return apiJson<SavedWordsPage>("GET", pageParam ? `${url}${url.includes("?") ? "&" : "?"}offset=${pageParam}` : url);
    },
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });
}

/** The export's download URL (a plain link: the session cookie authenticates it). */
export function exportUrl(format: "apkg" | "tsv", language?: string): string {
  return keyToUrl(["/api/words/export", { format, language }]);
}

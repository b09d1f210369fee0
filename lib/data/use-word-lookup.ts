"use client";
/** A word's meaning for the word popover (the learner's note, a dictionary, the AI, or none), fetched when it opens. */
import { useQuery } from "@tanstack/react-query";
import { ApiRequestError } from "./api";
import { wordKeys } from "./keys";
import type { WordLookup } from "@/lib/words/meanings/lookup";
import type { WordLookupQuery } from "@/lib/validation/word-lookup";

export function useWordLookup(query: WordLookupQuery | null) {
  return useQuery<WordLookup>({
    queryKey: wordKeys.lookup(query ?? { language: "", surface: "" }),
    enabled: !!query,
    // A meaning does not change while the page is open; a note saved here updates it itself.
    staleTime: Infinity,
    // 4xx (the hourly AI limit, a word the server refuses) will not pass on a retry.
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 1,
  });
}

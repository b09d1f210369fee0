"use client";
/** Video lists: search, and the home screen's Continue Learning, Popular and Recommended. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { userKeys, videoKeys, type ListFilters } from "./keys";
import type { VideoCard, VideoLanguageCount } from "@/lib/types/api";

/** At most this many matches in the header's dropdown. */
export const SEARCH_RESULT_LIMIT = 8;

/** Home lists wait for `filters` (null until the user, and so their native language, is known). */

/** Runs only for a non-empty query (SPEC §5 "Video search"); keeps the last results while typing. */
export function useVideoSearch(term: string) {
  const search = term.trim();
  return useQuery<VideoCard[]>({
    queryKey: videoKeys.list({ search, limit: SEARCH_RESULT_LIMIT }),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
    // Search results age: a video published a minute ago should show up.
    staleTime: 30_000,
  });
}

export function useProgressVideos(filters: ListFilters | null) {
  return useQuery<VideoCard[]>({ queryKey: userKeys.progressVideos(filters ?? {}), enabled: filters !== null, placeholderData: keepPreviousData });
}

export function usePopularVideos(filters: ListFilters | null) {
  return useQuery<VideoCard[]>({ queryKey: videoKeys.popular(filters ?? {}), enabled: filters !== null, placeholderData: keepPreviousData });
}

export function useRecommendedVideos(filters: ListFilters | null) {
  return useQuery<VideoCard[]>({ queryKey: videoKeys.recommended(filters ?? {}), enabled: filters !== null, placeholderData: keepPreviousData });
}

/** Each language with how many videos home's lists could show in it (the lists' filters, any language). */
export function useVideoLanguages(filters: Omit<ListFilters, "language"> | null) {
  return useQuery<VideoLanguageCount[]>({ queryKey: videoKeys.languages(filters ?? {}), enabled: filters !== null, placeholderData: keepPreviousData });
}

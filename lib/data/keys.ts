/**
 * Query keys: each is the GET URL it fetches (SPEC §7), as `[path]` or `[path, query]`, so the
 * default query function needs no other knowledge, and invalidating `[path]` also refreshes
 * every filtered variant of it (react-query matches keys by prefix).
 */

import type { ReportedAction } from "@/lib/jobs/queues";
import { LIST_LIMIT_STAFF_MAX } from "@/lib/validation/limits";
import type { WordLookupQuery } from "@/lib/validation/word-lookup";

export type QueryParams = Record<string, string | number | boolean | null | undefined>;
export type ApiKey = readonly [path: string] | readonly [path: string, query: QueryParams];

/** The URL a key stands for: the path, plus the query parameters that have a value. */
export function keyToUrl(key: readonly unknown[]): string {
  const [path, query] = key as [string, QueryParams | undefined];
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const withQuery = (path: string, query?: QueryParams): ApiKey => (query ? ([path, query] as const) : ([path] as const));

/** What narrows the word list (GET /api/words/saved's query, lib/validation/saved-words.ts). */
export type SavedWordsFilters = { list?: "quizzes"; language?: string; status?: "learning" | "known" | "ignored"; videoId?: number; q?: string };

/**
 * Filters the dashboard lists take (SPEC §7: optional categoryId and nativeLanguage), and the
 * language they lead with (the server's default: the caller's target language).
 */
export type ListFilters = { categoryId?: number; nativeLanguage?: string; language?: string };

export const userKeys = {
  current: ["/api/auth/user"] as const,
  /** The user's own record with the streak. */
  me: ["/api/users"] as const,
  dailyProgress: ["/api/users/daily-progress"] as const,
  stats: ["/api/users/stats"] as const,
  progressVideos: (filters?: ListFilters) => withQuery("/api/users/progress-videos", filters),
  favorites: ["/api/users/favorites"] as const,
  favorite: (videoId: number) => [`/api/users/favorites/${videoId}`] as const,
};

export const settingsKeys = {
  all: ["/api/settings"] as const,
};

export const languageKeys = {
  all: ["/api/languages"] as const,
};

export const categoryKeys = {
  all: ["/api/categories"] as const,
};

export const videoKeys = {
  all: ["/api/videos"] as const,
  list: (query?: { search?: string; limit?: number }) => withQuery("/api/videos", query),
  /** The admin's Content Directory: every video, in every status, in one answer. */
  directory: ["/api/videos", { limit: LIST_LIMIT_STAFF_MAX }] as const,
  popular: (filters?: ListFilters) => withQuery("/api/videos/popular", filters),
  recommended: (filters?: ListFilters) => withQuery("/api/videos/recommended", filters),
  /** How many videos home's lists could show in each language. */
  languages: (filters: Omit<ListFilters, "language">) => withQuery("/api/videos/languages", filters),
  detail: (id: number) => [`/api/videos/${id}`] as const,
  captions: (id: number) => [`/api/videos/${id}/captions`] as const,
  segmentTranslations: (id: number) => [`/api/videos/${id}/segment-translations`] as const,
  words: (id: number) => [`/api/videos/${id}/words`] as const,
  wordTimings: (id: number) => [`/api/videos/${id}/word-timings`] as const,
  /** Every line's words with lemma, part of speech and the caller's status. */
  tokens: (id: number) => [`/api/videos/${id}/tokens`] as const,
  /** The caller's due words quizzed in the video. */
  dueReviews: (id: number) => [`/api/videos/${id}/due-reviews`] as const,
  categories: (id: number) => [`/api/videos/${id}/categories`] as const,
  /** How the video's latest job of an admin's action (translations, quizzes) stands. */
  job: (id: number, action: ReportedAction) => [`/api/videos/${id}/${action}`] as const,
};

export const wordKeys = {
  quiz: (wordId: number, nativeLanguage: string) => [`/api/words/${wordId}/quiz`, { nativeLanguage }] as const,
  /** Every look-up: invalidate it to refresh them all (a note changed). */
  lookups: ["/api/words/lookup"] as const,
  lookup: (query: WordLookupQuery) => ["/api/words/lookup", query] as const,
  status: ["/api/words/status"] as const,
  notes: ["/api/words/notes"] as const,
  /** The word list as filtered (every page of it: an infinite query); no filter is the saved words of every language. */
  saved: (filters: SavedWordsFilters = {}) => {
    const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ""));
    return withQuery("/api/words/saved", Object.keys(query).length ? query : undefined);
  },
};

export const adminKeys = {
  users: ["/api/admin/users"] as const,
  invitations: ["/api/admin/invitations"] as const,
};

export const reviewKeys = {
  /** Every variant of the due cards: invalidate it after an answer. */
  dueAll: ["/api/review/due"] as const,
  due: (query: { limit: number; practice?: boolean }) => ["/api/review/due", query] as const,
  summary: ["/api/review/summary"] as const,
};

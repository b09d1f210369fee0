/**
 * Data a signed-in page sends along with its HTML, read with the same services the API uses and
 * stored under the same query keys, so the page's first paint is complete and the browser asks
 * the API only when something changes.
 */
import "server-only";
import { cache } from "react";
import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import { getDb } from "@/db/client";
import { listLanguages } from "@/db/queries/languages";
import type { User } from "@/db/schema";
import { getPageUser } from "@/lib/auth/page-user";
import { adminKeys, categoryKeys, languageKeys, reviewKeys, settingsKeys, userKeys, videoKeys, wordKeys } from "@/lib/data/keys";
import { homeFilters, languageCountFilters } from "@/lib/videos/home-language";
import { listFavorites } from "@/lib/services/favorites";
import { listSavedWords } from "@/lib/words/statuses/saved-list";
import { SAVED_WORDS_PAGE_DEFAULT } from "@/lib/validation/saved-words";
import { getDailyProgress, getStats } from "@/lib/services/progress";
import { toAppUser, toLearningPreferences } from "@/lib/services/serialize";
import { listAdminUsers } from "@/lib/services/user-admin";
import { getDueCards, getReviewSummary } from "@/lib/words/cards/cards";
import { REVIEW_BATCH } from "@/lib/validation/limits";
import { ApiError } from "@/lib/api/errors";
import { getCaptions, getSegmentTranslations, getWords, getWordTimings } from "@/lib/services/content";
import { getVideo, isStaff, listCategoriesFor, listInProgress, listPopular, listRecommended, listVideoLanguages, listVideos } from "@/lib/services/videos";
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_STAFF_MAX } from "@/lib/validation/videos";

type Part = "user" | "review" | "reviewSummary" | "home" | "dailyProgress" | "stats" | "favorites" | "savedWords" | "settings" | "languages" | "users" | "admin";

async function load(queryClient: QueryClient, user: User, part: Part): Promise<void> {
  const db = await getDb();
  switch (part) {
    case "user":
      queryClient.setQueryData(userKeys.current, toAppUser(user));
      return;
    case "review":
      // The review screen's first card is in the HTML: nothing to wait for before it shows.
      queryClient.setQueryData(reviewKeys.due({ limit: REVIEW_BATCH }), await getDueCards(db, user, { limit: REVIEW_BATCH, practice: false }));
      return;
    case "reviewSummary":
      queryClient.setQueryData(reviewKeys.summary, await getReviewSummary(db, user));
      return;
    case "dailyProgress":
      queryClient.setQueryData(userKeys.dailyProgress, await getDailyProgress(db, user));
      return;
    case "stats":
      queryClient.setQueryData(userKeys.stats, getStats(user));
      return;
    case "favorites":
      queryClient.setQueryData(userKeys.favorites, await listFavorites(db, user));
      return;
    case "savedWords": {
      // The list's first page, stored as its infinite query keeps its pages.
      const page = await listSavedWords(db, user, { list: "saved", limit: SAVED_WORDS_PAGE_DEFAULT, offset: 0 });
      queryClient.setQueryData(wordKeys.saved(), { pages: [page], pageParams: [0] });
      return;
    }
    case "settings":
      queryClient.setQueryData(settingsKeys.all, toLearningPreferences(user));
      return;
    case "languages":
      queryClient.setQueryData(
        languageKeys.all,
        (await listLanguages(db)).map(({ code, name, nativeName }) => ({ code, name, nativeName })),
      );
      return;
    case "users":
      // The same rule as GET /api/admin/users: owners only.
      if (user.role === "owner") queryClient.setQueryData(adminKeys.users, await listAdminUsers(db));
      return;
    case "admin": {
      // The Content Directory and the category choices; never sent to anyone but admins and owners.
      if (!isStaff(user)) return;
      const [categories, videos] = await Promise.all([
        listCategoriesFor(db, user),
        listVideos(db, user, { limit: LIST_LIMIT_STAFF_MAX }),
      ]);
      queryClient.setQueryData(categoryKeys.all, categories);
      queryClient.setQueryData(videoKeys.directory, videos);
      return;
    }
    case "home": {
      // The lists as the home screen first asks for them (homeFilters): all categories, the
      // learner's own language left out, led by the language they study.
      const filters = homeFilters(user, undefined, undefined);
      const query = { nativeLanguage: filters.nativeLanguage, language: filters.language, limit: LIST_LIMIT_DEFAULT };
      const [categories, continuing, popular, recommended, languages] = await Promise.all([
        listCategoriesFor(db, user),
        listInProgress(db, user, query),
        listPopular(db, user, query),
        listRecommended(db, user, query),
        listVideoLanguages(db, user, { nativeLanguage: filters.nativeLanguage }),
      ]);
      queryClient.setQueryData(categoryKeys.all, categories);
      queryClient.setQueryData(userKeys.progressVideos(filters), continuing);
      queryClient.setQueryData(videoKeys.popular(filters), popular);
      queryClient.setQueryData(videoKeys.recommended(filters), recommended);
      queryClient.setQueryData(videoKeys.languages(languageCountFilters(filters)), languages);
    }
  }
}

/** The video as the signed-in user may see it, or null; cached per request (the page's title and its data share it). */
const pageVideo = cache(async (videoId: number) => {
  const user = (await getPageUser())?.user;
  if (!user) return null;
  const db = await getDb();
  const video = await getVideo(db, user, videoId).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "not_found") return null;
    throw error;
  });
  return video ? { user, db, video } : null;
});

/** The video's title for the browser tab, or null when the caller may not see it. */
export async function videoPageTitle(videoId: number): Promise<string | null> {
  return (await pageVideo(videoId))?.video.title ?? null;
}

/**
 * The video page's data, or null when the caller may not see the video (the page then shows the
 * not-found screen, as the API answers 404).
 */
export async function videoPageData(videoId: number): Promise<DehydratedState | null> {
  const found = await pageVideo(videoId);
  if (!found) return null;
  const { user, db, video } = found;
  const language = user.nativeLanguage ?? undefined;
  const [captions, timings, words, translations, favorites] = await Promise.all([
    getCaptions(db, user, videoId),
    getWordTimings(db, user, videoId),
    getWords(db, user, videoId),
    getSegmentTranslations(db, user, videoId, language),
    listFavorites(db, user),
  ]);
  const queryClient = new QueryClient();
  queryClient.setQueryData(videoKeys.detail(videoId), video);
  queryClient.setQueryData(videoKeys.captions(videoId), captions);
  queryClient.setQueryData(videoKeys.wordTimings(videoId), timings);
  queryClient.setQueryData(videoKeys.words(videoId), words);
  queryClient.setQueryData([videoKeys.segmentTranslations(videoId)[0], { language }], translations);
  queryClient.setQueryData(settingsKeys.all, toLearningPreferences(user));
  // The heart shows its state with the first paint.
  queryClient.setQueryData(userKeys.favorites, favorites);
  return dehydrate(queryClient);
}

/** The dehydrated cache for a page, holding `parts` for the signed-in user (empty when there is none). */
export async function pageData(parts: Part[]): Promise<DehydratedState> {
  const queryClient = new QueryClient();
  const user = (await getPageUser())?.user;
  if (user) await Promise.all(parts.map((part) => load(queryClient, user, part)));
  return dehydrate(queryClient);
}

/**
 * Videos as a caller may see them: learners see published videos only, admins and owners every
 * video. An unpublished or unknown video is "not found" to a learner, never "forbidden".
 */
import "server-only";
import { getDb, type DbOrTx } from "@/db/client";
import {
  countVideosByLanguage,
  getVideoCard,
  getVideoStatus,
  listInProgressVideoCards,
  listPopularVideoCards,
  listPublishedVideos,
  listRecommendedVideoIds,
  listVideoCardsByIds,
  listVideoCards,
  searchVideoCards,
  type CardFilters,
} from "@/db/queries/videos";
import { listCategories } from "@/db/queries/categories";
import { listLanguages } from "@/db/queries/languages";
import { PUBLISHED_STATUSES, type User, type Video, type VideoStatus } from "@/db/schema";
import { badRequest, notFound } from "@/lib/api/errors";
import type { Category, VideoCard, VideoLanguageCount } from "@/lib/types/api";
import { LIST_LIMIT_MAX, type HomeListQuery, type ListQuery, type VideoLanguagesQuery, type VideoSearchQuery } from "@/lib/validation/videos";
import { preferComfortable } from "@/lib/words/comprehension/band";
import { comprehensionOfVideos, withComprehension } from "@/lib/words/comprehension/cards";
import { toVideoCard } from "./serialize";

export const isStaff = (user: Pick<User, "role">) => user.role === "admin" || user.role === "owner";

export const isPublished = (status: VideoStatus) => (PUBLISHED_STATUSES as readonly VideoStatus[]).includes(status);

export const videoNotFound = () => notFound("Video not found");

/** Staff see every video; learners only published ones. */
export const mayView = (user: Pick<User, "role">, status: VideoStatus) => isStaff(user) || isPublished(status);

/** The newest published videos, for the landing page's sample tiles. */
export async function listNewestVideos(limit: number): Promise<Video[]> {
  return listPublishedVideos(await getDb(), { limit });
}

function filters(user: User, query: ListQuery, publishedOnly: boolean): CardFilters & { userId: string; limit: number } {
  return { userId: user.id, publishedOnly, categoryId: query.categoryId, nativeLanguage: query.nativeLanguage, limit: query.limit };
}

/** GET /api/videos: every video the caller may see, or those matching `search`; staff may ask for longer pages. */
export async function listVideos(db: DbOrTx, user: User, query: VideoSearchQuery): Promise<VideoCard[]> {
  if (!isStaff(user) && query.limit > LIST_LIMIT_MAX) throw badRequest(`limit: limit must be at most ${LIST_LIMIT_MAX}`);
  // Staff list the directory here: its cards say whether a job waits for another on the video.
  const params = { ...filters(user, query, !isStaff(user)), withJobState: isStaff(user) };
  const rows = query.search ? await searchVideoCards(db, { ...params, term: query.search }) : await listVideoCards(db, params);
  return withComprehension(db, user, rows);
}

export async function getVideo(db: DbOrTx, user: User, id: number): Promise<VideoCard> {
  const row = await getVideoCard(db, { id, userId: user.id, withJobState: isStaff(user) });
  if (!row || (!isStaff(user) && !isPublished(row.status))) throw videoNotFound();
  return (await withComprehension(db, user, [row]))[0]!;
}

/** Throws "Video not found" unless the caller may see the video. */
export async function assertVideoVisible(db: DbOrTx, user: User, id: number): Promise<void> {
  const status = await getVideoStatus(db, { id });
  if (!status || !mayView(user, status)) throw videoNotFound();
}

/** The language home's lists lead with: the one asked for, else the caller's target language. */
export function homeLanguage(user: Pick<User, "targetLanguage">, query: Pick<HomeListQuery, "language">): string | undefined {
  return query.language ?? user.targetLanguage ?? undefined;
}

// The home screen's lists show published videos to everyone: they are what learners study.
/** Popular Videos: those in the home language first, each group by popularity (db/queries/videos.ts). */
export async function listPopular(db: DbOrTx, user: User, query: HomeListQuery, now = new Date()): Promise<VideoCard[]> {
  const leadLanguage = homeLanguage(user, query);
  return withComprehension(db, user, await listPopularVideoCards(db, { ...filters(user, query, true), now, leadLanguage }));
}

/**
 * Every language the app offers with how many published videos home's lists could show in it
 * (with the same category and native-language filters), so home can say why a language has none
 * and offer those that have some.
 */
export async function listVideoLanguages(db: DbOrTx, user: User, query: VideoLanguagesQuery): Promise<VideoLanguageCount[]> {
  const [languages, counts] = await Promise.all([
    listLanguages(db),
    countVideosByLanguage(db, { publishedOnly: true, categoryId: query.categoryId, nativeLanguage: query.nativeLanguage }),
  ]);
  const byCode = new Map(counts.map((c) => [c.language, c.count]));
  return languages.map(({ code, name }) => ({ code, name, count: byCode.get(code) ?? 0 }));
}

/** How many of the newest unstarted videos Recommended for You scores to choose from. */
export const RECOMMENDED_POOL = 200;

/**
 * Recommended for You: of the learner's unstarted videos in the home language (the newest
 * RECOMMENDED_POOL), those they can follow with a little effort (90–98 % known) first, newest first
 * within each group.
 */
export async function listRecommended(db: DbOrTx, user: User, query: HomeListQuery): Promise<VideoCard[]> {
  const language = homeLanguage(user, query);
  if (!language) return [];
  const pool = await listRecommendedVideoIds(db, { ...filters(user, query, true), targetLanguage: language, pool: RECOMMENDED_POOL });
  const scores = await comprehensionOfVideos(db, { userId: user.id, videoIds: pool });
  const chosen = preferComfortable(pool.map((id) => ({ id, comprehension: scores.get(id) ?? null }))).slice(0, query.limit);
  const rows = await listVideoCardsByIds(db, { userId: user.id, ids: chosen.map((c) => c.id) });
  return rows.map((row) => ({ ...toVideoCard(row), comprehension: scores.get(row.id) ?? null }));
}

/** Continue Learning: those in the home language first, then most recently watched first. */
export async function listInProgress(db: DbOrTx, user: User, query: HomeListQuery): Promise<VideoCard[]> {
  const leadLanguage = homeLanguage(user, query);
  return withComprehension(db, user, await listInProgressVideoCards(db, { ...filters(user, query, true), leadLanguage }));
}

/** Learners get the categories that hold a published video; admins and owners get all. */
export async function listCategoriesFor(db: DbOrTx, user: User): Promise<Category[]> {
  const rows = await listCategories(db, { withPublishedVideosOnly: !isStaff(user) });
  return rows.map(({ id, name }) => ({ id, name }));
}

/**
 * Queries on videos. Lists return "cards": the video with its category names, vocabulary size
 * and, for the given user, how much of it they have learned. Visibility is a parameter
 * (`publishedOnly`); services decide it from the caller's role.
 */
import { and, asc, desc, eq, inArray, ne, notExists, sql, type Placeholder, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../client";
import { prepared } from "../prepared";
import { keptSumsSql, type KeptSums } from "./words/comprehension";
import { videoJobWaitingSql } from "./video-jobs";
import {
  captions,
  categories,
  favorites,
  quizzes,
  segmentTranslations,
  PUBLISHED_STATUSES,
  videoCategories,
  videoProgress,
  videos,
  words,
  type CaptionsSource,
  type Video,
  type VideoStatus,
} from "../schema";

/** Published videos, newest first. */
export async function listPublishedVideos(db: DbOrTx, params: { limit: number }): Promise<Video[]> {
  return db
    .select()
    .from(videos)
    .where(inArray(videos.status, [...PUBLISHED_STATUSES]))
    .orderBy(desc(videos.createdAt), desc(videos.id))
    .limit(params.limit);
}

export type VideoCardRow = {
  id: number;
  youtubeId: string | null;
  title: string;
  description: string | null;
  thumbnail: string | null;
  /** A thumbnail cut from the uploaded video (a storage key). */
  thumbnailPath: string | null;
  categoryId: number | null;
  categoryName: string | null;
  categories: { id: number; name: string }[];
  targetLanguage: string;
  status: VideoStatus;
  processingProgress: number;
  errorReason: string | null;
  /**
   * A job on the video waits for another one on it to finish (one job at a time per video). Only
   * asked for the admin's directory (`withJobState`); null in every other list.
   */
  waitingForJob: boolean | null;
  /** What processing and the admin's actions have made: caption lines, line translations, quizzes. Directory only, like waitingForJob. */
  contents: { lines: number; translations: number; quizzes: number } | null;
  durationMs: number | null;
  mediaPath: string | null;
  captionsSource: CaptionsSource | null;
  transcribeAudio: boolean;
  totalWords: number;
  wordsLearned: number;
  progressPercent: number;
  /** The caller's kept comprehension sums for the video as it is now, if kept (db/queries/words/comprehension.ts). */
  keptSums: KeptSums | null;
  createdAt: Date;
  updatedAt: Date;
};

/** Filters every list takes (SPEC §7: categoryId and nativeLanguage). */
export type CardFilters = {
  publishedOnly: boolean;
  categoryId?: number;
  /** The learner's own language: videos in it have nothing to teach them. */
  nativeLanguage?: string;
};

/**
 * `withJobState`: the admin directory's waiting flag, too costly for every learner's list.
 * `userId` may be a placeholder (prepared queries).
 */
function cardColumns(userId: string | Placeholder, withJobState = false) {
  return {
    id: videos.id,
    youtubeId: videos.youtubeId,
    title: videos.title,
    description: videos.description,
    thumbnail: videos.thumbnail,
    thumbnailPath: videos.thumbnailPath,
    categoryId: videos.categoryId,
    categoryName: categories.name,
    categories: sql<{ id: number; name: string }[]>`coalesce((
      select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name)
      from ${videoCategories} vc join ${categories} c on c.id = vc.category_id
      where vc.video_id = ${videos.id}), '[]'::json)`,
    targetLanguage: videos.targetLanguage,
    status: videos.status,
    processingProgress: videos.processingProgress,
    errorReason: videos.errorReason,
    waitingForJob: withJobState ? sql<boolean | null>`${videoJobWaitingSql(videos.id)}` : sql<boolean | null>`null`,
    contents: withJobState
      ? sql<{ lines: number; translations: number; quizzes: number }>`json_build_object(
          'lines', (select count(*)::int from ${captions} c where c.video_id = ${videos.id}),
          'translations', (select count(*)::int from ${segmentTranslations} st join ${captions} c on c.id = st.caption_id where c.video_id = ${videos.id}),
          'quizzes', (select count(*)::int from ${quizzes} q join ${words} w on w.id = q.word_id where w.video_id = ${videos.id}))`
      : sql<null>`null`,
    durationMs: videos.durationMs,
    mediaPath: videos.mediaPath,
    captionsSource: videos.captionsSource,
    transcribeAudio: videos.transcribeAudio,
    totalWords: sql<number>`(select count(*)::int from ${words} w where w.video_id = ${videos.id})`,
    wordsLearned: sql<number>`coalesce((select vp.words_learned from ${videoProgress} vp where vp.video_id = ${videos.id} and vp.user_id = ${userId}), 0)`,
    progressPercent: sql<number>`coalesce((select vp.progress_percent from ${videoProgress} vp where vp.video_id = ${videos.id} and vp.user_id = ${userId}), 0)`,
    keptSums: keptSumsSql(userId),
    createdAt: videos.createdAt,
    updatedAt: videos.updatedAt,
  };
}

/** `placeholders`: the filters' values left as placeholders (categoryId, nativeLanguage) for a prepared query. */
function filterConditions(filters: CardFilters, placeholders = false): SQL[] {
  const conditions: SQL[] = [];
  if (filters.publishedOnly) conditions.push(inArray(videos.status, [...PUBLISHED_STATUSES]));
  if (filters.categoryId !== undefined) {
    const categoryId = placeholders ? sql.placeholder("categoryId") : filters.categoryId;
    conditions.push(sql`exists (select 1 from ${videoCategories} vc where vc.video_id = ${videos.id} and vc.category_id = ${categoryId})`);
  }
  if (filters.nativeLanguage) conditions.push(ne(videos.targetLanguage, placeholders ? sql.placeholder("nativeLanguage") : filters.nativeLanguage));
  return conditions;
}

/** A name for the prepared query of `base` with these filters: each set of filters present is a query of its own. */
function shapeName(base: string, filters: CardFilters & { withJobState?: boolean }): string {
  const on = (flag: boolean | undefined) => (flag ? "1" : "0");
  return `${base}:${on(filters.publishedOnly)}${on(filters.categoryId !== undefined)}${on(Boolean(filters.nativeLanguage))}${on(filters.withJobState)}`;
}

function cards(db: DbOrTx, userId: string | Placeholder, withJobState = false) {
  return db.select(cardColumns(userId, withJobState)).from(videos).leftJoin(categories, eq(categories.id, videos.categoryId));
}

export async function getVideoCard(db: DbOrTx, params: { id: number; userId: string; withJobState?: boolean }): Promise<VideoCardRow | undefined> {
  const [row] = await cards(db, params.userId, params.withJobState).where(eq(videos.id, params.id)).limit(1);
  return row;
}

/** Just the video's status: what deciding whether a caller may see it needs. */
export async function getVideoStatus(db: DbOrTx, params: { id: number }): Promise<VideoStatus | undefined> {
  const [row] = await db.select({ status: videos.status }).from(videos).where(eq(videos.id, params.id)).limit(1);
  return row?.status;
}

export async function getVideoById(db: DbOrTx, params: { id: number }): Promise<Video | undefined> {
  const [row] = await db.select().from(videos).where(eq(videos.id, params.id)).limit(1);
  return row;
}

/** `%term%` for ILIKE, with the term's own wildcard characters taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive search on title or description: title matches first, then description-only
 * matches, each newest first. One round trip of two branches (UNION ALL), so each branch can walk
 * the creation-date index for a common term or the trigram indexes for a rare one, and the cards'
 * columns are computed for the rows answered only. The description branch runs only when the
 * titles leave room on the page.
 */
export async function searchVideoCards(
  db: DbOrTx,
  params: CardFilters & { userId: string; term: string; limit: number; withJobState?: boolean },
): Promise<VideoCardRow[]> {
  const query = prepared(db, shapeName("video_search", params), (db, name) => {
    const base = filterConditions(params, true);
    const pattern = sql.placeholder("pattern");
    const limit = sql.placeholder("limit");
    const inTitle = sql`${videos.title} ilike ${pattern}`;
    const branch = (rank: number, match: SQL) =>
      db
        .select({ id: videos.id, rank: sql<number>`${sql.raw(String(rank))}`.as("rank") })
        .from(videos)
        .where(and(...base, match))
        .orderBy(desc(videos.createdAt), desc(videos.id))
        .limit(limit);
    // Description-only matches can show only when the titles leave room on the page: a term in
    // every title would otherwise read the whole table for descriptions no one sees. Uncorrelated,
    // so the database asks it once and skips the branch's scan when it is false.
    // (The title branch itself, so it is planned as that branch is: by the trigram index for a rare term.)
    const titlesLeaveRoom = sql`(select count(*) from (${branch(0, inTitle)}) as title_probe) < ${limit}`;
    const inDescriptionOnly = sql`${videos.description} ilike ${pattern} and not (${inTitle}) and ${titlesLeaveRoom}`;
    const matches = unionAll(branch(0, inTitle), branch(1, inDescriptionOnly)).as("matches");
    return cards(db, sql.placeholder("userId"), params.withJobState)
      .innerJoin(matches, eq(matches.id, videos.id))
      .orderBy(asc(matches.rank), desc(videos.createdAt), desc(videos.id))
      .limit(limit)
      .prepare(name);
  });
  return query.execute({ ...filterValues(params), userId: params.userId, pattern: containsPattern(params.term), limit: params.limit });
}

/** The values of a prepared query's filter placeholders. */
function filterValues(filters: CardFilters): Record<string, unknown> {
  return { categoryId: filters.categoryId, nativeLanguage: filters.nativeLanguage };
}

/** Every video the filters allow, newest first. */
export async function listVideoCards(
  db: DbOrTx,
  params: CardFilters & { userId: string; limit: number; withJobState?: boolean },
): Promise<VideoCardRow[]> {
  const query = prepared(db, shapeName("video_cards", params), (db, name) =>
    cards(db, sql.placeholder("userId"), params.withJobState)
      .where(and(...filterConditions(params, true)))
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .limit(sql.placeholder("limit"))
      .prepare(name),
  );
  return query.execute({ ...filterValues(params), userId: params.userId, limit: params.limit });
}

/** Videos in `language` before the others (home's rows lead with the language the learner studies); nothing without one. */
function leadingLanguage(language: string | undefined): SQL[] {
  return language ? [sql`(${videos.targetLanguage} = ${language}) desc`] : [];
}

/**
 * How many videos the filters allow in each language that has any (home's language choices,
 * counted as its rows are filtered).
 */
export async function countVideosByLanguage(db: DbOrTx, filters: CardFilters): Promise<{ language: string; count: number }[]> {
  return db
    .select({ language: videos.targetLanguage, count: sql<number>`count(*)::int` })
    .from(videos)
    .where(and(...filterConditions(filters)))
    .groupBy(videos.targetLanguage);
}

export const POPULAR_WINDOW_DAYS = 30;

/**
 * Videos in `leadLanguage` first; within each group, most distinct learners over the last 30 days
 * first (then newest), so a new install still lists videos.
 */
export async function listPopularVideoCards(
  db: DbOrTx,
  params: CardFilters & { userId: string; limit: number; now: Date; leadLanguage?: string },
): Promise<VideoCardRow[]> {
  const since = new Date(params.now.getTime() - POPULAR_WINDOW_DAYS * 86_400_000);
  const recent = db
    .select({ videoId: videoProgress.videoId, learners: sql<number>`count(*)::int`.as("learners") })
    .from(videoProgress)
    .where(sql`${videoProgress.lastWatchedAt} > ${since.toISOString()}::timestamptz`)
    .groupBy(videoProgress.videoId)
    .as("recent");
  return db
    .select(cardColumns(params.userId))
    .from(videos)
    .leftJoin(categories, eq(categories.id, videos.categoryId))
    .leftJoin(recent, eq(recent.videoId, videos.id))
    .where(and(...filterConditions(params)))
    .orderBy(...leadingLanguage(params.leadLanguage), sql`coalesce(${recent.learners}, 0) desc`, desc(videos.createdAt), desc(videos.id))
    .limit(params.limit);
}

/**
 * Recommended for You's pool: published videos in the learner's target language they have not
 * started, newest first, at most `pool` of them (ids only: the pool is scored before its cards are read).
 */
export async function listRecommendedVideoIds(
  db: DbOrTx,
  params: CardFilters & { userId: string; targetLanguage: string; pool: number },
): Promise<number[]> {
  const started = db
    .select({ one: sql`1` })
    .from(videoProgress)
    .where(and(eq(videoProgress.videoId, videos.id), eq(videoProgress.userId, params.userId)));
  const rows = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(...filterConditions(params), eq(videos.targetLanguage, params.targetLanguage), notExists(started)))
    .orderBy(desc(videos.createdAt), desc(videos.id))
    .limit(params.pool);
  return rows.map((r) => r.id);
}

/** These videos' cards, in the order of `ids`. */
export async function listVideoCardsByIds(db: DbOrTx, params: { userId: string; ids: readonly number[] }): Promise<VideoCardRow[]> {
  if (!params.ids.length) return [];
  const rows = await cards(db, params.userId).where(inArray(videos.id, [...params.ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return params.ids.flatMap((id) => byId.get(id) ?? []);
}

/** Videos the user started and has not finished: those in `leadLanguage` first, then most recently watched first. */
export async function listInProgressVideoCards(
  db: DbOrTx,
  params: CardFilters & { userId: string; limit: number; leadLanguage?: string },
): Promise<VideoCardRow[]> {
  return cards(db, params.userId)
    .innerJoin(videoProgress, and(eq(videoProgress.videoId, videos.id), eq(videoProgress.userId, params.userId)))
    .where(and(...filterConditions(params), eq(videoProgress.completed, false)))
    .orderBy(...leadingLanguage(params.leadLanguage), desc(videoProgress.lastWatchedAt), desc(videos.id))
    .limit(params.limit);
}

/** The user's favourites, most recently saved first. */
export async function listFavoriteVideoCards(
  db: DbOrTx,
  params: CardFilters & { userId: string; limit: number },
): Promise<VideoCardRow[]> {
  return cards(db, params.userId)
    .innerJoin(favorites, and(eq(favorites.videoId, videos.id), eq(favorites.userId, params.userId)))
    .where(and(...filterConditions(params)))
    .orderBy(desc(favorites.createdAt), desc(videos.id))
    .limit(params.limit);
}

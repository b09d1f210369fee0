/**
 * Learners' FSRS cards (word_cards) and the log of answers to them (word_reviews). Keyed by
 * (user, language, lemma); the rules of what an answer does live in lib/services/word-cards.ts.
 */
import { and, asc, count, eq, gt, inArray, lte, min, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { captions, PUBLISHED_STATUSES, segmentTranslations, videoLemmas, videos, videoTokens, wordCards, wordReviews, wordStatuses, type WordCardRow } from "../schema";

export type CardKey = { userId: string; language: string; lemma: string };
type CardSchedule = Omit<WordCardRow, "userId" | "language" | "lemma" | "createdAt">;
export type NewReview = typeof wordReviews.$inferInsert;

const byKey = (k: CardKey) => and(eq(wordCards.userId, k.userId), eq(wordCards.language, k.language), eq(wordCards.lemma, k.lemma));

/** Adds a card if the learner has none for the lemma; an existing card keeps its schedule. */
export async function insertWordCard(db: DbOrTx, params: CardKey & { schedule: CardSchedule }): Promise<void> {
  await db
    .insert(wordCards)
    .values({ userId: params.userId, language: params.language, lemma: params.lemma, ...params.schedule })
    .onConflictDoNothing();
}

/** The card, locked until the transaction ends so two answers at once apply one after the other. */
export async function lockWordCard(db: DbOrTx, key: CardKey): Promise<WordCardRow | undefined> {
  const [row] = await db.select().from(wordCards).where(byKey(key)).for("update").limit(1);
  return row;
}

export async function getWordCard(db: DbOrTx, key: CardKey): Promise<WordCardRow | undefined> {
  const [row] = await db.select().from(wordCards).where(byKey(key)).limit(1);
  return row;
}

export async function updateWordCard(db: DbOrTx, params: CardKey & { schedule: CardSchedule }): Promise<void> {
  await db.update(wordCards).set(params.schedule).where(byKey(params));
}

export async function insertWordReview(db: DbOrTx, review: NewReview): Promise<void> {
  await db.insert(wordReviews).values(review);
}

/** Cards of ignored words are not shown: the learner chose to leave them. */
const notIgnored = sql`NOT EXISTS (SELECT 1 FROM ${wordStatuses} s WHERE s.user_id = ${wordCards.userId} AND s.language = ${wordCards.language} AND s.lemma = ${wordCards.lemma} AND s.status = 'ignored')`;

/** `now: null` matches every card, due or not (practice). */
function dueWhere(params: { userId: string; now: Date | null; language?: string }) {
  return and(
    eq(wordCards.userId, params.userId),
    params.now ? lte(wordCards.due, params.now) : undefined,
    params.language ? eq(wordCards.language, params.language) : undefined,
    notIgnored,
  );
}

/** The learner's cards due by `now` (any card when `now` is null), most overdue first. */
export async function listDueWordCards(db: DbOrTx, params: { userId: string; now: Date | null; limit: number; language?: string }): Promise<WordCardRow[]> {
  return db.select().from(wordCards).where(dueWhere(params)).orderBy(asc(wordCards.due), asc(wordCards.lemma)).limit(params.limit);
}

/** How many cards the learner has (ignored words left out). */
export async function countWordCards(db: DbOrTx, params: { userId: string }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(wordCards).where(dueWhere({ userId: params.userId, now: null }));
  return row?.n ?? 0;
}

/** How many answers the card has had, of any kind: which of the lemma's lines the review screen shows next. */
export async function countWordReviews(db: DbOrTx, key: CardKey): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(wordReviews)
    .where(and(eq(wordReviews.userId, key.userId), eq(wordReviews.language, key.language), eq(wordReviews.lemma, key.lemma)));
  return row?.n ?? 0;
}

/** The videos searched for a lemma's lines: enough variety, a bounded cost for a common word. */
const CONTEXT_VIDEOS = 20;

export type LemmaLine = {
  videoId: number;
  title: string;
  youtubeId: string | null;
  mediaPath: string | null;
  captionId: number;
  text: string;
  startMs: number;
  endMs: number;
  wordStart: number;
  wordEnd: number;
  surface: string;
  translation: string | null;
  occurrences: number;
};

/**
 * The `pick`-th (modulo their number) occurrence of a lemma in the captions of videos of its
 * language, in video, line and word order, with the line's translation into `nativeLanguage`.
 * Candidate videos come from video_lemmas' lemma index; `publishedOnly` for learners.
 */
export async function findLemmaLine(
  db: DbOrTx,
  params: { language: string; lemma: string; nativeLanguage: string; publishedOnly: boolean; pick: number },
): Promise<LemmaLine | undefined> {
  const candidates = db
    .select({ id: videoLemmas.videoId })
    .from(videoLemmas)
    .innerJoin(videos, eq(videos.id, videoLemmas.videoId))
    .where(
      and(
        eq(videoLemmas.lemma, params.lemma),
        eq(videos.targetLanguage, params.language),
        params.publishedOnly ? inArray(videos.status, [...PUBLISHED_STATUSES]) : undefined,
      ),
    )
    .orderBy(asc(videoLemmas.videoId))
    .limit(CONTEXT_VIDEOS)
    .as("candidates");
  const occurrences = db
    .select({
      videoId: videoTokens.videoId,
      captionId: videoTokens.captionId,
      start: videoTokens.start,
      end: videoTokens.end,
      surface: videoTokens.surface,
      rank: sql<number>`(row_number() over (order by ${videoTokens.videoId}, ${videoTokens.captionId}, ${videoTokens.position}) - 1)::int`.as("rank"),
      total: sql<number>`(count(*) over ())::int`.as("total"),
    })
    .from(videoTokens)
    .innerJoin(candidates, eq(candidates.id, videoTokens.videoId))
    .where(eq(videoTokens.lemma, params.lemma))
    .as("occurrences");
  const [row] = await db
    .select({
      videoId: occurrences.videoId,
      title: videos.title,
      youtubeId: videos.youtubeId,
      mediaPath: videos.mediaPath,
      captionId: occurrences.captionId,
      text: captions.text,
      startMs: captions.startTime,
      endMs: captions.endTime,
      wordStart: occurrences.start,
      wordEnd: occurrences.end,
      surface: occurrences.surface,
      translation: segmentTranslations.translatedText,
      occurrences: occurrences.total,
    })
    .from(occurrences)
    .innerJoin(captions, eq(captions.id, occurrences.captionId))
    .innerJoin(videos, eq(videos.id, occurrences.videoId))
    .leftJoin(segmentTranslations, and(eq(segmentTranslations.captionId, occurrences.captionId), eq(segmentTranslations.language, params.nativeLanguage)))
    .where(sql`${occurrences.rank} = ${Math.max(0, Math.floor(params.pick))}::int % ${occurrences.total}`)
    .limit(1);
  return row;
}

export async function countDueWordCards(db: DbOrTx, params: { userId: string; now: Date; language?: string }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(wordCards).where(dueWhere(params));
  return row?.n ?? 0;
}

/** When the learner's next card falls due (after `now`), or null without cards. */
export async function nextWordCardDue(db: DbOrTx, params: { userId: string; now: Date; language?: string }): Promise<Date | null> {
  const [row] = await db
    .select({ due: min(wordCards.due) })
    .from(wordCards)
    .where(and(eq(wordCards.userId, params.userId), gt(wordCards.due, params.now), params.language ? eq(wordCards.language, params.language) : undefined, notIgnored));
  return row?.due ? new Date(row.due) : null;
}

/** The learner's due cards among these lemmas of one language (a video's words). */
export async function listDueWordCardsOfLemmas(
  db: DbOrTx,
  params: { userId: string; language: string; lemmas: readonly string[]; now: Date },
): Promise<WordCardRow[]> {
  if (!params.lemmas.length) return [];
  return db
    .select()
    .from(wordCards)
    .where(
      and(
        dueWhere(params),
        sql`${wordCards.lemma} = ANY(ARRAY[${sql.join(
          params.lemmas.map((l) => sql`${l}`),
          sql`, `,
        )}]::text[])`,
      ),
    )
    .orderBy(asc(wordCards.due));
}

/** The log of one card's answers, oldest first. */
export async function listWordReviews(db: DbOrTx, key: CardKey): Promise<(typeof wordReviews.$inferSelect)[]> {
  return db
    .select()
    .from(wordReviews)
    .where(and(eq(wordReviews.userId, key.userId), eq(wordReviews.language, key.language), eq(wordReviews.lemma, key.lemma)))
    .orderBy(asc(wordReviews.reviewedAt), asc(wordReviews.id));
}

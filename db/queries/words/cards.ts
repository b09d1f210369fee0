/**
 * Learners' FSRS cards (word_cards) and the log of answers to them (word_reviews). Keyed by
 * (user, language, lemma); the rules of what an answer does live in lib/words/cards/cards.ts.
 */
import { and, asc, count, eq, gt, inArray, lte, min, sql } from "drizzle-orm";
import type { DbOrTx } from "../../client";
import { wordCards, wordReviews, wordStatuses, type WordCardRow } from "../../schema/index";

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

/** Removes the learner's card of the lemma (its log of answers stays); whether there was one. */
export async function deleteWordCard(db: DbOrTx, key: CardKey): Promise<boolean> {
  const removed = await db.delete(wordCards).where(byKey(key)).returning({ lemma: wordCards.lemma });
  return removed.length > 0;
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

export async function countDueWordCards(db: DbOrTx, params: { userId: string; now: Date; language?: string }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(wordCards).where(dueWhere(params));
  return row?.n ?? 0;
}

/** How many cards each of these learners has due by `now` (learners with none are left out). */
export async function countDueWordCardsOf(db: DbOrTx, params: { userIds: string[]; now: Date }): Promise<Map<string, number>> {
  if (params.userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: wordCards.userId, n: count() })
    .from(wordCards)
    .where(and(inArray(wordCards.userId, params.userIds), lte(wordCards.due, params.now), notIgnored))
    .groupBy(wordCards.userId);
  return new Map(rows.map((row) => [row.userId, row.n]));
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

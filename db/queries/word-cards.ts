/**
 * Learners' FSRS cards (word_cards) and the log of answers to them (word_reviews). Keyed by
 * (user, language, lemma); the rules of what an answer does live in lib/services/word-cards.ts.
 */
import { and, asc, count, eq, gt, lte, min, sql } from "drizzle-orm";
import { resultRows, type DbOrTx } from "../client";
import { rowsJson } from "./json-rows";
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

/** The videos searched for a lemma's lines: enough variety, a bounded cost for a common word. */
const CONTEXT_VIDEOS = 20;

export type LemmaLine = {
  language: string;
  lemma: string;
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
 * For each of the learner's cards, one caption line where its lemma occurs, in videos of its
 * language (published ones only with `publishedOnly`), with the line's translation into
 * `nativeLanguage`: the occurrences (in video, line and word order) are taken in turn, the card's
 * number of answers so far choosing which. Candidate videos come from video_lemmas' lemma index.
 * One statement for the whole batch; cards whose lemma no video has are missing from the answer.
 */
export async function findLemmaLines(
  db: DbOrTx,
  params: { userId: string; nativeLanguage: string; publishedOnly: boolean; cards: readonly { language: string; lemma: string }[] },
): Promise<LemmaLine[]> {
  if (!params.cards.length) return [];
  const cards = params.cards.map(({ language, lemma }) => ({ language, lemma }));
  const statuses = sql`ARRAY[${sql.join(
    PUBLISHED_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}]::text[]`;
  const rows = resultRows<Record<string, unknown>>(
    await db.execute(sql`
      SELECT c.language, c.lemma, l.*
        FROM json_to_recordset(${rowsJson(cards)}) AS c(language text, lemma text)
        CROSS JOIN LATERAL (
          SELECT o.video_id, v.title, v.youtube_id, v.media_path, o.caption_id, cap.text, cap.start_time, cap.end_time,
                 o.char_start, o.char_end, o.surface, st.translated_text, o.total
            FROM (
              SELECT t.video_id, t.caption_id, t.char_start, t.char_end, t.surface,
                     (row_number() OVER (ORDER BY t.video_id, t.caption_id, t.position) - 1)::int AS rank,
                     (count(*) OVER ())::int AS total
                FROM (
                  SELECT vl.video_id FROM ${videoLemmas} vl JOIN ${videos} cv ON cv.id = vl.video_id
                   WHERE vl.lemma = c.lemma AND cv.target_language = c.language
                     AND (${!params.publishedOnly} OR cv.status::text = ANY(${statuses}))
                   ORDER BY vl.video_id LIMIT ${CONTEXT_VIDEOS}
                ) cand
                JOIN ${videoTokens} t ON t.video_id = cand.video_id AND t.lemma = c.lemma
            ) o
            JOIN ${captions} cap ON cap.id = o.caption_id
            JOIN ${videos} v ON v.id = o.video_id
            LEFT JOIN ${segmentTranslations} st ON st.caption_id = o.caption_id AND st.language = ${params.nativeLanguage}
           WHERE o.rank = (
             SELECT count(*) FROM ${wordReviews} r WHERE r.user_id = ${params.userId} AND r.language = c.language AND r.lemma = c.lemma
           ) % o.total
           LIMIT 1
        ) l`),
  );
  return rows.map((r) => ({
    language: String(r.language),
    lemma: String(r.lemma),
    videoId: Number(r.video_id),
    title: String(r.title),
    youtubeId: (r.youtube_id as string | null) ?? null,
    mediaPath: (r.media_path as string | null) ?? null,
    captionId: Number(r.caption_id),
    text: String(r.text),
    startMs: Number(r.start_time),
    endMs: Number(r.end_time),
    wordStart: Number(r.char_start),
    wordEnd: Number(r.char_end),
    surface: String(r.surface),
    translation: (r.translated_text as string | null) ?? null,
    occurrences: Number(r.total),
  }));
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

/**
 * A learner's word statuses (new, learning, known, ignored per language and lemma): set, read for
 * a video's lemmas, and scored against videos (how much of each the learner knows). A lemma
 * without a row is new.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { resultRows } from "../client";
import { videos, words, wordStatuses, type WordStatus } from "../schema";

export type StoredStatus = Exclude<WordStatus, "new">;

/** Sets one status; "new" removes the row. Returns when it was set (now for "new"). */
export async function setWordStatus(db: DbOrTx, params: { userId: string; language: string; lemma: string; status: WordStatus }): Promise<Date> {
  const key = and(eq(wordStatuses.userId, params.userId), eq(wordStatuses.language, params.language), eq(wordStatuses.lemma, params.lemma));
  if (params.status === "new") {
    await db.delete(wordStatuses).where(key);
    return new Date();
  }
  const [row] = await db
    .insert(wordStatuses)
    .values({ userId: params.userId, language: params.language, lemma: params.lemma, status: params.status })
    .onConflictDoUpdate({
      target: [wordStatuses.userId, wordStatuses.language, wordStatuses.lemma],
      set: { status: params.status, updatedAt: sql`now()` },
    })
    .returning({ updatedAt: wordStatuses.updatedAt });
  return row!.updatedAt;
}

export async function getWordStatus(db: DbOrTx, params: { userId: string; language: string; lemma: string }): Promise<StoredStatus | undefined> {
  const [row] = await db
    .select({ status: wordStatuses.status })
    .from(wordStatuses)
    .where(and(eq(wordStatuses.userId, params.userId), eq(wordStatuses.language, params.language), eq(wordStatuses.lemma, params.lemma)))
    .limit(1);
  return row?.status;
}

/**
 * How much of each video the learner knows, 0–100 (floor): of its content words, names left out,
 * known ones count 1, learning ones 1/2, ignored ones are left out. Null for a video without
 * words (not processed with lemmas); 100 when every word is ignored. Reads video_lemmas, a row
 * per distinct lemma, never the tokens.
 */
export async function comprehensionOfVideos(db: DbOrTx, params: { userId: string; videoIds: readonly number[] }): Promise<Map<number, number | null>> {
  const scores = new Map<number, number | null>(params.videoIds.map((id) => [id, null]));
  if (!params.videoIds.length) return scores;
  const rows = resultRows<{ video_id: number; known: number; counted: number }>(
    await db.execute(sql`
      SELECT l.video_id,
             coalesce(sum(l.occurrences * CASE s.status WHEN 'known' THEN 2 WHEN 'learning' THEN 1 ELSE 0 END), 0)::int AS known,
             coalesce(sum(l.occurrences) FILTER (WHERE s.status IS DISTINCT FROM 'ignored'), 0)::int AS counted
        FROM video_lemmas l
        JOIN videos v ON v.id = l.video_id
        LEFT JOIN word_statuses s ON s.user_id = ${params.userId} AND s.language = v.target_language AND s.lemma = l.lemma
       WHERE l.video_id IN (${sql.join(
         params.videoIds.map((id) => sql`${id}`),
         sql`, `,
       )})
       GROUP BY l.video_id`),
  );
  // `known` is in halves (learning counts one half), so the share is known / (2 × counted); the
  // same rule as lib/services/word-statuses.ts comprehensionOf, for one video's words.
  for (const r of rows) scores.set(Number(r.video_id), r.counted > 0 ? Math.floor((Number(r.known) * 50) / Number(r.counted)) : 100);
  return scores;
}

/**
 * A vocabulary word's lemma, as its line's words have it (the word of its caption spelled the
 * same), and its video's language; `lemma` is undefined when the line has no such word stored.
 */
export async function getVocabularyWordLemma(db: DbOrTx, params: { wordId: number }): Promise<{ word: string; language: string; lemma: string | undefined } | undefined> {
  const [row] = await db
    .select({
      word: words.word,
      language: videos.targetLanguage,
      lemma: sql<string | null>`(SELECT t.lemma FROM video_tokens t WHERE t.caption_id = ${words.captionId} AND lower(t.surface) = lower(${words.word}) ORDER BY t.position LIMIT 1)`,
    })
    .from(words)
    .innerJoin(videos, eq(videos.id, words.videoId))
    .where(eq(words.id, params.wordId))
    .limit(1);
  return row && { word: row.word, language: row.language, lemma: row.lemma ?? undefined };
}

/**
 * The learner's statuses of these lemmas that are not new: one `= any` on the primary key (a
 * video's few thousand lemmas, whatever the number of the learner's statuses), answered as one
 * JSON object rather than a row per lemma (PGlite spends as long handing rows over as finding them).
 */
export async function getStatusesOfLemmas(db: DbOrTx, params: { userId: string; language: string; lemmas: readonly string[] }): Promise<Map<string, StoredStatus>> {
  if (!params.lemmas.length) return new Map();
  const [row] = resultRows<{ statuses: Record<string, StoredStatus> | null }>(
    await db.execute(sql`
      SELECT json_object_agg(lemma, status) AS statuses
        FROM word_statuses
       WHERE user_id = ${params.userId} AND language = ${params.language} AND lemma = any(${sql.param(params.lemmas)}::text[])`),
  );
  return new Map(Object.entries(row?.statuses ?? {}));
}

/**
 * A learner's word statuses (new, learning, known, ignored per language and lemma) and what they
 * say of a video: the status of each of its words, how much of it the learner knows, and which of
 * its words to learn first. A lemma without a row is new.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { resultRows } from "../client";
import { videos, words, wordStatuses, type PartOfSpeech, type WordStatus } from "../schema";

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

export type TokenWithStatus = {
  segmentIndex: number;
  position: number;
  start: number;
  end: number;
  surface: string;
  lemma: string;
  partOfSpeech: PartOfSpeech | null;
  isContent: boolean;
  isProperNoun: boolean;
  status: WordStatus;
};

/**
 * Every word of the video in caption and line order, with the learner's status of its lemma in
 * the video's language. The rows come back as one JSON array (arrays per row, no keys): tens of
 * thousands of rows cost the drivers far more parsed one by one.
 */
export async function listVideoTokensWithStatus(db: DbOrTx, params: { videoId: number; userId: string; language: string }): Promise<TokenWithStatus[]> {
  const rows = resultRows<{ rows: [number, number, number, number, string, string, PartOfSpeech | null, boolean, boolean, StoredStatus | null][] | null }>(
    await db.execute(sql`
      SELECT json_agg(json_build_array(c.segment_index, t.position, t.char_start, t.char_end, t.surface, t.lemma, t.part_of_speech, t.is_content, t.is_proper_noun, s.status)
                      ORDER BY c.segment_index, t.position) AS rows
        FROM video_tokens t
        JOIN captions c ON c.id = t.caption_id
        LEFT JOIN word_statuses s ON s.user_id = ${params.userId} AND s.language = ${params.language} AND s.lemma = t.lemma
       WHERE t.video_id = ${params.videoId}`),
  );
  const list = rows[0]?.rows ?? [];
  return list.map(([segmentIndex, position, start, end, surface, lemma, partOfSpeech, isContent, isProperNoun, status]) => ({
    segmentIndex,
    position,
    start,
    end,
    surface,
    lemma,
    partOfSpeech,
    isContent,
    isProperNoun,
    status: status ?? "new",
  }));
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
  // `known` is in halves (learning counts one half), so the share is known / (2 × counted).
  for (const r of rows) scores.set(Number(r.video_id), r.counted > 0 ? Math.floor((Number(r.known) * 50) / Number(r.counted)) : 100);
  return scores;
}

/** The video's content words (names left out) the learner has not marked, most frequent first. */
export async function listWordsToLearnFirst(
  db: DbOrTx,
  params: { videoId: number; userId: string; language: string; limit: number },
): Promise<{ lemma: string; occurrences: number }[]> {
  return resultRows<{ lemma: string; occurrences: number }>(
    await db.execute(sql`
      SELECT l.lemma, l.occurrences
        FROM video_lemmas l
       WHERE l.video_id = ${params.videoId}
         AND NOT EXISTS (SELECT 1 FROM word_statuses s WHERE s.user_id = ${params.userId} AND s.language = ${params.language} AND s.lemma = l.lemma)
       ORDER BY l.occurrences DESC, l.lemma
       LIMIT ${params.limit}`),
  ).map((r) => ({ lemma: r.lemma, occurrences: Number(r.occurrences) }));
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

/** The statuses of these lemmas that are not new. */
export async function getWordStatuses(db: DbOrTx, params: { userId: string; language: string; lemmas: readonly string[] }): Promise<Map<string, StoredStatus>> {
  if (!params.lemmas.length) return new Map();
  const rows = await db
    .select({ lemma: wordStatuses.lemma, status: wordStatuses.status })
    .from(wordStatuses)
    .where(and(eq(wordStatuses.userId, params.userId), eq(wordStatuses.language, params.language), inArray(wordStatuses.lemma, [...params.lemmas])));
  return new Map(rows.map((r) => [r.lemma, r.status]));
}

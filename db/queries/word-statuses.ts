/**
 * A learner's word statuses (new, learning, known, ignored per language and lemma): set, read for
 * a video's lemmas. A lemma without a row is new.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { resultRows } from "../client";
import { lockLearnerScores, moveComprehension } from "./comprehension";
import { videos, words, wordStatuses, type WordStatus } from "../schema";

export type StoredStatus = Exclude<WordStatus, "new">;

/**
 * Sets one status; "new" removes the row. Returns when it was set (now for "new"). The learner's
 * kept comprehension sums move with it in the same transaction (db/queries/comprehension.ts).
 */
export async function setWordStatus(db: DbOrTx, params: { userId: string; language: string; lemma: string; status: WordStatus }): Promise<Date> {
  return (await changeWordStatus(db, params, () => params.status, { always: true }))!;
}

/**
 * Moves one status to what `next` makes of the current one, read under the learner's lock (so a
 * change made meanwhile, such as the learner ignoring the word, is the one `next` sees). Writes
 * nothing when it stays the same, unless `always` (which renews its time); returns when it was set,
 * or null when nothing was written.
 */
export async function changeWordStatus(
  db: DbOrTx,
  key: { userId: string; language: string; lemma: string },
  next: (before: WordStatus) => WordStatus,
  options: { always?: boolean } = {},
): Promise<Date | null> {
  return db.transaction(async (tx) => {
    await lockLearnerScores(tx, key.userId);
    const before = (await getWordStatus(tx, key)) ?? "new";
    const status = next(before);
    if (status === before && !options.always) return null;
    const where = and(eq(wordStatuses.userId, key.userId), eq(wordStatuses.language, key.language), eq(wordStatuses.lemma, key.lemma));
    let setAt = new Date();
    if (status === "new") await tx.delete(wordStatuses).where(where);
    else {
      const [row] = await tx
        .insert(wordStatuses)
        .values({ userId: key.userId, language: key.language, lemma: key.lemma, status })
        .onConflictDoUpdate({
          target: [wordStatuses.userId, wordStatuses.language, wordStatuses.lemma],
          set: { status, updatedAt: sql`now()` },
        })
        .returning({ updatedAt: wordStatuses.updatedAt });
      setAt = row!.updatedAt;
    }
    await moveComprehension(tx, key, before, status);
    return setAt;
  });
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

/**
 * A learner's word statuses (new, learning, known, ignored per language and lemma): set, read for
 * a video's lemmas. A lemma without a row is new.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../client";
import { resultRows } from "../../client";
import { lockLearnerScores, moveComprehension, type StatusWeights } from "./comprehension";
import { videos, words, wordStatuses, type WordStatus } from "../../schema/index";

export type StoredStatus = Exclude<WordStatus, "new">;

/**
 * Sets one status; "new" removes the row. Returns when it was set (now for "new"). The learner's
 * kept comprehension sums move with it in the same transaction (db/queries/words/comprehension.ts).
 * This is the learner's own choice: "learning" saves the word to their list (now), another
 * status leaves the list as it was.
 */
export async function setWordStatus(db: DbOrTx, params: { userId: string; language: string; lemma: string; status: WordStatus }, weights: StatusWeights): Promise<Date> {
  const change = await changeStatusRow(db, params, weights, (before) => ({ status: params.status, savedAt: params.status === "learning" ? "now" : before.savedAt }), { always: true });
  return change!.setAt;
}

/**
 * Moves one status to what `next` makes of the current one, read under the learner's lock (so a
 * change made meanwhile, such as the learner ignoring the word, is the one `next` sees). Writes
 * nothing when it stays the same, unless `always` (which renews its time); returns when it was set,
 * or null when nothing was written. Whether the word is saved stays as it is.
 */
export async function changeWordStatus(
  db: DbOrTx,
  key: { userId: string; language: string; lemma: string },
  weights: StatusWeights,
  next: (before: WordStatus) => WordStatus,
  options: { always?: boolean } = {},
): Promise<Date | null> {
  const change = await changeStatusRow(db, key, weights, (before) => ({ status: next(before.status), savedAt: before.savedAt }), options);
  return change?.setAt ?? null;
}

/** A lemma's status and when the learner saved it (null: not saved); a new word has no row. */
export type StatusRow = { status: WordStatus; savedAt: Date | null };
/** What a change makes of the row: "now" saves it at the database's time. */
export type StatusRowChange = { status: WordStatus; savedAt: Date | null | "now" };

/**
 * Changes one lemma's row (status and saved time) to what `next` makes of it, read under the
 * learner's lock; the learner's kept comprehension sums move with the status (by `weights`, the
 * rule of lib/words/comprehension/rule.ts) in the same transaction. A word going back to new loses its row, and so its saved time. `next` returning
 * null, or the row staying the same (unless `always`, which renews its times), writes nothing and
 * returns null. Otherwise returns the row before and after, and when the status was set.
 */
export async function changeStatusRow(
  db: DbOrTx,
  key: { userId: string; language: string; lemma: string },
  weights: StatusWeights,
  next: (before: StatusRow) => StatusRowChange | null,
  options: { always?: boolean } = {},
): Promise<{ before: StatusRow; after: StatusRow; setAt: Date } | null> {
  return db.transaction(async (tx) => {
    await lockLearnerScores(tx, key.userId);
    const where = and(eq(wordStatuses.userId, key.userId), eq(wordStatuses.language, key.language), eq(wordStatuses.lemma, key.lemma));
    const [row] = await tx.select({ status: wordStatuses.status, savedAt: wordStatuses.savedAt }).from(wordStatuses).where(where).limit(1);
    const before: StatusRow = row ?? { status: "new", savedAt: null };
    const change = next(before);
    if (!change) return null;
    const unchanged = change.status === before.status && change.savedAt !== "now" && change.savedAt?.getTime() === before.savedAt?.getTime();
    if (unchanged && !options.always) return null;
    let after: StatusRow = { status: "new", savedAt: null };
    let setAt = new Date();
    if (change.status === "new") await tx.delete(wordStatuses).where(where);
    else {
      const savedAt = change.savedAt === "now" ? sql`now()` : change.savedAt;
      // The status's own time moves only when the status does (or `always`): saving or unsaving is not a new status.
      const updatedAt = change.status !== before.status || options.always ? sql`now()` : sql`${wordStatuses.updatedAt}`;
      const [written] = await tx
        .insert(wordStatuses)
        .values({ userId: key.userId, language: key.language, lemma: key.lemma, status: change.status, savedAt })
        .onConflictDoUpdate({
          target: [wordStatuses.userId, wordStatuses.language, wordStatuses.lemma],
          set: { status: change.status, savedAt, updatedAt },
        })
        .returning({ updatedAt: wordStatuses.updatedAt, savedAt: wordStatuses.savedAt });
      after = { status: change.status, savedAt: written!.savedAt };
      setAt = written!.updatedAt;
    }
    await moveComprehension(tx, key, weights, before.status, after.status);
    return { before, after, setAt };
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

/**
 * A learner's saved words (status "learning"): a page of them, most recently saved first, and
 * how many each language has. Read for the Saved screen and for exports (their meanings and
 * lines are read beside them); always keyed by the caller's id.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { resultRows } from "../client";

export type SavedWordRow = { language: string; lemma: string; savedAt: Date };

/** A page of the learner's saved words, most recently saved first, of one language or all. */
export async function listSavedWords(db: DbOrTx, params: { userId: string; language?: string; limit: number; offset: number }): Promise<SavedWordRow[]> {
  const rows = resultRows<{ language: string; lemma: string; saved_at: Date | string }>(
    await db.execute(sql`
      SELECT ws.language, ws.lemma, ws.updated_at AS saved_at
        FROM word_statuses ws
       WHERE ws.user_id = ${params.userId} AND ws.status = 'learning'
         ${params.language === undefined ? sql`` : sql`AND ws.language = ${params.language}`}
       ORDER BY ws.updated_at DESC, ws.language, ws.lemma
       LIMIT ${params.limit} OFFSET ${params.offset}`),
  );
  return rows.map((r) => ({ language: r.language, lemma: r.lemma, savedAt: new Date(r.saved_at) }));
}

/** How many words the learner has saved in each language, the language with most first. */
export async function countSavedWords(db: DbOrTx, params: { userId: string }): Promise<{ language: string; count: number }[]> {
  const rows = resultRows<{ language: string; count: number | string }>(
    await db.execute(sql`
      SELECT language, count(*)::int AS count
        FROM word_statuses
       WHERE user_id = ${params.userId} AND status = 'learning'
       GROUP BY language
       ORDER BY count(*) DESC, language`),
  );
  return rows.map((r) => ({ language: r.language, count: Number(r.count) }));
}

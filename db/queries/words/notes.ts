/** Queries on learners' own notes on words, by (user, language, lemma). */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../client";
import { resultRows } from "../../client";
import { rowsJson } from "../json-rows";
import { wordNotes, type WordNote } from "../../schema/index";

type NoteKey = { userId: string; language: string; lemma: string };

const byKey = (key: NoteKey) => and(eq(wordNotes.userId, key.userId), eq(wordNotes.language, key.language), eq(wordNotes.lemma, key.lemma));

export async function getWordNote(db: DbOrTx, key: NoteKey): Promise<WordNote | null> {
  const [row] = await db.select().from(wordNotes).where(byKey(key)).limit(1);
  return row ?? null;
}

/** The learner's notes on any of these lemmas (of any language), for a list of words. */
export async function listWordNotes(db: DbOrTx, params: { userId: string; keys: readonly { language: string; lemma: string }[] }): Promise<WordNote[]> {
  if (!params.keys.length) return [];
  const keys = params.keys.map(({ language, lemma }) => ({ language, lemma }));
  const rows = resultRows<{ user_id: string; language: string; lemma: string; note: string; updated_at: Date | string }>(
    await db.execute(sql`
      SELECT n.user_id, n.language, n.lemma, n.note, n.updated_at
        FROM json_to_recordset(${rowsJson(keys)}) AS k(language text, lemma text)
        JOIN word_notes n ON n.user_id = ${params.userId} AND n.language = k.language AND n.lemma = k.lemma`),
  );
  return rows.map((r) => ({ userId: r.user_id, language: r.language, lemma: r.lemma, note: r.note, updatedAt: new Date(r.updated_at) }));
}

export async function upsertWordNote(db: DbOrTx, row: NoteKey & { note: string }): Promise<WordNote> {
  const [saved] = await db
    .insert(wordNotes)
    .values(row)
    .onConflictDoUpdate({ target: [wordNotes.userId, wordNotes.language, wordNotes.lemma], set: { note: row.note, updatedAt: new Date() } })
    .returning();
  return saved!;
}

/** Whether there was a note to delete. */
export async function deleteWordNote(db: DbOrTx, key: NoteKey): Promise<boolean> {
  const removed = await db.delete(wordNotes).where(byKey(key)).returning({ lemma: wordNotes.lemma });
  return removed.length > 0;
}

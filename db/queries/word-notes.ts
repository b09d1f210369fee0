/** Queries on learners' own notes on words, by (user, language, lemma). */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { wordNotes, type WordNote } from "../schema";

type NoteKey = { userId: string; language: string; lemma: string };

const byKey = (key: NoteKey) => and(eq(wordNotes.userId, key.userId), eq(wordNotes.language, key.language), eq(wordNotes.lemma, key.lemma));

export async function getWordNote(db: DbOrTx, key: NoteKey): Promise<WordNote | null> {
  const [row] = await db.select().from(wordNotes).where(byKey(key)).limit(1);
  return row ?? null;
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

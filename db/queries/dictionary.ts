/**
 * Queries on imported dictionaries: replacing an edition, adding its entries in batches, and
 * finding a headword's definitions among the dictionaries of a language pair.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { resultRows } from "../client";
import { dictionaries, dictionaryEntries, type Dictionary } from "../schema";

export type DictionaryDescription = Pick<Dictionary, "sourceLanguage" | "targetLanguage" | "name" | "edition" | "licence">;

/**
 * Removes the dictionary of the same name and pair (its entries go with it) and adds the new
 * edition's row; call inside the transaction that adds its entries, so readers see the old
 * edition until the new one is whole.
 */
export async function replaceDictionary(db: DbOrTx, description: DictionaryDescription): Promise<{ id: number; replaced: boolean }> {
  const removed = await db
    .delete(dictionaries)
    .where(
      and(
        eq(dictionaries.sourceLanguage, description.sourceLanguage),
        eq(dictionaries.targetLanguage, description.targetLanguage),
        eq(dictionaries.name, description.name),
      ),
    )
    .returning({ id: dictionaries.id });
  const [row] = await db.insert(dictionaries).values(description).returning({ id: dictionaries.id });
  return { id: row!.id, replaced: removed.length > 0 };
}

export type DictionaryEntryRow = { headword: string; definition: string; pronunciation?: string | null; grammar?: string | null };

/**
 * Adds a batch of entries as one array parameter a column (unnest keeps their order), not a
 * parameter a value: a fraction of the work for the driver and the database, and of the memory.
 */
export async function insertDictionaryEntries(db: DbOrTx, dictionaryId: number, entries: DictionaryEntryRow[]): Promise<void> {
  if (entries.length === 0) return;
  const column = (key: keyof DictionaryEntryRow) => sql.param(entries.map((e) => e[key] ?? null));
  await db.execute(sql`
    insert into ${dictionaryEntries} (dictionary_id, headword, definition, pronunciation, grammar)
    select ${dictionaryId}, e.headword, e.definition, e.pronunciation, e.grammar
      from unnest(${column("headword")}::text[], ${column("definition")}::text[], ${column("pronunciation")}::text[], ${column("grammar")}::text[])
        as e(headword, definition, pronunciation, grammar)`);
}

export async function setDictionaryEntryCount(db: DbOrTx, params: { id: number; entryCount: number }): Promise<void> {
  await db.update(dictionaries).set({ entryCount: params.entryCount }).where(eq(dictionaries.id, params.id));
}

export async function listDictionaries(db: DbOrTx): Promise<Dictionary[]> {
  return db.select().from(dictionaries).orderBy(asc(dictionaries.sourceLanguage), asc(dictionaries.targetLanguage), asc(dictionaries.name));
}

export type DictionaryHit = {
  dictionaryId: number;
  name: string;
  edition: string | null;
  licence: string;
  headword: string;
  definition: string;
  pronunciation: string | null;
  grammar: string | null;
};

/** How many entries a dictionary holds, counted (tests and the import's report). */
export async function countDictionaryEntries(db: DbOrTx, dictionaryId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(dictionaryEntries).where(eq(dictionaryEntries.dictionaryId, dictionaryId));
  return row?.n ?? 0;
}

/**
 * For each of `headwords` (already normalised) that a dictionary of the pair knows: its first
 * `perHeadword` definitions, the latest imported dictionaries first and each dictionary's entries
 * in their order. One statement for a list of words (the saved words, an export, a video's
 * reviews) or for the surface form and lemma of one (the word popover).
 */
export async function findDictionaryEntries(
  db: DbOrTx,
  params: { sourceLanguage: string; targetLanguage: string; headwords: string[]; perHeadword: number },
): Promise<Map<string, DictionaryHit[]>> {
  const found = new Map<string, DictionaryHit[]>();
  if (params.headwords.length === 0) return found;
  const rows = resultRows<{
    dictionary_id: number | string;
    name: string;
    edition: string | null;
    licence: string;
    headword: string;
    definition: string;
    pronunciation: string | null;
    grammar: string | null;
  }>(
    await db.execute(sql`
      SELECT dictionary_id, name, edition, licence, headword, definition, pronunciation, grammar FROM (
        SELECT d.id AS dictionary_id, d.name, d.edition, d.licence, e.headword, e.definition, e.pronunciation, e.grammar,
               row_number() OVER (PARTITION BY e.headword ORDER BY d.imported_at DESC, d.id, e.id) AS n
          FROM json_array_elements_text(${JSON.stringify(params.headwords)}::json) AS h(headword)
          JOIN dictionary_entries e ON e.headword = h.headword
          JOIN dictionaries d ON d.id = e.dictionary_id
         WHERE d.source_language = ${params.sourceLanguage} AND d.target_language = ${params.targetLanguage}
      ) ranked
      WHERE n <= ${params.perHeadword}
      ORDER BY headword, n`),
  );
  for (const r of rows) {
    const { dictionary_id, ...rest } = r;
    const hit = { dictionaryId: Number(dictionary_id), ...rest };
    found.set(r.headword, [...(found.get(r.headword) ?? []), hit]);
  }
  return found;
}

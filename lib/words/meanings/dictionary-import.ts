/**
 * Imports offline dictionaries (`npm run dict:import`): dictd files and CC-CEDICT, streamed into
 * the database in batches inside one transaction, so a dictionary of any size takes little
 * memory, a failed import leaves the previous edition in place, and importing a dictionary again
 * (same name, same language pair) replaces it. Each sense is a row of its own, its pronunciation
 * and grammar apart from its text, so every screen shows a definition as the sense alone.
 */
import "server-only";
import path from "node:path";
import type { Db } from "@/db/client";
import { insertDictionaryEntries, replaceDictionary, setDictionaryEntryCount, type DictionaryEntryRow } from "@/db/queries/dictionary";
import { cedictEntries, looksLikeCedict, readCedictMeta } from "@/lib/dictionaries/cedict";
import { dictdFiles, openDictd, type DictdMeta } from "@/lib/dictionaries/dictd";
import { appLanguageCode, languagePairFromFileName } from "@/lib/dictionaries/file-names";
import { licenceFromDescription, licenceName } from "@/lib/dictionaries/licence";
import type { DictionaryEntryInput, DictionaryMeta } from "@/lib/dictionaries/types";
import { headwordKey } from "@/lib/words/key";

export type ImportOptions = {
  from?: string;
  to?: string;
  name?: string;
  licence?: string;
  edition?: string;
  /** Rows per INSERT (default 1000). */
  batchSize?: number;
  /** Told every batch how many entries are in so far. */
  onProgress?: (entries: number) => void;
};

export type ImportResult = DictionaryMeta & { file: string; entries: number; replaced: boolean };

/** Longest headword and sense kept; longer ones are cut (no real entry comes near). */
const MAX_HEADWORD = 200;
const MAX_DEFINITION = 8000;
const NO_LICENCE = "Licence not stated";

/** Imports one dictionary named by any of its files (a dictd `.index` or `.dict.dz`, a CC-CEDICT file). */
export async function importDictionaryFile(db: Db, file: string, options: ImportOptions = {}): Promise<ImportResult> {
  const dictd = await dictdFiles(file);
  if (dictd) {
    const reader = await openDictd(dictd);
    try {
      const meta = dictdDescription(dictd.index, reader.meta, options);
      return { file: dictd.index, ...(await store(db, meta, reader.entries(), options)) };
    } finally {
      await reader.close();
    }
  }
  if (await looksLikeCedict(file)) {
    const header = await readCedictMeta(file);
    const meta: DictionaryMeta = {
      sourceLanguage: appLanguageCode(options.from ?? "zh"),
      targetLanguage: appLanguageCode(options.to ?? "en"),
      name: options.name ?? "CC-CEDICT",
      edition: options.edition ?? header.date ?? header.version ?? null,
      licence: options.licence ?? licenceName(header.licence) ?? "CC BY-SA 4.0",
    };
    return { file, ...(await store(db, meta, cedictEntries(file), options)) };
  }
  throw new Error(`${file}: not a dictionary this importer reads (dictd .index/.dict.dz, or CC-CEDICT text)`);
}

/** The longest a pronunciation or grammar label is kept: a real one is a few words. */
const MAX_LABEL = 200;

const label = (text: string | null | undefined) => text?.replace(/\u0000/g, "").replace(/\s+/g, " ").trim().slice(0, MAX_LABEL) || null;

/** An entry as rows: one a sense, each with the headword's pronunciation and the sense's grammar. */
function rowsOf(entry: DictionaryEntryInput): DictionaryEntryRow[] {
  const headword = headwordKey(entry.headword).slice(0, MAX_HEADWORD);
  if (!headword) return [];
  const pronunciation = label(entry.pronunciation);
  return entry.senses.flatMap((sense) => {
    const definition = sense.definition.replace(/\u0000/g, "").trim().slice(0, MAX_DEFINITION);
    return definition ? [{ headword, definition, pronunciation, grammar: label(sense.grammar) }] : [];
  });
}

async function store(db: Db, meta: DictionaryMeta, entries: AsyncIterable<DictionaryEntryInput>, options: ImportOptions) {
  const batchSize = options.batchSize ?? 1000;
  return db.transaction(async (tx) => {
    const { id, replaced } = await replaceDictionary(tx, meta);
    let batch: DictionaryEntryRow[] = [];
    let count = 0;
    for await (const entry of entries) {
      const rows = rowsOf(entry);
      if (rows.length === 0) continue;
      batch.push(...rows);
      count++;
      if (batch.length >= batchSize) {
        await insertDictionaryEntries(tx, id, batch);
        batch = [];
        options.onProgress?.(count);
      }
    }
    await insertDictionaryEntries(tx, id, batch);
    await setDictionaryEntryCount(tx, { id, entryCount: count });
    return { ...meta, entries: count, replaced };
  });
}

function dictdDescription(indexFile: string, meta: DictdMeta, options: ImportOptions): DictionaryMeta {
  const pair = languagePairFromFileName(indexFile);
  const from = options.from ?? pair?.from;
  const to = options.to ?? pair?.to;
  if (!from || !to) {
    throw new Error(`${indexFile}: its name gives no language pair (like fra-eng.index): say it with --from and --to`);
  }
  // The short name carries the edition: FreeDict's "French-English FreeDict Dictionary ver. 0.4.1",
  // Ding's "German - English Dictionary devel 2023-01-30". Kept apart, a new edition replaces the old.
  const versioned = meta.short ? /^(.*?)[\s,]*(?:(?:ver\.?|version)\s*([\w.-]+)|((?:devel\s+)?\d{4}-\d{2}-\d{2}))\s*$/i.exec(meta.short) : null;
  const stem = path.basename(indexFile, ".index");
  return {
    sourceLanguage: appLanguageCode(from),
    targetLanguage: appLanguageCode(to),
    name: options.name ?? (versioned?.[1] || meta.short || stem),
    edition: options.edition ?? versioned?.[2] ?? versioned?.[3] ?? null,
    licence: options.licence ?? licenceName(meta.licence) ?? licenceFromDescription(meta.info) ?? NO_LICENCE,
  };
}


/**
 * The learner's saved words (the words they marked "learning"): a page of them with a meaning
 * and a line where each is said, for the Saved screen and for exports. A meaning is what the word
 * popover would show first, read only from what is stored: the learner's note, else an imported
 * dictionary, else an AI answer cached by an earlier look-up; the AI is never asked here.
 * Everything is keyed by the caller's id: a learner's words are theirs alone.
 */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { findFirstDefinitions } from "@/db/queries/dictionary";
import { countSavedWords, listSavedWords as listSavedWordRows, type SavedWordRow } from "@/db/queries/saved-words";
import { findCachedMeanings } from "@/db/queries/word-meanings";
import type { User } from "@/db/schema";
import { headwordKey } from "@/lib/text/headword";
import type { SavedWord, SavedWordsPage } from "@/lib/types/api";
import type { SavedWordsQuery } from "@/lib/validation/saved-words";
import { isStaff } from "./videos";

const DEFINITIONS_SHOWN = 3;
/** A meaning longer than this (a dictionary's whole entry) is cut. */
const MEANING_MAX_CHARS = 600;

export type SavedWordWithRow = { word: SavedWord; row: SavedWordRow };

const keyOf = (language: string, lemma: string) => `${language}\u0000${lemma}`;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MEANING_MAX_CHARS ? `${flat.slice(0, MEANING_MAX_CHARS - 1)}…` : flat;
}

/** Each row's meaning: its note, else the dictionaries' first definitions, else the cached AI meanings. */
async function meaningsOf(db: DbOrTx, rows: readonly SavedWordRow[], nativeLanguage: string): Promise<Map<string, SavedWord["meaning"]>> {
  const meanings = new Map<string, SavedWord["meaning"]>();
  const byLanguage = new Map<string, SavedWordRow[]>();
  for (const row of rows) {
    if (row.note?.trim()) meanings.set(keyOf(row.language, row.lemma), { text: clip(row.note), source: "note" });
    else byLanguage.set(row.language, [...(byLanguage.get(row.language) ?? []), row]);
  }
  for (const [language, unnoted] of byLanguage) {
    const headwords = [...new Set(unnoted.map((r) => headwordKey(r.lemma)).filter(Boolean))];
    const [definitions, cached] = await Promise.all([
      findFirstDefinitions(db, { sourceLanguage: language, targetLanguage: nativeLanguage, headwords, perHeadword: DEFINITIONS_SHOWN }),
      findCachedMeanings(db, { language, nativeLanguage, lemmas: headwords }),
    ]);
    for (const row of unnoted) {
      const headword = headwordKey(row.lemma);
      const fromDictionary = definitions.get(headword);
      const fromAi = cached.get(headword);
      const meaning = fromDictionary?.length
        ? { text: clip(fromDictionary.join("; ")), source: "dictionary" as const }
        : fromAi?.length
          ? { text: clip(fromAi.join(", ")), source: "ai" as const }
          : null;
      meanings.set(keyOf(row.language, row.lemma), meaning);
    }
  }
  return meanings;
}

function occurrenceOf(row: SavedWordRow): SavedWord["occurrence"] {
  if (row.videoId === null || row.captionId === null || row.text === null || row.startMs === null || row.endMs === null) return null;
  return {
    videoId: row.videoId,
    videoTitle: row.videoTitle ?? "",
    captionId: row.captionId,
    text: row.text,
    translation: row.translation,
    wordStart: row.wordStart ?? 0,
    wordEnd: row.wordEnd ?? 0,
    startMs: row.startMs,
    endMs: row.endMs,
    href: `/video/${row.videoId}?t=${Math.floor(row.startMs / 1000)}`,
  };
}

/**
 * Saved words with their meanings and lines, most recently saved first: `limit` of them from
 * `offset`, of one language or all. Rows come along for exports (the video's media and YouTube id).
 */
export async function readSavedWords(
  db: DbOrTx,
  user: User,
  query: { language?: string; limit: number; offset: number },
): Promise<SavedWordWithRow[]> {
  const nativeLanguage = user.nativeLanguage ?? "en";
  const rows = await listSavedWordRows(db, { userId: user.id, language: query.language, nativeLanguage, publishedOnly: !isStaff(user), limit: query.limit, offset: query.offset });
  const meanings = await meaningsOf(db, rows, nativeLanguage);
  return rows.map((row) => ({
    row,
    word: {
      language: row.language,
      lemma: row.lemma,
      savedAt: row.savedAt.toISOString(),
      meaning: meanings.get(keyOf(row.language, row.lemma)) ?? null,
      occurrence: occurrenceOf(row),
    },
  }));
}

/** How many words the learner has saved, per language. */
export async function savedWordCounts(db: DbOrTx, user: User): Promise<{ language: string; count: number }[]> {
  return countSavedWords(db, { userId: user.id });
}

/** GET /api/words/saved. */
export async function listSavedWords(db: DbOrTx, user: User, query: SavedWordsQuery): Promise<SavedWordsPage> {
  // One more than the page tells whether another page follows.
  const [found, languages] = await Promise.all([readSavedWords(db, user, { ...query, limit: query.limit + 1 }), savedWordCounts(db, user)]);
  const more = found.length > query.limit;
  const total = query.language === undefined ? languages.reduce((sum, l) => sum + l.count, 0) : (languages.find((l) => l.language === query.language)?.count ?? 0);
  return {
    words: found.slice(0, query.limit).map((f) => f.word),
    languages,
    total,
    nextOffset: more ? query.offset + query.limit : null,
  };
}

/**
 * The learner's saved words (the words they marked "learning"): a page of them with a meaning
 * and a line where each is said, for the Saved screen and for exports. A meaning is what the word
 * popover would show first (lib/services/word-meanings.ts), read only from what is stored: the
 * learner's note, else an imported dictionary, else an AI answer cached by an earlier look-up;
 * the AI is never asked here.
 * Everything is keyed by the caller's id: a learner's words are theirs alone.
 */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { findLemmaLines, type LemmaLine } from "@/db/queries/lemma-lines";
import { countSavedWords, listSavedWords as listSavedWordRows } from "@/db/queries/saved-words";
import type { User } from "@/db/schema";
import type { SavedWord, SavedWordsPage } from "@/lib/types/api";
import type { SavedWordsQuery } from "@/lib/validation/saved-words";
import { isStaff } from "./videos";
import { chooseMeanings, type ChosenMeaning } from "./word-meanings";

const DEFINITIONS_SHOWN = 3;
/** A meaning longer than this (a dictionary's whole entry) is cut. */
const MEANING_MAX_CHARS = 600;

/** A saved word, and for exports the line it is shown in (with its video's media and YouTube id). */
export type SavedWordWithLine = { word: SavedWord; line: LemmaLine | null };

const keyOf = (language: string, lemma: string) => `${language}\u0000${lemma}`;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MEANING_MAX_CHARS ? `${flat.slice(0, MEANING_MAX_CHARS - 1)}…` : flat;
}

/** The meaning as the list shows it: a note, the first definitions, or the AI's meanings, on one line. */
function meaningOf(chosen: ChosenMeaning | null): SavedWord["meaning"] {
  switch (chosen?.source) {
    case "note":
      return { text: clip(chosen.text), source: "note" };
    case "dictionary":
      return { text: clip(chosen.hits.map((hit) => hit.definition).join("; ")), source: "dictionary" };
    case "ai":
      return { text: clip(chosen.cached.meanings.join(", ")), source: "ai" };
    default:
      // Vocabulary translations are not asked for here: the list shows what the popover would.
      return null;
  }
}

function occurrenceOf(line: LemmaLine): SavedWord["occurrence"] {
  return {
    videoId: line.videoId,
    videoTitle: line.title,
    captionId: line.captionId,
    text: line.text,
    translation: line.translation,
    wordStart: line.wordStart,
    wordEnd: line.wordEnd,
    startMs: line.startMs,
    endMs: line.endMs,
    href: `/video/${line.videoId}?t=${Math.floor(line.startMs / 1000)}`,
  };
}

/**
 * Saved words with their meanings and lines, most recently saved first: `limit` of them from
 * `offset`, of one language or all. A word's line is its first in the video the learner watched
 * last, else in the oldest video (published ones only, for learners).
 */
export async function readSavedWords(
  db: DbOrTx,
  user: User,
  query: { language?: string; limit: number; offset: number },
): Promise<SavedWordWithLine[]> {
  const nativeLanguage = user.nativeLanguage ?? "en";
  const rows = await listSavedWordRows(db, { userId: user.id, language: query.language, limit: query.limit, offset: query.offset });
  const [lines, meanings] = await Promise.all([
    findLemmaLines(db, { lemmas: rows, nativeLanguage, publishedOnly: !isStaff(user), videos: 1, lastWatchedBy: user.id, pick: "first" }),
    chooseMeanings(db, rows, { userId: user.id, nativeLanguage, definitions: DEFINITIONS_SHOWN, ai: "any" }),
  ]);
  const lineOf = new Map(lines.map((line) => [keyOf(line.language, line.lemma), line]));
  return rows.map((row, i) => {
    const line = lineOf.get(keyOf(row.language, row.lemma)) ?? null;
    return {
      line,
      word: {
        language: row.language,
        lemma: row.lemma,
        savedAt: row.savedAt.toISOString(),
        meaning: meaningOf(meanings[i]!),
        occurrence: line && occurrenceOf(line),
      },
    };
  });
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

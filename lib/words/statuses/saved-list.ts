/**
 * The learner's word list: the words they saved (the word popover's Save), with their status
 * now, and apart from them the words quiz answers set to learning that they did not save. A page
 * of either, narrowed by language, status, a video that says them and a search, each word with a
 * meaning and a line where it is said, for the Saved screen and for exports. A meaning is what the
 * word popover would show first (lib/words/meanings/choose.ts), read only from what is stored:
 * the AI is never asked here. Removing a word takes it off the list (a learning word goes back to
 * new and loses its review card); putting it back undoes that.
 * Everything is keyed by the caller's id: a learner's words are theirs alone.
 */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { findLemmaLines, type LemmaLine } from "@/db/queries/words/lemma-lines";
import {
  countListedWords,
  countSavedWords,
  listSavedWords as listSavedWordRows,
  listSavedWordVideos,
  type WordList,
  type WordListFilter,
} from "@/db/queries/words/saved";
import { getVideoById } from "@/db/queries/videos";
import { deleteWordCard } from "@/db/queries/words/cards";
import { listWordNotes } from "@/db/queries/words/notes";
import { changeStatusRow, type StatusRow } from "@/db/queries/words/statuses";
import type { User } from "@/db/schema";
import { wordKey } from "@/lib/words/key";
import type { SavedWord, SavedWordPutResult, SavedWordRemoved, SavedWordsPage } from "@/lib/types/api";
import type { SavedWordKey, SavedWordPut, SavedWordsQuery } from "@/lib/validation/saved-words";
import { isStaff, mayView, videoNotFound } from "@/lib/services/videos";
import { addWordCard } from "@/lib/words/cards/cards";
import { COMPREHENSION_WEIGHTS } from "@/lib/words/comprehension/rule";
import { asUnknownLanguage, checkedLemma } from "@/lib/words/lemma";
import { chooseMeanings, type ChosenMeaning } from "@/lib/words/meanings/choose";

const DEFINITIONS_SHOWN = 3;
/** The video filter offers this many videos, those saying most of the list's words. */
const FILTER_VIDEOS = 50;
/** A meaning longer than this (a dictionary's whole entry) is cut. */
const MEANING_MAX_CHARS = 600;

/** A saved word, and for exports the line it is shown in (with its video's media and YouTube id). */
export type SavedWordWithLine = { word: SavedWord; line: LemmaLine | null };

const keyOf = (language: string, lemma: string) => `${language}\u0000${lemma}`;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MEANING_MAX_CHARS ? `${flat.slice(0, MEANING_MAX_CHARS - 1)}…` : flat;
}

/**
 * The meaning as the list shows it: a note, the video's translation, the first definitions, or
 * the AI's meanings, on one line; with none of them, the translation of the line it is shown in,
 * marked as such.
 */
function meaningOf(chosen: ChosenMeaning | null, line: LemmaLine | null): SavedWord["meaning"] {
  switch (chosen?.source) {
    case "note":
      return { text: clip(chosen.text), source: "note" };
    case "vocabulary":
      return { text: clip(chosen.text), source: "vocabulary" };
    case "dictionary":
      return { text: clip(chosen.hits.map((hit) => hit.definition).join("; ")), source: "dictionary" };
    case "ai":
      return { text: clip(chosen.cached.meanings.join(", ")), source: "ai" };
    default:
      return line?.translation ? { text: clip(line.translation), source: "line" } : null;
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

/** What narrows the list: its kind, language, status, a video (checked as the caller may see it) and a search. */
export type WordListRead = Omit<WordListFilter, "userId" | "search"> & { search?: string };

/**
 * Words of the list with their meanings and lines, most recent first: `limit` of them from
 * `offset`. A word's line is its first in the video asked for, else in the video the learner
 * watched last, else in the oldest video (published ones only, for learners).
 */
export async function readSavedWords(db: DbOrTx, user: User, query: Partial<WordListRead> & { limit: number; offset: number }): Promise<SavedWordWithLine[]> {
  const nativeLanguage = user.nativeLanguage ?? "en";
  const rows = await listSavedWordRows(db, { ...filterOf(user, query), limit: query.limit, offset: query.offset });
  const [lines, meanings, notes] = await Promise.all([
    findLemmaLines(db, { lemmas: rows, nativeLanguage, publishedOnly: !isStaff(user), videos: 1, videoId: query.video?.id, lastWatchedBy: user.id, pick: "first" }),
    chooseMeanings(db, rows, { userId: user.id, nativeLanguage, definitions: DEFINITIONS_SHOWN, ai: "any" }),
    listWordNotes(db, { userId: user.id, keys: rows }),
  ]);
  const lineOf = new Map(lines.map((line) => [keyOf(line.language, line.lemma), line]));
  const noteOf = new Map(notes.map((note) => [keyOf(note.language, note.lemma), note.note]));
  return rows.map((row, i) => {
    const line = lineOf.get(keyOf(row.language, row.lemma)) ?? null;
    return {
      line,
      word: {
        language: row.language,
        lemma: row.lemma,
        status: row.status,
        savedAt: row.savedAt?.toISOString() ?? null,
        meaning: meaningOf(meanings[i]!, line),
        note: noteOf.get(keyOf(row.language, row.lemma)) ?? null,
        occurrence: line && occurrenceOf(line),
      },
    };
  });
}

function filterOf(user: User, query: Partial<WordListRead>): WordListFilter {
  const { search, ...rest } = query;
  return {
    ...rest,
    userId: user.id,
    list: query.list ?? "saved",
    // Lemmas are stored in their language's lower case; meanings are matched without case.
    search: search ? { text: wordKey(search.normalize("NFKC"), query.language), nativeLanguage: user.nativeLanguage ?? "en" } : undefined,
  };
}

/** How many words the learner has saved, per language. */
export async function savedWordCounts(db: DbOrTx, user: User): Promise<{ language: string; count: number }[]> {
  return countSavedWords(db, { userId: user.id });
}

/** The video a filter names, as the caller may see it: an unknown or unpublished one (to learners) is 404. */
async function filterVideo(db: DbOrTx, user: User, videoId: number | undefined): Promise<WordListRead["video"]> {
  if (videoId === undefined) return undefined;
  const video = await getVideoById(db, { id: videoId });
  if (!video || !mayView(user, video.status)) throw videoNotFound();
  return { id: video.id, language: video.targetLanguage };
}

/** GET /api/words/saved. */
export async function listSavedWords(db: DbOrTx, user: User, query: SavedWordsQuery): Promise<SavedWordsPage> {
  const list: WordList = query.list;
  const read: WordListRead = { list, language: query.language, status: query.status, video: await filterVideo(db, user, query.videoId), search: query.q };
  const narrowed = read.status !== undefined || read.video !== undefined || read.search !== undefined;
  // One more than the page tells whether another page follows.
  const [found, languages, filtered, videos, fromQuizzes] = await Promise.all([
    readSavedWords(db, user, { ...read, limit: query.limit + 1, offset: query.offset }),
    countSavedWords(db, { userId: user.id, list }),
    narrowed ? countListedWords(db, filterOf(user, read)) : null,
    listSavedWordVideos(db, { userId: user.id, list, language: query.language, anyStatus: isStaff(user), limit: FILTER_VIDEOS }),
    countListedWords(db, { userId: user.id, list: "quizzes" }),
  ]);
  const more = found.length > query.limit;
  const total = filtered ?? (query.language === undefined ? languages.reduce((sum, l) => sum + l.count, 0) : (languages.find((l) => l.language === query.language)?.count ?? 0));
  return {
    words: found.slice(0, query.limit).map((f) => f.word),
    languages,
    total,
    nextOffset: more ? query.offset + query.limit : null,
    videos,
    fromQuizzes,
  };
}

const listedStatus = (row: StatusRow) => row.status as SavedWordPutResult["status"];

/**
 * DELETE /api/words/saved: takes the word off the learner's list. A word they were learning goes
 * back to new and its review card goes (the list is what they asked to be reminded of); a word
 * they know, or ignore, keeps that status and its card. A word not on the list is left as it is.
 */
export async function removeSavedWord(db: DbOrTx, user: User, key: SavedWordKey): Promise<SavedWordRemoved> {
  const lemma = await checkedLemma(db, key.language, key.lemma);
  const word = { userId: user.id, language: key.language, lemma };
  return db.transaction(async (tx) => {
    let now: StatusRow["status"] = "new";
    const change = await changeStatusRow(tx, word, COMPREHENSION_WEIGHTS, (before) => {
      now = before.status;
      return before.savedAt === null ? null : { status: before.status === "learning" ? "new" : before.status, savedAt: null };
    });
    if (!change) return { language: key.language, lemma, removed: false, status: now, before: null };
    if (change.after.status === "new") await deleteWordCard(tx, word);
    return {
      language: key.language,
      lemma,
      removed: true,
      status: change.after.status,
      before: { status: listedStatus(change.before), savedAt: change.before.savedAt!.toISOString() },
    };
  });
}

/**
 * PUT /api/words/saved: puts the word on the learner's list, at `savedAt` (the undo of a removal
 * puts it back in its place) or now; a new word becomes learning with a review card due at once,
 * as the word popover's Save makes it, and a word with a status keeps it.
 */
export async function putSavedWord(db: DbOrTx, user: User, body: SavedWordPut, now = new Date()): Promise<SavedWordPutResult> {
  const lemma = await checkedLemma(db, body.language, body.lemma);
  const word = { userId: user.id, language: body.language, lemma };
  // A time still to come is now: the list goes most recent first.
  const savedAt = body.savedAt && body.savedAt < now ? body.savedAt : "now";
  return db
    .transaction(async (tx) => {
      const change = await changeStatusRow(tx, word, COMPREHENSION_WEIGHTS, (before) => ({ status: before.status === "new" ? "learning" : before.status, savedAt }), { always: true });
      const after = change!.after;
      if (after.status === "learning") await addWordCard(tx, word);
      return { language: body.language, lemma, status: listedStatus(after), savedAt: after.savedAt!.toISOString() };
    })
    .catch(asUnknownLanguage(body.language));
}

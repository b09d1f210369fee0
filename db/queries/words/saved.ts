/**
 * A learner's word list: the words they saved (word_statuses.saved_at), most recently saved first,
 * or the words quiz answers made "learning" that they did not save; narrowed by language, status,
 * a video that says them and a search of the word and its stored meanings; how many each language
 * has, and the videos that say them. Read for the Saved screen and for exports (their meanings
 * and lines are read beside them); always keyed by the caller's id.
 */
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../client";
import { resultRows } from "../../client";
import { PUBLISHED_STATUSES, type WordStatus } from "../../schema/index";

/** The learner's saved words, or the words quizzes set to learning that they did not save. */
export type WordList = "saved" | "quizzes";

export type SavedWordRow = { language: string; lemma: string; status: Exclude<WordStatus, "new">; savedAt: Date | null; updatedAt: Date };

export type WordListFilter = {
  userId: string;
  list: WordList;
  language?: string;
  status?: Exclude<WordStatus, "new">;
  /** Only words said in this video (of its language). */
  video?: { id: number; language: string };
  /**
   * Only words whose lemma holds this text (lower case, as lemmas are stored) or one of whose
   * stored meanings does (case-insensitive): the learner's note, a dictionary's definition into
   * `nativeLanguage`, an AI answer in the cache, a video's vocabulary translation or quiz answer.
   */
  search?: { text: string; nativeLanguage: string };
};

const published = () =>
  sql.join(
    PUBLISHED_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );

/** A LIKE pattern that finds `text` anywhere, its own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether any stored meaning of the row's lemma holds the pattern: whichever source the list
 * shows first, a word is found by each of its meanings.
 */
function meaningMatches(pattern: string, nativeLanguage: string): SQL {
  return sql`(
    EXISTS (SELECT 1 FROM word_notes n WHERE n.user_id = ws.user_id AND n.language = ws.language AND n.lemma = ws.lemma AND n.note ILIKE ${pattern} ESCAPE '\\')
    OR EXISTS (
      SELECT 1 FROM dictionary_entries e JOIN dictionaries d ON d.id = e.dictionary_id
       WHERE e.headword = ws.lemma AND d.source_language = ws.language AND d.target_language = ${nativeLanguage} AND e.definition ILIKE ${pattern} ESCAPE '\\')
    OR EXISTS (
      SELECT 1 FROM word_meanings m, jsonb_array_elements_text(m.meanings) AS mm(meaning)
       WHERE m.language = ws.language AND m.native_language = ${nativeLanguage} AND m.lemma = ws.lemma AND mm.meaning ILIKE ${pattern} ESCAPE '\\')
    OR EXISTS (
      SELECT 1 FROM video_lemmas vl
        JOIN videos v ON v.id = vl.video_id AND v.target_language = ws.language AND v.status IN (${published()})
        JOIN words w ON w.video_id = vl.video_id
        JOIN video_tokens t ON t.caption_id = w.caption_id AND t.lemma = vl.lemma AND lower(t.surface) = lower(w.word)
        LEFT JOIN word_translations wt ON wt.word_id = w.id AND wt.language = ${nativeLanguage}
        LEFT JOIN quizzes q ON q.word_id = w.id AND q.native_language = ${nativeLanguage}
       WHERE vl.lemma = ws.lemma AND (wt.translation ILIKE ${pattern} ESCAPE '\\' OR q.options ->> q.correct_index ILIKE ${pattern} ESCAPE '\\'))
  )`;
}

/** The rows of the list, without the language, status, video and search narrowing. */
function listWhere(userId: string, list: WordList): SQL {
  return list === "saved"
    ? sql`ws.user_id = ${userId} AND ws.saved_at IS NOT NULL`
    : sql`ws.user_id = ${userId} AND ws.saved_at IS NULL AND ws.status = 'learning'`;
}

function filterWhere(filter: WordListFilter): SQL {
  const parts = [listWhere(filter.userId, filter.list)];
  if (filter.language !== undefined) parts.push(sql`ws.language = ${filter.language}`);
  if (filter.status !== undefined) parts.push(sql`ws.status = ${filter.status}`);
  if (filter.video) {
    parts.push(sql`ws.language = ${filter.video.language}`);
    parts.push(sql`EXISTS (SELECT 1 FROM video_lemmas vl WHERE vl.video_id = ${filter.video.id} AND vl.lemma = ws.lemma)`);
  }
  if (filter.search) {
    const pattern = containing(filter.search.text);
    parts.push(sql`(ws.lemma LIKE ${pattern} ESCAPE '\\' OR ${meaningMatches(pattern, filter.search.nativeLanguage)})`);
  }
  return sql.join(parts, sql` AND `);
}

/** Saved words go by when they were saved, quiz words by when a quiz last set them. */
const orderOf = (list: WordList) => (list === "saved" ? sql`ws.saved_at DESC` : sql`ws.updated_at DESC`);

/** A page of the list, most recent first. */
export async function listSavedWords(db: DbOrTx, params: WordListFilter & { limit: number; offset: number }): Promise<SavedWordRow[]> {
  const rows = resultRows<{ language: string; lemma: string; status: SavedWordRow["status"]; saved_at: Date | string | null; updated_at: Date | string }>(
    await db.execute(sql`
      SELECT ws.language, ws.lemma, ws.status, ws.saved_at, ws.updated_at
        FROM word_statuses ws
       WHERE ${filterWhere(params)}
       ORDER BY ${orderOf(params.list)}, ws.language, ws.lemma
       LIMIT ${params.limit} OFFSET ${params.offset}`),
  );
  return rows.map((r) => ({
    language: r.language,
    lemma: r.lemma,
    status: r.status,
    savedAt: r.saved_at === null ? null : new Date(r.saved_at),
    updatedAt: new Date(r.updated_at),
  }));
}

/** How many words the filter finds. */
export async function countListedWords(db: DbOrTx, filter: WordListFilter): Promise<number> {
  const [row] = resultRows<{ count: number | string }>(await db.execute(sql`SELECT count(*)::int AS count FROM word_statuses ws WHERE ${filterWhere(filter)}`));
  return Number(row?.count ?? 0);
}

/** How many words the learner has saved (or has from quizzes) in each language, the language with most first. */
export async function countSavedWords(db: DbOrTx, params: { userId: string; list?: WordList }): Promise<{ language: string; count: number }[]> {
  const rows = resultRows<{ language: string; count: number | string }>(
    await db.execute(sql`
      SELECT ws.language, count(*)::int AS count
        FROM word_statuses ws
       WHERE ${listWhere(params.userId, params.list ?? "saved")}
       GROUP BY ws.language
       ORDER BY count(*) DESC, ws.language`),
  );
  return rows.map((r) => ({ language: r.language, count: Number(r.count) }));
}

/**
 * The videos that say the learner's words of the list (of one language or all), the video with
 * most of them first: the choices of the list's video filter. Published videos only, unless
 * `anyStatus` (staff).
 */
export async function listSavedWordVideos(
  db: DbOrTx,
  params: { userId: string; list: WordList; language?: string; anyStatus: boolean; limit: number },
): Promise<{ id: number; title: string; language: string; count: number }[]> {
  const rows = resultRows<{ id: number | string; title: string; language: string; count: number | string }>(
    await db.execute(sql`
      SELECT v.id, v.title, v.target_language AS language, count(*)::int AS count
        FROM word_statuses ws
        JOIN video_lemmas vl ON vl.lemma = ws.lemma
        JOIN videos v ON v.id = vl.video_id AND v.target_language = ws.language
       WHERE ${listWhere(params.userId, params.list)}
         ${params.language === undefined ? sql`` : sql`AND ws.language = ${params.language}`}
         ${params.anyStatus ? sql`` : sql`AND v.status IN (${published()})`}
       GROUP BY v.id, v.title, v.target_language
       ORDER BY count(*) DESC, v.title, v.id
       LIMIT ${params.limit}`),
  );
  return rows.map((r) => ({ id: Number(r.id), title: r.title, language: r.language, count: Number(r.count) }));
}

/**
 * A learner's saved words (status "learning"): a page of them, most recently saved first, each
 * with the learner's note and one line of a video where its lemma is said (a video the learner
 * watched last, else the oldest), and how many each language has. Read for the Saved screen and
 * for exports; always keyed by the caller's id.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { resultRows } from "../client";
import { PUBLISHED_STATUSES } from "../schema";

export type SavedWordRow = {
  language: string;
  lemma: string;
  savedAt: Date;
  note: string | null;
  videoId: number | null;
  youtubeId: string | null;
  videoTitle: string | null;
  mediaPath: string | null;
  captionId: number | null;
  text: string | null;
  startMs: number | null;
  endMs: number | null;
  surface: string | null;
  /** The word's offsets in `text`. */
  wordStart: number | null;
  wordEnd: number | null;
  translation: string | null;
};

type RawRow = {
  language: string;
  lemma: string;
  saved_at: Date | string;
  note: string | null;
  video_id: number | null;
  youtube_id: string | null;
  video_title: string | null;
  media_path: string | null;
  caption_id: number | null;
  text: string | null;
  start_ms: number | null;
  end_ms: number | null;
  surface: string | null;
  word_start: number | null;
  word_end: number | null;
  translation: string | null;
};

const nullableNumber = (v: number | string | null) => (v === null ? null : Number(v));

/**
 * A page of the learner's saved words. `publishedOnly`: the line comes from a published video
 * (learners); staff may be shown a line of any video. The line's translation is in
 * `nativeLanguage`. Lemmas are found through video_lemmas (a video's scored words), so a word
 * only ever said as a name or a function word comes without a line.
 */
export async function listSavedWords(
  db: DbOrTx,
  params: { userId: string; language?: string; nativeLanguage: string; publishedOnly: boolean; limit: number; offset: number },
): Promise<SavedWordRow[]> {
  const published = sql.join(
    PUBLISHED_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = resultRows<RawRow>(
    await db.execute(sql`
      SELECT s.language, s.lemma, s.updated_at AS saved_at, n.note,
             o.video_id, o.youtube_id, o.video_title, o.media_path, o.caption_id, o.text, o.start_ms, o.end_ms, o.surface, o.word_start, o.word_end,
             tr.translated_text AS translation
        FROM (SELECT ws.language, ws.lemma, ws.updated_at
                FROM word_statuses ws
               WHERE ws.user_id = ${params.userId} AND ws.status = 'learning'
                 ${params.language === undefined ? sql`` : sql`AND ws.language = ${params.language}`}
               ORDER BY ws.updated_at DESC, ws.language, ws.lemma
               LIMIT ${params.limit} OFFSET ${params.offset}) s
        LEFT JOIN word_notes n ON n.user_id = ${params.userId} AND n.language = s.language AND n.lemma = s.lemma
        LEFT JOIN LATERAL (
          SELECT v.id AS video_id, v.youtube_id, v.title AS video_title, v.media_path,
                 c.id AS caption_id, c.text, c.start_time AS start_ms, c.end_time AS end_ms, t.surface, t.char_start AS word_start, t.char_end AS word_end
            FROM (SELECT vv.id, vv.youtube_id, vv.title, vv.media_path
                    FROM video_lemmas l
                    JOIN videos vv ON vv.id = l.video_id
                    LEFT JOIN video_progress p ON p.user_id = ${params.userId} AND p.video_id = vv.id
                   WHERE l.lemma = s.lemma AND vv.target_language = s.language
                     ${params.publishedOnly ? sql`AND vv.status IN (${published})` : sql``}
                   ORDER BY p.last_watched_at DESC NULLS LAST, vv.id
                   LIMIT 1) v
            JOIN video_tokens t ON t.video_id = v.id AND t.lemma = s.lemma
            JOIN captions c ON c.id = t.caption_id
           ORDER BY c.segment_index, t.position
           LIMIT 1
        ) o ON true
        LEFT JOIN segment_translations tr ON tr.caption_id = o.caption_id AND tr.language = ${params.nativeLanguage}
       ORDER BY s.updated_at DESC, s.language, s.lemma`),
  );
  return rows.map((r) => ({
    language: r.language,
    lemma: r.lemma,
    savedAt: new Date(r.saved_at),
    note: r.note,
    videoId: nullableNumber(r.video_id),
    youtubeId: r.youtube_id,
    videoTitle: r.video_title,
    mediaPath: r.media_path,
    captionId: nullableNumber(r.caption_id),
    text: r.text,
    startMs: nullableNumber(r.start_ms),
    endMs: nullableNumber(r.end_ms),
    surface: r.surface,
    wordStart: nullableNumber(r.word_start),
    wordEnd: nullableNumber(r.word_end),
    translation: r.translation,
  }));
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

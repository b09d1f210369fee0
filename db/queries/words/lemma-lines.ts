/**
 * The caption lines where lemmas are said, for the review screen (a line per card, another at
 * each answer), the saved words (a line of the video the learner watched last) and the reviews
 * inside a video (every line of that video). Videos are found through video_lemmas' lemma index
 * (a video's scored words), so a lemma only ever said as a name or a function word has no line.
 */
import { sql } from "drizzle-orm";
import { resultRows, type DbOrTx } from "../../client";
import { rowsJson } from "../json-rows";
import { PUBLISHED_STATUSES, type PartOfSpeech } from "../../schema/index";

export type LemmaLine = {
  language: string;
  lemma: string;
  videoId: number;
  title: string;
  youtubeId: string | null;
  mediaPath: string | null;
  captionId: number;
  text: string;
  startMs: number;
  endMs: number;
  /** The word's offsets in `text`. */
  wordStart: number;
  wordEnd: number;
  surface: string;
  partOfSpeech: PartOfSpeech | null;
  /** The line's translation into the native language asked for. */
  translation: string | null;
  /** How many times the lemma is said in the videos searched. */
  occurrences: number;
};

/**
 * Which of a lemma's lines (in video order, then as the video says them) are returned: all of
 * them, the first, or the one a learner's answers to the lemma's card have come to (the number
 * of answers so far, counted round the lines).
 */
export type LinePick = "all" | "first" | { turnOf: string };

export type LemmaLinesParams = {
  lemmas: readonly { language: string; lemma: string }[];
  nativeLanguage: string;
  /** Lines of published videos only (learners); staff may be shown any video's. */
  publishedOnly: boolean;
  /** How many videos are searched for each lemma: a bounded cost for a common word. */
  videos: number;
  /** Only this video's lines. */
  videoId?: number;
  /** The videos this learner watched last come first; otherwise, and after them, videos go by id. */
  lastWatchedBy?: string;
  pick: LinePick;
};

type RawLine = {
  language: string;
  lemma: string;
  video_id: number | string;
  title: string;
  youtube_id: string | null;
  media_path: string | null;
  caption_id: number | string;
  text: string;
  start_time: number | string;
  end_time: number | string;
  char_start: number | string;
  char_end: number | string;
  surface: string;
  part_of_speech: PartOfSpeech | null;
  translated_text: string | null;
  total: number | string;
};

/**
 * The lines of the lemmas in videos of their language, in the lemmas' order and each lemma's
 * lines in turn; a lemma no video searched has is missing from the answer. One statement for
 * the whole batch.
 */
export async function findLemmaLines(db: DbOrTx, params: LemmaLinesParams): Promise<LemmaLine[]> {
  if (!params.lemmas.length) return [];
  const keys = params.lemmas.map(({ language, lemma }, i) => ({ i, language, lemma }));
  const published = sql.join(
    PUBLISHED_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const videoOrder = params.lastWatchedBy === undefined ? sql`cv.id` : sql`p.last_watched_at DESC NULLS LAST, cv.id`;
  const picked =
    params.pick === "all"
      ? sql`TRUE`
      : params.pick === "first"
        ? sql`o.rank = 0`
        : sql`o.rank = (SELECT count(*) FROM word_reviews r WHERE r.user_id = ${params.pick.turnOf} AND r.language = k.language AND r.lemma = k.lemma) % o.total`;
  const rows = resultRows<RawLine>(
    await db.execute(sql`
      SELECT k.language, k.lemma, o.video_id, v.title, v.youtube_id, v.media_path, o.caption_id, o.text, o.start_time, o.end_time,
             o.char_start, o.char_end, o.surface, o.part_of_speech, st.translated_text, o.total
        FROM json_to_recordset(${rowsJson(keys)}) AS k(i int, language text, lemma text)
        CROSS JOIN LATERAL (
          SELECT t.video_id, t.caption_id, c.text, c.start_time, c.end_time, t.char_start, t.char_end, t.surface, t.part_of_speech,
                 (row_number() OVER (ORDER BY cand.n, c.segment_index, t.position) - 1)::int AS rank,
                 (count(*) OVER ())::int AS total
            FROM (
              SELECT cv.id AS video_id, row_number() OVER (ORDER BY ${videoOrder}) AS n
                FROM video_lemmas vl
                JOIN videos cv ON cv.id = vl.video_id
                ${params.lastWatchedBy === undefined ? sql`` : sql`LEFT JOIN video_progress p ON p.user_id = ${params.lastWatchedBy} AND p.video_id = cv.id`}
               WHERE vl.lemma = k.lemma AND cv.target_language = k.language
                 ${params.publishedOnly ? sql`AND cv.status IN (${published})` : sql``}
                 ${params.videoId === undefined ? sql`` : sql`AND cv.id = ${params.videoId}`}
               ORDER BY ${videoOrder}
               LIMIT ${params.videos}
            ) cand
            JOIN video_tokens t ON t.video_id = cand.video_id AND t.lemma = k.lemma
            JOIN captions c ON c.id = t.caption_id
        ) o
        JOIN videos v ON v.id = o.video_id
        LEFT JOIN segment_translations st ON st.caption_id = o.caption_id AND st.language = ${params.nativeLanguage}
       WHERE ${picked}
       ORDER BY k.i, o.rank`),
  );
  return rows.map((r) => ({
    language: r.language,
    lemma: r.lemma,
    videoId: Number(r.video_id),
    title: r.title,
    youtubeId: r.youtube_id,
    mediaPath: r.media_path,
    captionId: Number(r.caption_id),
    text: r.text,
    startMs: Number(r.start_time),
    endMs: Number(r.end_time),
    wordStart: Number(r.char_start),
    wordEnd: Number(r.char_end),
    surface: r.surface,
    partOfSpeech: r.part_of_speech,
    translation: r.translated_text,
    occurrences: Number(r.total),
  }));
}

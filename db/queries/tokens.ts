/**
 * A video's words with their lemmas (video_tokens) and its lemma counts (video_lemmas), written
 * together: by processing with the rest of the video, and by the vocabulary job for a video
 * processed before lemmas were kept.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { videoLemmas, videoTokens, type PartOfSpeech } from "../schema";
import { rowsJson } from "./json-rows";

/** A word of a line as processing finds it (lib/text/line-words.ts). */
export type ProcessedToken = {
  position: number;
  start: number;
  end: number;
  surface: string;
  lemma: string;
  partOfSpeech: PartOfSpeech | null;
  isContent: boolean;
  isProperNoun: boolean;
};

/** A caption's words, the caption named by its segment index. */
export type LineTokens = { segmentIndex: number; words: readonly ProcessedToken[] };

/**
 * Replaces the video's words with `lines` (a line whose caption is missing is skipped), and
 * recounts its lemmas. Run it in the transaction that writes the captions.
 */
export async function insertVideoTokens(tx: DbOrTx, videoId: number, lines: readonly LineTokens[]): Promise<void> {
  await tx.delete(videoTokens).where(eq(videoTokens.videoId, videoId));
  await tx.delete(videoLemmas).where(eq(videoLemmas.videoId, videoId));
  const rows = lines.flatMap(({ segmentIndex: i, words }) =>
    words.map((w) => ({ i, p: w.position, s: w.start, e: w.end, w: w.surface, l: w.lemma, pos: w.partOfSpeech, c: w.isContent, n: w.isProperNoun })),
  );
  if (!rows.length) return;
  await tx.execute(sql`
    INSERT INTO video_tokens (video_id, caption_id, position, char_start, char_end, surface, lemma, part_of_speech, is_content, is_proper_noun)
    SELECT ${videoId}, c.id, r.p, r.s, r.e, r.w, r.l, r.pos, r.c, r.n
      FROM json_to_recordset(${rowsJson(rows)}) AS r(i int, p int, s int, e int, w text, l text, pos text, c boolean, n boolean)
      JOIN captions c ON c.video_id = ${videoId} AND c.segment_index = r.i`);
  await tx.execute(sql`
    INSERT INTO video_lemmas (video_id, lemma, occurrences)
    SELECT ${videoId}, lemma, count(*)::int FROM video_tokens
     WHERE video_id = ${videoId} AND is_content AND NOT is_proper_noun
     GROUP BY lemma`);
}

/** The video's words in caption and line order, with their caption's segment index. */
export async function listVideoTokens(db: DbOrTx, params: { videoId: number }) {
  return db
    .select()
    .from(videoTokens)
    .where(eq(videoTokens.videoId, params.videoId))
    .orderBy(asc(videoTokens.captionId), asc(videoTokens.position));
}

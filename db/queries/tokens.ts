/**
 * A video's words with their lemmas (video_tokens) and its lemma counts (video_lemmas), written
 * together: by processing with the rest of the video, and by the vocabulary job for a video
 * processed before lemmas were kept.
 */
import { eq, sql } from "drizzle-orm";
import { resultRows, type DbOrTx } from "../client";
import { videoLemmas, videos, videoTokens, type LineWordFields, type PartOfSpeech } from "../schema";
import { rowsJson } from "./json-rows";

/** A caption's words as processing finds them (lib/text/line-words.ts), the caption named by its segment index. */
export type ProcessedLine = { segmentIndex: number; words: readonly LineWordFields[] };

/**
 * Replaces the video's words with `lines` (a line whose caption is missing is skipped), recounts
 * its lemmas and marks the video changed. Run it in the transaction that writes the captions.
 */
export async function insertVideoTokens(tx: DbOrTx, videoId: number, lines: readonly ProcessedLine[]): Promise<void> {
  // The video's words are read through a cache keyed by the video's updated_at (lib/words/statuses/statuses.ts).
  await tx.update(videos).set({ updatedAt: new Date() }).where(eq(videos.id, videoId));
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
  await countLemmas(tx, videoId);
}

/** A word of a video as read back: its caption's segment index, then the stored fields. */
export type StoredToken = LineWordFields & { segmentIndex: number };

/**
 * The video's words in caption and line order. They come back as one JSON array of arrays (no
 * keys): tens of thousands of rows cost the drivers far more parsed one by one.
 */
export async function listVideoWords(db: DbOrTx, params: { videoId: number }): Promise<StoredToken[]> {
  type Row = [number, number, number, number, string, string, PartOfSpeech | null, boolean, boolean];
  const [row] = resultRows<{ rows: Row[] | null }>(
    await db.execute(sql`
      SELECT json_agg(json_build_array(c.segment_index, t.position, t.char_start, t.char_end, t.surface, t.lemma, t.part_of_speech, t.is_content, t.is_proper_noun)
                      ORDER BY c.segment_index, t.position) AS rows
        FROM video_tokens t JOIN captions c ON c.id = t.caption_id
       WHERE t.video_id = ${params.videoId}`),
  );
  return (row?.rows ?? []).map(([segmentIndex, position, start, end, surface, lemma, partOfSpeech, isContent, isProperNoun]) => ({
    segmentIndex,
    position,
    start,
    end,
    surface,
    lemma,
    partOfSpeech,
    isContent,
    isProperNoun,
  }));
}

/** A caption's words as stored, in line order. */
export async function listCaptionWords(db: DbOrTx, params: { captionId: number }) {
  return db.select().from(videoTokens).where(eq(videoTokens.captionId, params.captionId)).orderBy(videoTokens.position);
}

/** Replaces one caption's words (its text was edited), recounts the video's lemmas and marks the video changed. */
export async function replaceCaptionWords(tx: DbOrTx, params: { videoId: number; captionId: number; words: readonly LineWordFields[] }): Promise<void> {
  const { videoId, captionId } = params;
  await tx.update(videos).set({ updatedAt: new Date() }).where(eq(videos.id, videoId));
  await tx.delete(videoTokens).where(eq(videoTokens.captionId, captionId));
  if (params.words.length) await tx.insert(videoTokens).values(params.words.map((w) => ({ ...w, videoId, captionId })));
  await countLemmas(tx, videoId);
}

/** The video's lemma counts, from its words: content words, names left out. */
async function countLemmas(tx: DbOrTx, videoId: number): Promise<void> {
  await tx.delete(videoLemmas).where(eq(videoLemmas.videoId, videoId));
  await tx.execute(sql`
    INSERT INTO video_lemmas (video_id, lemma, occurrences)
    SELECT ${videoId}, lemma, count(*)::int FROM video_tokens
     WHERE video_id = ${videoId} AND is_content AND NOT is_proper_noun
     GROUP BY lemma`);
}

/**
 * How a lemma is spelt in a few of a language's videos (content words): enough to tell a form
 * processing found from one a caller made up, at the cost of a few videos' rows.
 */
export async function listLemmaSurfaces(db: DbOrTx, params: { language: string; lemma: string }): Promise<string[]> {
  const rows = resultRows<{ surface: string }>(
    await db.execute(sql`
      SELECT DISTINCT t.surface FROM video_tokens t
       WHERE t.lemma = ${params.lemma}
         AND t.video_id IN (SELECT l.video_id FROM video_lemmas l JOIN videos v ON v.id = l.video_id
                             WHERE l.lemma = ${params.lemma} AND v.target_language = ${params.language} LIMIT 5)
       LIMIT 100`),
  );
  return rows.map((r) => r.surface);
}

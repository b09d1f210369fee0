/**
 * What a vocabulary word's quiz draws its wrong options from: meanings in the learner's language
 * of other words of the video's language, well beyond the word's own video. Translations of
 * published videos' vocabulary words, the AI's cached meanings, and imported dictionaries'
 * definitions of words the videos say (as the videos' tokens have them), each with its part of
 * speech where known.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { resultRows } from "../client";
import { PUBLISHED_STATUSES, type PartOfSpeech } from "../schema";

/** A wrong option's text, its word's part of speech (null: unknown) and its video (null: not a video's word). */
export type DistractorCandidate = { text: string; partOfSpeech: PartOfSpeech | null; videoId: number | null };

const published = sql.raw(`(${PUBLISHED_STATUSES.map((s) => `'${s}'`).join(", ")})`);

/** The part of speech of vocabulary word `w`: that of its line's token that writes it. */
const wordPartOfSpeech = sql`(SELECT t.part_of_speech FROM video_tokens t WHERE t.caption_id = w.caption_id AND lower(t.surface) = lower(w.word) ORDER BY t.position LIMIT 1)`;

/** The word's video, its language and its part of speech. */
export async function getQuizWordFacts(db: DbOrTx, params: { wordId: number }): Promise<{ videoId: number; language: string; partOfSpeech: PartOfSpeech | null } | undefined> {
  const [row] = resultRows<{ video_id: number; language: string; part_of_speech: PartOfSpeech | null }>(
    await db.execute(sql`
      SELECT w.video_id, v.target_language AS language, ${wordPartOfSpeech} AS part_of_speech
        FROM words w JOIN videos v ON v.id = w.video_id
       WHERE w.id = ${params.wordId}`),
  );
  return row && { videoId: Number(row.video_id), language: row.language, partOfSpeech: row.part_of_speech };
}

/**
 * Up to `limit` candidates of each kind, for a word of `language` quizzed in `nativeLanguage`,
 * the word itself left out: the newest vocabulary first (a library's recent videos).
 */
export async function listDistractorCandidates(
  db: DbOrTx,
  params: { wordId: number; language: string; nativeLanguage: string; limit: number },
): Promise<DistractorCandidate[]> {
  const [vocabulary, cached, defined] = await Promise.all([
    db.execute(sql`
      SELECT wt.translation AS text, ${wordPartOfSpeech} AS part_of_speech, w.video_id
        FROM words w
        JOIN videos v ON v.id = w.video_id AND v.target_language = ${params.language} AND v.status IN ${published}
        JOIN word_translations wt ON wt.word_id = w.id AND wt.language = ${params.nativeLanguage}
       WHERE w.id <> ${params.wordId}
       ORDER BY w.id DESC
       LIMIT ${params.limit}`),
    db.execute(sql`
      SELECT m.meanings->>0 AS text, m.part_of_speech, NULL::int AS video_id
        FROM word_meanings m
       WHERE m.language = ${params.language} AND m.native_language = ${params.nativeLanguage} AND jsonb_array_length(m.meanings) > 0
       ORDER BY m.id DESC
       LIMIT ${params.limit}`),
    db.execute(sql`
      SELECT DISTINCT ON (vl.lemma) e.definition AS text,
             (SELECT t.part_of_speech FROM video_tokens t WHERE t.video_id = vl.video_id AND t.lemma = vl.lemma AND t.part_of_speech IS NOT NULL LIMIT 1) AS part_of_speech,
             NULL::int AS video_id
        FROM video_lemmas vl
        JOIN videos v ON v.id = vl.video_id AND v.target_language = ${params.language} AND v.status IN ${published}
        JOIN dictionaries d ON d.source_language = ${params.language} AND d.target_language = ${params.nativeLanguage}
        JOIN dictionary_entries e ON e.dictionary_id = d.id AND e.headword = vl.lemma
       ORDER BY vl.lemma, e.id
       LIMIT ${params.limit}`),
  ]);
  return [vocabulary, cached, defined].flatMap((result) =>
    resultRows<{ text: string | null; part_of_speech: PartOfSpeech | null; video_id: number | null }>(result).flatMap((r) =>
      r.text ? [{ text: r.text, partOfSpeech: r.part_of_speech, videoId: r.video_id === null ? null : Number(r.video_id) }] : [],
    ),
  );
}

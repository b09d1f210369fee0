/**
 * What quizzing a learner's due words inside a video reads: the video's lemmas and vocabulary
 * quizzes, and meanings in the learner's language (vocabulary translations, the AI's cached
 * meanings) for the right answer and for distractors.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../client";
import { resultRows } from "../../client";
import { PUBLISHED_STATUSES, videoLemmas, wordMeanings, words, type PartOfSpeech } from "../../schema/index";

export async function listVideoLemmaKeys(db: DbOrTx, params: { videoId: number }): Promise<string[]> {
  const rows = await db.select({ lemma: videoLemmas.lemma }).from(videoLemmas).where(eq(videoLemmas.videoId, params.videoId));
  return rows.map((r) => r.lemma);
}

/** The video's vocabulary words: when each is quizzed, its line, and its lemma as its line's words have it (null when the line has no such word). */
export async function listVocabularyQuizzes(db: DbOrTx, params: { videoId: number }) {
  return db
    .select({
      id: words.id,
      word: words.word,
      captionId: words.captionId,
      timestamp: words.timestamp,
      quizTime: words.quizTime,
      lemma: sql<string | null>`(SELECT t.lemma FROM video_tokens t WHERE t.caption_id = ${words.captionId} AND lower(t.surface) = lower(${words.word}) ORDER BY t.position LIMIT 1)`,
    })
    .from(words)
    .where(eq(words.videoId, params.videoId));
}

const published = sql.raw(`(${PUBLISHED_STATUSES.map((s) => `'${s}'`).join(", ")})`);

/**
 * Meanings in `nativeLanguage` of other words, for distractors: translations of published videos'
 * vocabulary words of this part of speech (any, when null), this video's first, then its
 * language's, and the AI's cached meanings of lemmas of that part of speech.
 */
export async function listMeaningsOfPartOfSpeech(
  db: DbOrTx,
  params: { videoId: number; language: string; nativeLanguage: string; partOfSpeech: PartOfSpeech | null; limit: number },
): Promise<string[]> {
  const ofPart = params.partOfSpeech
    ? sql`AND EXISTS (SELECT 1 FROM video_tokens t WHERE t.caption_id = w.caption_id AND lower(t.surface) = lower(w.word) AND t.part_of_speech = ${params.partOfSpeech})`
    : sql``;
  const [vocabulary, cached] = await Promise.all([
    db.execute(sql`
      SELECT wt.translation
        FROM words w
        JOIN videos v ON v.id = w.video_id AND v.status IN ${published}
        JOIN word_translations wt ON wt.word_id = w.id AND wt.language = ${params.nativeLanguage}
       WHERE TRUE ${ofPart}
       ORDER BY (w.video_id = ${params.videoId}) DESC, (v.target_language = ${params.language}) DESC, w.id DESC
       LIMIT ${params.limit}`),
    params.partOfSpeech
      ? db
          .select({ meanings: wordMeanings.meanings })
          .from(wordMeanings)
          .where(and(eq(wordMeanings.nativeLanguage, params.nativeLanguage), eq(wordMeanings.partOfSpeech, params.partOfSpeech)))
          .orderBy(sql`${wordMeanings.language} = ${params.language} DESC`, desc(wordMeanings.id))
          .limit(params.limit)
      : [],
  ]);
  return [...resultRows<{ translation: string }>(vocabulary).map((r) => r.translation), ...cached.flatMap((r) => r.meanings.slice(0, 1))];
}

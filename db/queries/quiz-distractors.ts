/**
 * What a vocabulary word's quiz draws its wrong options from: meanings in the learner's language
 * of other words of the video's language, well beyond the word's own video. Translations of
 * published videos' vocabulary words, the AI's cached meanings, and imported dictionaries'
 * definitions of words the videos say (as the videos' tokens have them), each with its part of
 * speech where known.
 */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../client";
import { prepared } from "../prepared";
import { dictionaries, dictionaryEntries, PUBLISHED_STATUSES, videoLemmas, videos, wordMeanings, wordTranslations, words, type PartOfSpeech } from "../schema";

/** A wrong option's text, its word's part of speech (null: unknown) and its video (null: not a video's word). */
export type DistractorCandidate = { text: string; partOfSpeech: PartOfSpeech | null; videoId: number | null };

const published = inArray(videos.status, [...PUBLISHED_STATUSES]);

/** The part of speech of a vocabulary word: that of its line's token that writes it. */
export const wordPartOfSpeech = sql<PartOfSpeech | null>`(SELECT t.part_of_speech FROM video_tokens t WHERE t.caption_id = ${words.captionId} AND lower(t.surface) = lower(${words.word}) ORDER BY t.position LIMIT 1)`;

/**
 * The three kinds in one prepared query (db/prepared.ts), each with its own order and limit: a quiz
 * asks for them each time it is opened, and one statement is one round trip and one plan.
 */
function candidatesQuery(db: DbOrTx) {
  return prepared(db, "quiz_candidates", (db, name) => {
    const language = sql.placeholder("language");
    const nativeLanguage = sql.placeholder("nativeLanguage");
    const limit = sql.placeholder("limit");
    const vocabulary = db
      .select({ text: wordTranslations.translation, partOfSpeech: sql<PartOfSpeech | null>`${wordPartOfSpeech}::text`, videoId: sql<number | null>`${words.videoId}` })
      .from(words)
      .innerJoin(videos, and(eq(videos.id, words.videoId), eq(videos.targetLanguage, language), published))
      .innerJoin(wordTranslations, and(eq(wordTranslations.wordId, words.id), eq(wordTranslations.language, nativeLanguage)))
      .where(ne(words.id, sql.placeholder("wordId")))
      .orderBy(desc(words.id))
      .limit(limit);
    const cached = db
      .select({ text: sql<string>`${wordMeanings.meanings}->>0`, partOfSpeech: sql<PartOfSpeech | null>`${wordMeanings.partOfSpeech}::text`, videoId: sql<number | null>`NULL::int` })
      .from(wordMeanings)
      .where(and(eq(wordMeanings.language, language), eq(wordMeanings.nativeLanguage, nativeLanguage), sql`jsonb_array_length(${wordMeanings.meanings}) > 0`))
      .orderBy(desc(wordMeanings.id))
      .limit(limit);
    const defined = db
      .selectDistinctOn([videoLemmas.lemma], {
        text: dictionaryEntries.definition,
        partOfSpeech: sql<PartOfSpeech | null>`(SELECT t.part_of_speech::text FROM video_tokens t WHERE t.video_id = ${videoLemmas.videoId} AND t.lemma = ${videoLemmas.lemma} AND t.part_of_speech IS NOT NULL LIMIT 1)`,
        videoId: sql<number | null>`NULL::int`,
      })
      .from(videoLemmas)
      .innerJoin(videos, and(eq(videos.id, videoLemmas.videoId), eq(videos.targetLanguage, language), published))
      .innerJoin(dictionaries, and(eq(dictionaries.sourceLanguage, language), eq(dictionaries.targetLanguage, nativeLanguage)))
      .innerJoin(dictionaryEntries, and(eq(dictionaryEntries.dictionaryId, dictionaries.id), eq(dictionaryEntries.headword, videoLemmas.lemma)))
      .orderBy(videoLemmas.lemma, dictionaryEntries.id)
      .limit(limit);
    return unionAll(vocabulary, cached, defined).prepare(name);
  });
}

/**
 * Up to `limit` candidates of each kind, for a word of `language` quizzed in `nativeLanguage`,
 * the word itself left out: the newest vocabulary first (a library's recent videos).
 */
export async function listDistractorCandidates(
  db: DbOrTx,
  params: { wordId: number; language: string; nativeLanguage: string; limit: number },
): Promise<DistractorCandidate[]> {
  const rows = await candidatesQuery(db).execute(params);
  return rows.flatMap((r) => (r.text ? [{ text: r.text, partOfSpeech: r.partOfSpeech, videoId: r.videoId === null ? null : Number(r.videoId) }] : []));
}

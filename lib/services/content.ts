/** A video's captions, translations, timings, vocabulary and quizzes, to callers who may see the video. */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { getQuizForWord, getQuizSource, getVideoCaptions, listSegmentTranslations, listWords, listWordTimings } from "@/db/queries/content";
import { listDistractorCandidates } from "@/db/queries/quiz-distractors";
import type { User } from "@/db/schema";
import { notFound } from "@/lib/api/errors";
import { drawDistractors, drawQuiz } from "@/lib/quiz/distractors";
import { assertVideoVisible, isPublished, isStaff, mayView, videoNotFound } from "./videos";

export async function getCaptions(db: DbOrTx, user: User, videoId: number) {
  const found = await getVideoCaptions(db, { videoId });
  if (!found || !mayView(user, found.status)) throw videoNotFound();
  return found.captions;
}

export async function getSegmentTranslations(db: DbOrTx, user: User, videoId: number, language?: string) {
  await assertVideoVisible(db, user, videoId);
  return listSegmentTranslations(db, { videoId, language });
}

export async function getWordTimings(db: DbOrTx, user: User, videoId: number) {
  await assertVideoVisible(db, user, videoId);
  return listWordTimings(db, { videoId });
}

export async function getWords(db: DbOrTx, user: User, videoId: number) {
  await assertVideoVisible(db, user, videoId);
  return listWords(db, { videoId });
}

/** Candidates read of each kind (vocabulary, cached meanings, dictionaries) for a quiz's wrong options. */
const DISTRACTOR_POOL = 60;

/**
 * The word's quiz in `nativeLanguage` (default: the caller's): its right answer is the stored
 * quiz's, else the word's translation; its three wrong options are drawn afresh from the meanings
 * of other words of the language (lib/quiz/distractors.ts), so they differ from visit to visit and
 * reach beyond the word's own video; the stored quiz's own are the fallback. A word with no answer
 * has no options. The player shuffles the options again at each attempt (lib/quiz/shuffle.ts).
 */
export async function getQuiz(db: DbOrTx, user: User, wordId: number, nativeLanguage?: string, random: () => number = Math.random) {
  const language = nativeLanguage ?? user.nativeLanguage ?? "en";
  const row = await getQuizForWord(db, { wordId, nativeLanguage: language });
  if (!row || (!isStaff(user) && !isPublished(row.videoStatus))) throw notFound("Word not found");
  const stored = row.quiz;
  let answer = stored?.options[stored.correctIndex];
  let fallback = stored ? stored.options.filter((_, i) => i !== stored.correctIndex) : [];
  if (answer === undefined) {
    const source = await getQuizSource(db, { wordId, language });
    answer = source?.answer;
    fallback = source?.candidates ?? [];
  }
  const none = { wordId, word: row.word, nativeLanguage: language, options: [] as string[], correctIndex: -1 };
  if (!answer?.trim()) return none;

  const candidates = await listDistractorCandidates(db, { wordId, language: row.language, nativeLanguage: language, limit: DISTRACTOR_POOL });
  const distractors = drawDistractors(answer, [...candidates, ...fallback.map((text) => ({ text, partOfSpeech: null }))], row.partOfSpeech, random);
  if (!distractors) return stored ? { ...none, ...stored } : none;
  return { ...none, ...drawQuiz(answer, distractors, random) };
}

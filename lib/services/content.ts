/** A video's captions, translations, timings, vocabulary and quizzes, to callers who may see the video. */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { getQuizForWord, getQuizSource, getVideoCaptions, listSegmentTranslations, listWords, listWordTimings } from "@/db/queries/content";
import type { User } from "@/db/schema";
import { notFound } from "@/lib/api/errors";
import { buildQuiz } from "@/lib/quiz/build";
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

/**
 * The word's quiz in `nativeLanguage` (default: the caller's): the stored one, else one built from
 * the vocabulary's translations in that language; a word with neither has no options.
 */
export async function getQuiz(db: DbOrTx, user: User, wordId: number, nativeLanguage?: string) {
  const language = nativeLanguage ?? user.nativeLanguage ?? "en";
  const row = await getQuizForWord(db, { wordId, nativeLanguage: language });
  if (!row || (!isStaff(user) && !isPublished(row.videoStatus))) throw notFound("Word not found");
  let quiz = row.quiz;
  if (!quiz) {
    const source = await getQuizSource(db, { wordId, language });
    quiz = source ? buildQuiz(`${wordId}:${language}`, source.answer, source.candidates) : null;
  }
  return { wordId, word: row.word, nativeLanguage: language, options: quiz?.options ?? [], correctIndex: quiz?.correctIndex ?? -1 };
}

/**
 * A learner's word statuses: set by the learner (PUT /api/words/status) and by quiz answers, and
 * read against a video's words (its tokens with statuses, i+1 lines, words to learn first).
 * Statuses are the learner's own: every read and write is keyed by the caller's id.
 */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { listLanguageCodes } from "@/db/queries/languages";
import { getVideoById } from "@/db/queries/videos";
import {
  comprehensionOfVideos,
  getVocabularyWordLemma,
  getWordStatus,
  listVideoTokensWithStatus,
  listWordsToLearnFirst,
  setWordStatus,
} from "@/db/queries/word-statuses";
import type { User, WordStatus } from "@/db/schema";
import { badRequest } from "@/lib/api/errors";
import { lemmaKey } from "@/lib/text/word-key";
import type { VideoTokens, WordStatusSaved } from "@/lib/types/api";
import type { WordStatusBody } from "@/lib/validation/words";
import { mayView, videoNotFound } from "./videos";

/** How many of a video's words "Words to learn first" lists. */
export const WORDS_TO_LEARN_FIRST = 10;

export async function saveWordStatus(db: DbOrTx, user: User, body: WordStatusBody): Promise<WordStatusSaved> {
  if (!(await listLanguageCodes(db)).includes(body.language)) throw badRequest(`language: no language has the code "${body.language}"`);
  const lemma = lemmaKey(body.lemma, body.language);
  if (!lemma) throw badRequest("lemma must contain a letter or a digit");
  const updatedAt = await setWordStatus(db, { userId: user.id, language: body.language, lemma, status: body.status });
  return { language: body.language, lemma, status: body.status, updatedAt: updatedAt.toISOString() };
}

/**
 * A word's status after a counted quiz answer. One right answer out of four options shows the
 * word is recognised, not known (a guess is right one time in four): a right answer moves a word
 * one step, new → learning → known; a wrong one makes it learning (a known word was forgotten).
 * An ignored word stays ignored: the learner chose that, and a quiz does not undo it.
 */
export function statusAfterAnswer(before: WordStatus, correct: boolean): WordStatus {
  if (before === "ignored") return before;
  if (!correct) return "learning";
  return before === "new" ? "learning" : "known";
}

/** Applies a counted quiz answer to the status of the vocabulary word's lemma; run it in the answer's transaction. */
export async function applyAnswerToStatus(tx: DbOrTx, userId: string, wordId: number, correct: boolean): Promise<void> {
  const word = await getVocabularyWordLemma(tx, { wordId });
  if (!word) return;
  const lemma = word.lemma ?? lemmaKey(word.word, word.language);
  if (!lemma) return;
  const key = { userId, language: word.language, lemma };
  const before = (await getWordStatus(tx, key)) ?? "new";
  const after = statusAfterAnswer(before, correct);
  if (after !== before) await setWordStatus(tx, { ...key, status: after });
}

/** An unknown word of a line: worth learning, not a name, neither known nor ignored. */
const isUnknown = (w: { isContent: boolean; isProperNoun: boolean; status: WordStatus }) =>
  w.isContent && !w.isProperNoun && (w.status === "new" || w.status === "learning");

/** GET /api/videos/{id}/tokens: the video's words by caption with the caller's statuses. */
export async function getVideoTokens(db: DbOrTx, user: User, videoId: number): Promise<VideoTokens> {
  const video = await getVideoById(db, { id: videoId });
  if (!video || !mayView(user, video.status)) throw videoNotFound();
  const language = video.targetLanguage;
  const [tokens, scores, wordsToLearnFirst] = await Promise.all([
    listVideoTokensWithStatus(db, { videoId, userId: user.id, language }),
    comprehensionOfVideos(db, { userId: user.id, videoIds: [videoId] }),
    listWordsToLearnFirst(db, { videoId, userId: user.id, language, limit: WORDS_TO_LEARN_FIRST }),
  ]);
  const lines: VideoTokens["lines"] = [];
  for (const { segmentIndex, ...word } of tokens) {
    let line = lines.at(-1);
    if (line?.segmentIndex !== segmentIndex) lines.push((line = { segmentIndex, unknownWords: 0, words: [] }));
    line.words.push(word);
    if (isUnknown(word)) line.unknownWords++;
  }
  return { videoId, language, lines, comprehension: scores.get(videoId) ?? null, wordsToLearnFirst };
}

/**
 * A learner's word statuses: set by the learner (PUT /api/words/status) and by quiz answers, and
 * scored against a video's words (lib/words/comprehension/rule.ts).
 * Statuses are the learner's own: every read and write is keyed by the caller's id.
 */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { changeWordStatus, getVocabularyWordLemma, setWordStatus } from "@/db/queries/words/statuses";
import type { User, WordStatus } from "@/db/schema";
import type { WordStatusSaved } from "@/lib/types/api";
import type { WordStatusBody } from "@/lib/validation/words";
import { addWordCard } from "@/lib/words/cards/cards";
import { COMPREHENSION_WEIGHTS } from "@/lib/words/comprehension/rule";
import { lemmaKey } from "@/lib/words/key";
import { asUnknownLanguage, checkedLemma } from "@/lib/words/lemma";

/** PUT /api/words/status: the status and, for a word saved to learn, its review card, written together or not at all. */
export async function saveWordStatus(db: DbOrTx, user: User, body: WordStatusBody): Promise<WordStatusSaved> {
  const lemma = await checkedLemma(db, body.language, body.lemma);
  const key = { userId: user.id, language: body.language, lemma };
  const updatedAt = await db
    .transaction(async (tx) => {
      const setAt = await setWordStatus(tx, { ...key, status: body.status }, COMPREHENSION_WEIGHTS);
      // Saving a word is asking to be reminded of it: it gets a card, due at once.
      if (body.status === "learning") await addWordCard(tx, key);
      return setAt;
    })
    .catch(asUnknownLanguage(body.language));
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
  // Chosen from the status as it is under the learner's lock: one read, and an "ignored" set meanwhile is kept.
  await changeWordStatus(tx, { userId, language: word.language, lemma }, COMPREHENSION_WEIGHTS, (before) => statusAfterAnswer(before, correct));
}

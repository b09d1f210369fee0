/**
 * A learner's word statuses: set by the learner (PUT /api/words/status) and by quiz answers, and
 * scored against a video's words (video-tokens.ts answers them with its words).
 * Statuses are the learner's own: every read and write is keyed by the caller's id.
 */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { scoreOfSums, STATUS_COUNTED, STATUS_HALVES } from "@/db/queries/comprehension";
import { changeWordStatus, getVocabularyWordLemma, setWordStatus } from "@/db/queries/word-statuses";
import type { User, WordStatus } from "@/db/schema";
import { lemmaKey } from "@/lib/text/word-key";
import type { WordStatusSaved } from "@/lib/types/api";
import type { WordStatusBody } from "@/lib/validation/words";
import { addWordCard } from "./word-cards";
import { asUnknownLanguage, checkedLemma } from "./word-key";

export async function saveWordStatus(db: DbOrTx, user: User, body: WordStatusBody): Promise<WordStatusSaved> {
  const lemma = await checkedLemma(db, body.language, body.lemma);
  const updatedAt = await setWordStatus(db, { userId: user.id, language: body.language, lemma, status: body.status }).catch(asUnknownLanguage(body.language));
  // Saving a word is asking to be reminded of it: it gets a card, due at once.
  if (body.status === "learning") await addWordCard(db, { userId: user.id, language: body.language, lemma });
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
  await changeWordStatus(tx, { userId, language: word.language, lemma }, (before) => statusAfterAnswer(before, correct));
}

/**
 * The share of a video the learner knows, 0–100 (floor), from its lemmas' statuses and how many
 * content words, names left out, each has: the rule of db/queries/comprehension.ts, which keeps the
 * same score for video cards.
 */
export function comprehensionOf(lemmas: Iterable<{ occurrences: number; status: WordStatus }>): number | null {
  let scored = 0;
  let knownHalves = 0;
  let counted = 0;
  for (const { occurrences: n, status } of lemmas) {
    scored += n;
    knownHalves += n * STATUS_HALVES[status];
    counted += n * STATUS_COUNTED[status];
  }
  // Any scored occurrence means the video has a lemma: only whether there is one matters here.
  return scoreOfSums({ lemmas: scored, knownHalves, counted });
}

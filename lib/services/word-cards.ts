/**
 * Spaced repetition of the words a learner saves or is quizzed on: a card per (learner, language,
 * lemma) scheduled by FSRS. Only an answer to a card that is due is an FSRS review; an answer
 * before then (the same word quizzed again in another video the same day, say) is logged as an
 * exposure and leaves the schedule alone, since grading a card several times a day skews the model.
 * Cards are the learner's own: every read and write is keyed by the caller's id.
 */
import "server-only";
import type { Grade } from "ts-fsrs";
import type { Db, DbOrTx } from "@/db/client";
import { listLanguageCodes } from "@/db/queries/languages";
import {
  countDueWordCards,
  insertWordCard,
  insertWordReview,
  listDueWordCards,
  lockWordCard,
  nextWordCardDue,
  updateWordCard,
  type CardKey,
} from "@/db/queries/word-cards";
import { getVideoById } from "@/db/queries/videos";
import { getVocabularyWordLemma } from "@/db/queries/word-statuses";
import { CARD_STATES, type ReviewKind, type ReviewSource, type User } from "@/db/schema";
import { badRequest } from "@/lib/api/errors";
import { GRADES, isDue, newCardColumns, nextSchedule, previewDue, type CardColumns } from "@/lib/review/scheduler";
import { lemmaKey } from "@/lib/text/word-key";
import type { DueCardDto, DueCards, ReviewAnswerSaved } from "@/lib/types/api";
import type { DueCardsQuery, ReviewAnswerBody } from "@/lib/validation/review";
import { mayView, videoNotFound } from "./videos";

/** Gives the learner a card for the lemma, due at once, unless they have one. */
export async function addWordCard(db: DbOrTx, key: CardKey, now = new Date()): Promise<void> {
  await insertWordCard(db, { ...key, schedule: newCardColumns(now) });
}

export type CardAnswer = { kind: ReviewKind; card: CardColumns };

/**
 * Applies one answer to the learner's card of the lemma (made if missing): an FSRS review when the
 * card is due and this is not practice, otherwise an exposure or practice logged beside it. Run it
 * in the answer's transaction: the card row is locked until it ends.
 */
export async function answerWordCard(
  tx: DbOrTx,
  key: CardKey,
  grade: Grade,
  options: { source: ReviewSource; videoId?: number | null; practice?: boolean },
  now = new Date(),
): Promise<CardAnswer> {
  let row = await lockWordCard(tx, key);
  if (!row) {
    await addWordCard(tx, key, now);
    row = (await lockWordCard(tx, key))!;
  }
  const base = { ...key, source: options.source, videoId: options.videoId ?? null, rating: grade, reviewedAt: now };
  if (options.practice || !isDue(row, now)) {
    const kind: ReviewKind = options.practice ? "practice" : "exposure";
    await insertWordReview(tx, { ...base, kind });
    return { kind, card: row };
  }
  const { card, log } = nextSchedule(row, grade, now);
  await updateWordCard(tx, { ...key, schedule: card });
  await insertWordReview(tx, {
    ...base,
    kind: "review",
    state: log.state,
    due: log.due,
    stability: log.stability,
    difficulty: log.difficulty,
    elapsedDays: log.elapsed_days,
    lastElapsedDays: log.last_elapsed_days,
    scheduledDays: log.scheduled_days,
    learningSteps: log.learning_steps,
  });
  return { kind: "review", card };
}

/** A counted answer to a video's vocabulary quiz is an answer to the card of the word's lemma: right is Good, wrong is Again. */
export async function applyAnswerToCard(tx: DbOrTx, userId: string, wordId: number, correct: boolean, videoId: number, now = new Date()): Promise<void> {
  const word = await getVocabularyWordLemma(tx, { wordId });
  const lemma = word && (word.lemma ?? lemmaKey(word.word, word.language));
  if (!word || !lemma) return;
  await answerWordCard(tx, { userId, language: word.language, lemma }, correct ? GRADES.good : GRADES.again, { source: "quiz", videoId }, now);
}

export function cardDto(key: { language: string; lemma: string }, card: CardColumns, now: Date): DueCardDto {
  const intervals = previewDue(card, now);
  return {
    language: key.language,
    lemma: key.lemma,
    due: card.due.toISOString(),
    state: CARD_STATES[card.state] ?? "new",
    reps: card.reps,
    lapses: card.lapses,
    intervals: {
      again: intervals.again.toISOString(),
      hard: intervals.hard.toISOString(),
      good: intervals.good.toISOString(),
      easy: intervals.easy.toISOString(),
    },
  };
}

/** GET /api/review/due: the caller's due cards, most overdue first. */
export async function getDueCards(db: DbOrTx, user: User, query: DueCardsQuery, now = new Date()): Promise<DueCards> {
  const where = { userId: user.id, now, language: query.language };
  const [rows, dueCount, nextDueAt] = await Promise.all([
    listDueWordCards(db, { ...where, limit: query.limit }),
    countDueWordCards(db, where),
    nextWordCardDue(db, where),
  ]);
  return { cards: rows.map((r) => cardDto(r, r, now)), dueCount, nextDueAt: nextDueAt?.toISOString() ?? null };
}

/** POST /api/review/answers: the caller grades one of their cards. */
export async function saveReviewAnswer(db: Db, user: User, body: ReviewAnswerBody, now = new Date()): Promise<ReviewAnswerSaved> {
  if (!(await listLanguageCodes(db)).includes(body.language)) throw badRequest(`language: no language has the code "${body.language}"`);
  const lemma = lemmaKey(body.lemma, body.language);
  if (!lemma) throw badRequest("lemma must contain a letter or a digit");
  if (body.videoId !== undefined) {
    const video = await getVideoById(db, { id: body.videoId });
    if (!video || !mayView(user, video.status)) throw videoNotFound();
    if (video.targetLanguage !== body.language) throw badRequest("language must be the video's language");
  }
  const key = { userId: user.id, language: body.language, lemma };
  return db.transaction(async (tx) => {
    const answer = await answerWordCard(tx, key, GRADES[body.grade], { source: body.videoId ? "video-review" : "review", videoId: body.videoId, practice: body.practice }, now);
    const dueCount = await countDueWordCards(tx, { userId: user.id, now });
    return { kind: answer.kind, card: cardDto(key, answer.card, now), dueCount };
  });
}

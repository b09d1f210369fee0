/**
 * Spaced repetition of the words a learner saves or is quizzed on: a card per (learner, language,
 * lemma) scheduled by FSRS. Only an answer to a card that is due is an FSRS review; an answer
 * before then (the same word quizzed again in another video the same day, say) is logged as an
 * exposure and leaves the schedule alone, since grading a card several times a day skews the model.
 * Cards are the learner's own: every read and write is keyed by the caller's id.
 *
 * The review screen shows each card in a caption line where its lemma occurs, a different one at
 * each answer (rotating by the number of answers the card has had). An answer through the
 * review API that is an FSRS review counts as a quiz completed today (daily goal, streak);
 * practice and exposures (a card answered again before it is due, a double submit) do not, so
 * they cannot farm the goal.
 */
import "server-only";
import type { Grade } from "ts-fsrs";
import type { Db, DbOrTx } from "@/db/client";
import {
  countDueWordCards,
  countWordCards,
  insertWordCard,
  insertWordReview,
  listDueWordCards,
  lockWordCard,
  nextWordCardDue,
  updateWordCard,
  type CardKey,
} from "@/db/queries/words/cards";
import { findLemmaLines, type LemmaLine } from "@/db/queries/words/lemma-lines";
import { lockUser } from "@/db/queries/progress";
import { getVideoById } from "@/db/queries/videos";
import { getVocabularyWordLemma } from "@/db/queries/words/statuses";
import { CARD_STATES, type ReviewKind, type ReviewSource, type User } from "@/db/schema";
import { badRequest, notFound } from "@/lib/api/errors";
import { GRADES, isDue, newCardColumns, nextSchedule, previewDue, type CardColumns } from "@/lib/words/cards/scheduler";
import { lemmaKey } from "@/lib/words/key";
import { mediaUrlOf } from "@/lib/storage/media-path";
import type { DueCardDto, DueCards, ReviewAnswerSaved, ReviewLine, ReviewSummary } from "@/lib/types/api";
import type { DueCardsQuery, ReviewAnswerBody } from "@/lib/validation/review";
import { countQuizForDay } from "@/lib/services/quiz-day";
import { isStaff, mayView, videoNotFound } from "@/lib/services/videos";
import { asUnknownLanguage, checkedLemma } from "@/lib/words/lemma";

/** The app's own media plays a review line with this much before and after it, so its first and last sounds are not clipped. */
export const LINE_PADDING_MS = 300;
/** The videos searched for a card's lines: enough variety, a bounded cost for a common word. */
const CONTEXT_VIDEOS = 20;

/** Gives the learner a card for the lemma, due at once, unless they have one. */
export async function addWordCard(db: DbOrTx, key: CardKey, now = new Date()): Promise<void> {
  await insertWordCard(db, { ...key, schedule: newCardColumns(now) });
}

export type CardAnswer = { kind: ReviewKind; card: CardColumns };

/**
 * Applies one answer to the learner's card of the lemma: an FSRS review when the card is due and
 * this is not practice, otherwise an exposure or practice logged beside it. A card that is missing
 * is made (a video's quiz on a word processing found), unless `existing` says the card must be
 * there already (a grade the learner sends: no card, no answer, nothing counted). Run it in the
 * answer's transaction: the card row is locked until it ends.
 */
export async function answerWordCard(
  tx: DbOrTx,
  key: CardKey,
  grade: Grade,
  options: { source: ReviewSource; videoId?: number | null; practice?: boolean; existing?: boolean },
  now = new Date(),
): Promise<CardAnswer> {
  let row = await lockWordCard(tx, key);
  if (!row) {
    if (options.existing) throw notFound("You have no card for this word: save it first");
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

/** A line for each card where its lemma occurs, the next one in turn; a card whose lemma no video the learner may see has gets none. */
async function reviewLines(db: DbOrTx, user: User, cards: readonly { language: string; lemma: string }[]): Promise<Map<string, ReviewLine>> {
  const found = await findLemmaLines(db, {
    lemmas: cards,
    nativeLanguage: user.nativeLanguage ?? "en",
    publishedOnly: !isStaff(user),
    videos: CONTEXT_VIDEOS,
    pick: { turnOf: user.id },
  });
  return new Map(found.map((line) => [`${line.language}:${line.lemma}`, toReviewLine(line)]));
}

function toReviewLine(found: LemmaLine): ReviewLine {
  const mediaUrl = mediaUrlOf({ id: found.videoId, mediaPath: found.mediaPath });
  return {
    videoId: found.videoId,
    videoTitle: found.title,
    captionId: found.captionId,
    text: found.text,
    wordStart: found.wordStart,
    wordEnd: found.wordEnd,
    surface: found.surface,
    translation: found.translation,
    occurrences: found.occurrences,
    media: mediaUrl
      ? { kind: "html5", url: mediaUrl, startMs: Math.max(0, found.startMs - LINE_PADDING_MS), endMs: found.endMs + LINE_PADDING_MS }
      : found.youtubeId
        ? { kind: "youtube", youtubeId: found.youtubeId, startMs: found.startMs, endMs: found.endMs }
        : null,
  };
}

/** GET /api/review/due: the caller's due cards, most overdue first, each with a line to show it in (with `practice`, any of their cards). */
export async function getDueCards(db: DbOrTx, user: User, query: DueCardsQuery, now = new Date()): Promise<DueCards> {
  const where = { userId: user.id, now, language: query.language };
  const [rows, dueCount, nextDueAt] = await Promise.all([
    listDueWordCards(db, { ...where, now: query.practice ? null : now, limit: query.limit }),
    countDueWordCards(db, where),
    nextWordCardDue(db, where),
  ]);
  const lines = await reviewLines(db, user, rows);
  return { cards: rows.map((r) => ({ ...cardDto(r, r, now), line: lines.get(`${r.language}:${r.lemma}`) ?? null })), dueCount, nextDueAt: nextDueAt?.toISOString() ?? null };
}

/** GET /api/review/summary: the home screen's and the header's count, without lines. */
export async function getReviewSummary(db: DbOrTx, user: User, now = new Date()): Promise<ReviewSummary> {
  const where = { userId: user.id, now };
  const [dueCount, nextDueAt, cardCount] = await Promise.all([countDueWordCards(db, where), nextWordCardDue(db, where), countWordCards(db, where)]);
  return { dueCount, nextDueAt: nextDueAt?.toISOString() ?? null, cardCount };
}

/**
 * POST /api/review/answers: the caller grades one of their cards (404 for a word they have no card
 * of); an FSRS review (a due card, on the review screen or inside a video) counts as a quiz
 * completed today.
 */
export async function saveReviewAnswer(db: Db, user: User, body: ReviewAnswerBody, now = new Date()): Promise<ReviewAnswerSaved> {
  const lemma = await checkedLemma(db, body.language, body.lemma);
  if (body.videoId !== undefined) {
    const video = await getVideoById(db, { id: body.videoId });
    if (!video || !mayView(user, video.status)) throw videoNotFound();
    if (video.targetLanguage !== body.language) throw badRequest("language must be the video's language");
  }
  const key = { userId: user.id, language: body.language, lemma };
  return db.transaction(async (tx) => {
    // The user's row first, then the card: the order a video's quiz answer takes them in.
    const locked = await lockUser(tx, { id: user.id });
    if (!locked) throw notFound("User not found");
    const answer = await answerWordCard(
      tx,
      key,
      GRADES[body.grade],
      { source: body.videoId ? "video-review" : "review", videoId: body.videoId, practice: body.practice, existing: true },
      now,
    );
    const countedToday = answer.kind === "review";
    if (countedToday) await countQuizForDay(tx, locked, { correct: body.grade === "again" ? 0 : 1, newlyLearned: 0 }, now);
    const dueCount = await countDueWordCards(tx, { userId: user.id, now });
    return { kind: answer.kind, card: cardDto(key, answer.card, now), dueCount, countedToday };
  }).catch(asUnknownLanguage(body.language));
}

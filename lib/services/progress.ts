/**
 * Learning progress: a quiz result updates the word, the day, the all-time totals, the video's
 * progress and the streak in one transaction, under the user's row lock, so concurrent results
 * never lose an update. Days are the learner's own calendar days, in the zone saved in their
 * settings (lib/progress/days.ts: it switches at most once a day), never one a request names.
 *
 * A result is not taken as sent:
 * - Each attempt at a quiz (each time it opens for the learner) is one answer, sent with its own
 *   idempotency key (the Idempotency-Key header or `idempotencyKey`; the player makes one as the
 *   quiz opens). The same key again (a retry, a double click) answers what the first answered and
 *   changes nothing; keys are kept IDEMPOTENCY_KEY_TTL_MS. A result without a key is an attempt of its own.
 * - Every attempt moves the word: its answer counts, `learned`, the video's progress, the lemma's
 *   status and review card. A word answered wrong and then right on a rewatch is learned.
 * - Today's quizzes, the all-time quiz total and the streak count a word (of a video) once a day:
 *   its first answer of the learner's day, right or wrong, and the answer reports `counted: true`;
 *   later attempts that day report `counted: false`. Without the time window the old rule had, a
 *   script could post attempts in a loop, but the day's count and the streak can only grow by
 *   quizzing more words, not by answering one again; what more attempts move is the learner's own
 *   record of the word, which they may set directly anyway (PUT /api/words/status).
 * - `learned` is derived: a word is learned once it is answered correctly, and stays learned; the
 *   flag a client sends is not believed.
 *
 * Totals, and what re-processing does to them (a learner's word record is keyed by video and word
 * key, db/queries/progress.ts, and never removed by re-processing):
 * - totalWordsLearned: words the learner has ever learned, one per (video, word key). A word that
 *   leaves a video on re-processing still counts; when it comes back it is learned already and is
 *   not counted again. Re-processing never changes it.
 * - A video's wordsLearned / progress: of the words the video has now, those the learner has
 *   learned; floor(learned * 100 / words). Recomputed for every learner in the same transaction
 *   as any change to the video's words.
 * - Daily progress, totalQuizzes, streak: history of answers; re-processing never changes them.
 * - The word's lemma status (lib/words/statuses/statuses.ts statusAfterAnswer) and card: every
 *   attempt moves them, once: an attempt sent twice cannot make a word known.
 */
import "server-only";
import type { Db, DbOrTx } from "@/db/client";
import {
  addWordAnswer,
  getDayProgress,
  getQuizResultKey,
  getWordProgress,
  getWordWithVideo,
  lockUser,
  refreshVideoProgress,
  saveQuizResultKey,
} from "@/db/queries/progress";
import { addLearnedWordsToUser } from "@/db/queries/users";
import type { User } from "@/db/schema";
import { conflict, forbidden, notFound } from "@/lib/api/errors";
import type { DailyProgress, QuizResultSaved, UserStats } from "@/lib/types/api";
import { daysAt, localDay } from "@/lib/progress/days";
import type { QuizResult } from "@/lib/validation/videos";
import { countQuizForDay } from "./quiz-day";
import { streakOf } from "./serialize";
import { isPublished, isStaff } from "./videos";
import { applyAnswerToStatus } from "@/lib/words/statuses/statuses";
import { applyAnswerToCard } from "@/lib/words/cards/cards";

/** How long a client's idempotency key is remembered (its retry comes a second later). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export async function getDailyProgress(db: DbOrTx, user: User, now = new Date()): Promise<DailyProgress> {
  const date = localDay(now, daysAt(user, now).zone);
  const day = await getDayProgress(db, { userId: user.id, day: date });
  return { date, ...day, dailyGoal: user.dailyGoal };
}

export function getStats(user: User, now = new Date()): UserStats {
  return {
    streak: streakOf(user, now),
    longestStreak: user.longestStreak,
    totalWordsLearned: user.totalWordsLearned,
    totalQuizzes: user.totalQuizzes,
  };
}

/** Progress is written by its owner only, whatever the role. */
export function assertOwnProgress(caller: User, userId: string | undefined): void {
  if (userId !== undefined && userId !== caller.id) throw forbidden("You can only record your own progress");
}

/** POST /api/users/{userId}/words: only for oneself, only for words of videos one may see. */
export async function recordQuizResult(
  db: Db,
  caller: User,
  input: QuizResult,
  now = new Date(),
  idempotencyKey: string | undefined = input.idempotencyKey,
): Promise<QuizResultSaved> {
  assertOwnProgress(caller, input.userId);
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, { id: caller.id });
    if (!user) throw notFound("User not found");
    if (idempotencyKey) {
      const earlier = (await getQuizResultKey(tx, { userId: user.id, key: idempotencyKey })) as QuizResultSaved | undefined;
      if (earlier) {
        if (earlier.word.wordId !== input.wordId) throw conflict("This Idempotency-Key was already used for another answer");
        return earlier;
      }
    }
    const word = await getWordWithVideo(tx, { wordId: input.wordId });
    if (!word || (!isStaff(user) && !isPublished(word.status))) throw notFound("Word not found");

    const days = daysAt(user, now);
    const today = localDay(now, days.zone);
    const key = { userId: user.id, videoId: word.videoId, wordKey: word.wordKey };
    const before = await getWordProgress(tx, key);
    // The word's first answer of the learner's day counts for the day; its last answer tells.
    const countsToday = before === undefined || localDay(before.lastAnsweredAt, days.zone) !== today;

    const learned = (before?.learned ?? false) || input.correct === 1;
    const answer = await addWordAnswer(tx, { ...key, learned, correct: input.correct, incorrect: input.incorrect, now });
    const newlyLearned = answer.learned && !(before?.learned ?? false) ? 1 : 0;
    let counted: { day: Awaited<ReturnType<typeof getDayProgress>>; user: User };
    if (countsToday) counted = await countQuizForDay(tx, user, { correct: input.correct, newlyLearned }, now);
    else {
      const updated = newlyLearned ? await addLearnedWordsToUser(tx, { id: user.id, newlyLearned }) : user;
      counted = { day: await getDayProgress(tx, { userId: user.id, day: today }), user: updated ?? user };
    }
    const video = await refreshVideoProgress(tx, { ...key, now });
    await applyAnswerToStatus(tx, user.id, word.wordId, input.correct === 1);
    await applyAnswerToCard(tx, user.id, word.wordId, input.correct === 1, word.videoId, now);
    const result: QuizResultSaved = {
      counted: countsToday,
      word: { wordId: word.wordId, learned: answer.learned, correctCount: answer.correctCount, incorrectCount: answer.incorrectCount },
      dailyProgress: { date: today, ...counted.day, dailyGoal: counted.user.dailyGoal },
      stats: getStats(counted.user, now),
      video: { id: word.videoId, progress: video.progressPercent, wordsLearned: video.wordsLearned, totalWords: video.totalWords, completed: video.completed },
    };
    if (idempotencyKey) {
      await saveQuizResultKey(tx, { userId: user.id, key: idempotencyKey, response: result, now, before: new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS) });
    }
    return result;
  });
}

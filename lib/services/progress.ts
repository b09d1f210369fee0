/**
 * Learning progress: a quiz result updates the word, the day, the all-time totals, the video's
 * progress and the streak in one transaction, under the user's row lock, so concurrent results
 * never lose an update. Days are the learner's own calendar days (their time zone).
 */
import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { addQuizToDay, addWordAnswer, getDayProgress, getWordWithVideo, lockUser, refreshVideoProgress } from "@/db/queries/progress";
import { users, type User } from "@/db/schema";
import { forbidden, notFound } from "@/lib/api/errors";
import type { DailyProgress, QuizResultSaved, UserStats } from "@/lib/data/types";
import { localDay, streakAfterQuiz } from "@/lib/progress/days";
import type { QuizResult } from "@/lib/validation/videos";
import { streakOf } from "./serialize";
import { isPublished, isStaff } from "./videos";

export async function getDailyProgress(db: DbOrTx, user: User, now = new Date()): Promise<DailyProgress> {
  const date = localDay(now, user.timeZone);
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
export async function recordQuizResult(db: Db, caller: User, input: QuizResult, now = new Date()): Promise<QuizResultSaved> {
  assertOwnProgress(caller, input.userId);
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, { id: caller.id });
    if (!user) throw notFound("User not found");
    const word = await getWordWithVideo(tx, { wordId: input.wordId });
    if (!word || (!isStaff(user) && !isPublished(word.status))) throw notFound("Word not found");

    const timeZone = input.timeZone ?? user.timeZone;
    const today = localDay(now, timeZone);
    const answer = await addWordAnswer(tx, { userId: user.id, wordId: word.wordId, learned: input.learned, correct: input.correct, incorrect: input.incorrect, now });
    const day = await addQuizToDay(tx, { userId: user.id, day: today, correct: input.correct });
    const streak = streakAfterQuiz(user, today);
    const newlyLearned = answer.learned && !answer.wasLearned ? 1 : 0;
    const [updated] = await tx
      .update(users)
      .set({
        totalQuizzes: sql`${users.totalQuizzes} + 1`,
        totalWordsLearned: sql`${users.totalWordsLearned} + ${newlyLearned}`,
        streak: streak.streak,
        longestStreak: streak.longestStreak,
        lastActiveDate: streak.lastActiveDate,
        timeZone,
      })
      .where(eq(users.id, user.id))
      .returning();
    const video = await refreshVideoProgress(tx, { userId: user.id, videoId: word.videoId, now });

    return {
      word: { wordId: word.wordId, learned: answer.learned, correctCount: answer.correctCount, incorrectCount: answer.incorrectCount },
      dailyProgress: { date: today, ...day, dailyGoal: updated!.dailyGoal },
      stats: getStats(updated!, now),
      video: { id: word.videoId, progress: video.progressPercent, wordsLearned: video.wordsLearned, totalWords: video.totalWords, completed: video.completed },
    };
  });
}

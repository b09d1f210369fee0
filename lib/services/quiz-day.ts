/**
 * Counting one completed quiz for a learner: today's quizzes and correct answers, the all-time
 * total and the streak (and the day zone, when it switches). Shared by a video's quiz answers
 * (progress.ts) and review-screen answers (word-cards.ts); the caller holds the user's row lock.
 */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { addQuizToDay, type DayProgress } from "@/db/queries/progress";
import { addQuizToUser } from "@/db/queries/users";
import type { User } from "@/db/schema";
import { daysAt, localDay, streakAfterQuiz, type Day } from "@/lib/progress/days";

export type QuizCounted = { date: Day; day: DayProgress; user: User };

export async function countQuizForDay(tx: DbOrTx, user: User, answer: { correct: number; newlyLearned: number }, now: Date): Promise<QuizCounted> {
  const days = daysAt(user, now);
  const today = localDay(now, days.zone);
  const day = await addQuizToDay(tx, { userId: user.id, day: today, correct: answer.correct });
  const streak = streakAfterQuiz({ ...user, lastActiveDate: days.lastActiveDate }, today);
  // A saved zone that has become the day zone is switched to for good.
  const zone = days.switched ? { dayTimeZone: days.zone, dayTimeZoneSince: now } : {};
  const updated = await addQuizToUser(tx, {
    id: user.id,
    newlyLearned: answer.newlyLearned,
    values: { streak: streak.streak, longestStreak: streak.longestStreak, lastActiveDate: streak.lastActiveDate, ...zone },
  });
  return { date: today, day, user: updated! };
}

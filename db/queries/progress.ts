/** Queries on learning progress: answered words, days, and per-video progress. */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { dailyProgress, userWordProgress, users, videoProgress, videos, words, type User, type VideoStatus } from "../schema";

/** Takes the user's row lock for the rest of the transaction, so one user's results apply one at a time. */
export async function lockUser(db: DbOrTx, params: { id: string }): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, params.id)).for("update").limit(1);
  return row;
}

export async function getWordWithVideo(
  db: DbOrTx,
  params: { wordId: number },
): Promise<{ wordId: number; videoId: number; status: VideoStatus } | undefined> {
  const [row] = await db
    .select({ wordId: words.id, videoId: words.videoId, status: videos.status })
    .from(words)
    .innerJoin(videos, eq(videos.id, words.videoId))
    .where(eq(words.id, params.wordId))
    .limit(1);
  return row;
}

/** Adds one answer to the user's record of a word; returns whether the word was learned before. */
export async function addWordAnswer(
  db: DbOrTx,
  params: { userId: string; wordId: number; learned: boolean; correct: number; incorrect: number; now: Date },
): Promise<{ wasLearned: boolean; learned: boolean; correctCount: number; incorrectCount: number }> {
  const [before] = await db
    .select({ learned: userWordProgress.learned })
    .from(userWordProgress)
    .where(and(eq(userWordProgress.userId, params.userId), eq(userWordProgress.wordId, params.wordId)))
    .limit(1);
  const [after] = await db
    .insert(userWordProgress)
    .values({
      userId: params.userId,
      wordId: params.wordId,
      learned: params.learned,
      correctCount: params.correct,
      incorrectCount: params.incorrect,
      lastAnsweredAt: params.now,
    })
    .onConflictDoUpdate({
      target: [userWordProgress.userId, userWordProgress.wordId],
      set: {
        // Once learned, a word stays learned.
        learned: sql`${userWordProgress.learned} or excluded.learned`,
        correctCount: sql`${userWordProgress.correctCount} + excluded.correct_count`,
        incorrectCount: sql`${userWordProgress.incorrectCount} + excluded.incorrect_count`,
        lastAnsweredAt: params.now,
      },
    })
    .returning({ learned: userWordProgress.learned, correctCount: userWordProgress.correctCount, incorrectCount: userWordProgress.incorrectCount });
  return { wasLearned: before?.learned ?? false, ...after! };
}

export async function addQuizToDay(
  db: DbOrTx,
  params: { userId: string; day: string; correct: number },
): Promise<{ quizzesCompleted: number; correctAnswers: number }> {
  const [row] = await db
    .insert(dailyProgress)
    .values({ userId: params.userId, day: params.day, quizzesCompleted: 1, correctAnswers: params.correct })
    .onConflictDoUpdate({
      target: [dailyProgress.userId, dailyProgress.day],
      set: {
        quizzesCompleted: sql`${dailyProgress.quizzesCompleted} + 1`,
        correctAnswers: sql`${dailyProgress.correctAnswers} + excluded.correct_answers`,
      },
    })
    .returning({ quizzesCompleted: dailyProgress.quizzesCompleted, correctAnswers: dailyProgress.correctAnswers });
  return row!;
}

export async function getDayProgress(db: DbOrTx, params: { userId: string; day: string }): Promise<{ quizzesCompleted: number; correctAnswers: number }> {
  const [row] = await db
    .select({ quizzesCompleted: dailyProgress.quizzesCompleted, correctAnswers: dailyProgress.correctAnswers })
    .from(dailyProgress)
    .where(and(eq(dailyProgress.userId, params.userId), eq(dailyProgress.day, params.day)))
    .limit(1);
  return row ?? { quizzesCompleted: 0, correctAnswers: 0 };
}

/** Recomputes the user's progress in a video from their learned words, and marks it watched now. */
export async function refreshVideoProgress(
  db: DbOrTx,
  params: { userId: string; videoId: number; now: Date },
): Promise<{ wordsLearned: number; totalWords: number; progressPercent: number; completed: boolean }> {
  const [counts] = await db
    .select({
      totalWords: sql<number>`count(*)::int`,
      wordsLearned: sql<number>`count(*) filter (where ${userWordProgress.learned})::int`,
    })
    .from(words)
    .leftJoin(userWordProgress, and(eq(userWordProgress.wordId, words.id), eq(userWordProgress.userId, params.userId)))
    .where(eq(words.videoId, params.videoId));
  const totalWords = counts?.totalWords ?? 0;
  const wordsLearned = counts?.wordsLearned ?? 0;
  const progressPercent = totalWords === 0 ? 0 : Math.floor((wordsLearned * 100) / totalWords);
  const completed = totalWords > 0 && wordsLearned >= totalWords;
  const values = { wordsLearned, progressPercent, completed, lastWatchedAt: params.now };
  await db
    .insert(videoProgress)
    .values({ userId: params.userId, videoId: params.videoId, ...values })
    .onConflictDoUpdate({ target: [videoProgress.userId, videoProgress.videoId], set: values });
  return { wordsLearned, totalWords, progressPercent, completed };
}

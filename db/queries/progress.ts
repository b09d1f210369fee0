/**
 * Queries on learning progress: answered words, days, and per-video progress. A learner's record
 * of a word is keyed by the video and the word's key (`wordKeyOf`), never by the word's row id,
 * so it outlives the word rows that re-processing replaces.
 */
import { and, eq, lt, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../client";
import { prepared } from "../prepared";
import { dailyProgress, quizResultKeys, userWordProgress, users, videoProgress, videos, words, type User, type VideoStatus } from "../schema";

/**
 * A word's key within its video: lower(word), the identity the words table already holds unique
 * per video (words_video_word_idx), so a key names at most one word of a video and the same
 * spelling chosen again by a later run gets the same key.
 */
export const wordKeyOf = (word: AnyPgColumn | SQL | string): SQL => sql`lower(${word})`;

/** Takes the user's row lock for the rest of the transaction, so one user's results apply one at a time. */
export async function lockUser(db: DbOrTx, params: { id: string }): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, params.id)).for("update").limit(1);
  return row;
}

export async function getWordWithVideo(
  db: DbOrTx,
  params: { wordId: number },
): Promise<{ wordId: number; videoId: number; wordKey: string; status: VideoStatus } | undefined> {
  const [row] = await db
    .select({ wordId: words.id, videoId: words.videoId, wordKey: sql<string>`${wordKeyOf(words.word)}`, status: videos.status })
    .from(words)
    .innerJoin(videos, eq(videos.id, words.videoId))
    .where(eq(words.id, params.wordId))
    .limit(1);
  return row;
}

export async function getWordProgress(db: DbOrTx, params: { userId: string; videoId: number; wordKey: string }) {
  const [row] = await db
    .select()
    .from(userWordProgress)
    .where(and(eq(userWordProgress.userId, params.userId), eq(userWordProgress.videoId, params.videoId), eq(userWordProgress.wordKey, params.wordKey)))
    .limit(1);
  return row;
}

/** Adds one answer to the user's record of a word; once learned, a word stays learned. */
export async function addWordAnswer(
  db: DbOrTx,
  params: { userId: string; videoId: number; wordKey: string; learned: boolean; correct: number; incorrect: number; now: Date },
): Promise<{ learned: boolean; correctCount: number; incorrectCount: number }> {
  const [after] = await db
    .insert(userWordProgress)
    .values({
      userId: params.userId,
      videoId: params.videoId,
      wordKey: params.wordKey,
      learned: params.learned,
      correctCount: params.correct,
      incorrectCount: params.incorrect,
      lastAnsweredAt: params.now,
    })
    .onConflictDoUpdate({
      target: [userWordProgress.userId, userWordProgress.videoId, userWordProgress.wordKey],
      set: {
        learned: sql`${userWordProgress.learned} or excluded.learned`,
        correctCount: sql`${userWordProgress.correctCount} + excluded.correct_count`,
        incorrectCount: sql`${userWordProgress.incorrectCount} + excluded.incorrect_count`,
        lastAnsweredAt: params.now,
      },
    })
    .returning({ learned: userWordProgress.learned, correctCount: userWordProgress.correctCount, incorrectCount: userWordProgress.incorrectCount });
  return after!;
}

/** What a learner did on one of their days. */
export type DayProgress = { quizzesCompleted: number; correctAnswers: number; secondsStudied: number };

const dayColumns = { quizzesCompleted: dailyProgress.quizzesCompleted, correctAnswers: dailyProgress.correctAnswers, secondsStudied: dailyProgress.secondsStudied };

export async function addQuizToDay(db: DbOrTx, params: { userId: string; day: string; correct: number }): Promise<DayProgress> {
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
    .returning(dayColumns);
  return row!;
}

export async function getDayProgress(db: DbOrTx, params: { userId: string; day: string }): Promise<DayProgress> {
  const query = prepared(db, "day_progress", (db, name) =>
    db
      .select(dayColumns)
      .from(dailyProgress)
      .where(and(eq(dailyProgress.userId, sql.placeholder("userId")), eq(dailyProgress.day, sql.placeholder("day"))))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute(params);
  return row ?? { quizzesCompleted: 0, correctAnswers: 0, secondsStudied: 0 };
}

/** The user's progress in a video: which of its current words they have learned. */
export async function countVideoProgress(
  db: DbOrTx,
  params: { userId: string; videoId: number },
): Promise<{ wordsLearned: number; totalWords: number; progressPercent: number; completed: boolean }> {
  const [counts] = await db
    .select({
      totalWords: sql<number>`count(*)::int`,
      wordsLearned: sql<number>`count(*) filter (where ${userWordProgress.learned})::int`,
    })
    .from(words)
    .leftJoin(
      userWordProgress,
      and(eq(userWordProgress.userId, params.userId), eq(userWordProgress.videoId, words.videoId), eq(userWordProgress.wordKey, wordKeyOf(words.word))),
    )
    .where(eq(words.videoId, params.videoId));
  const totalWords = counts?.totalWords ?? 0;
  const wordsLearned = counts?.wordsLearned ?? 0;
  const progressPercent = totalWords === 0 ? 0 : Math.floor((wordsLearned * 100) / totalWords);
  return { wordsLearned, totalWords, progressPercent, completed: totalWords > 0 && wordsLearned >= totalWords };
}

/** Recomputes the user's progress in a video from their learned words, and marks it watched now. */
export async function refreshVideoProgress(
  db: DbOrTx,
  params: { userId: string; videoId: number; now: Date },
): Promise<{ wordsLearned: number; totalWords: number; progressPercent: number; completed: boolean }> {
  const counts = await countVideoProgress(db, params);
  const values = { wordsLearned: counts.wordsLearned, progressPercent: counts.progressPercent, completed: counts.completed, lastWatchedAt: params.now };
  await db
    .insert(videoProgress)
    .values({ userId: params.userId, videoId: params.videoId, ...values })
    .onConflictDoUpdate({ target: [videoProgress.userId, videoProgress.videoId], set: values });
  return counts;
}

/**
 * After a video's words change (re-processing, a new vocabulary, a line's word chosen anew): every
 * learner's progress in it, recomputed from their records against the words it has now, by the
 * same rule as refreshVideoProgress (floor of learned * 100 / words). When they last watched stays.
 */
export async function refreshVideoProgressOfVideo(db: DbOrTx, params: { videoId: number }): Promise<void> {
  await db.execute(sql`
    UPDATE video_progress vp
    SET words_learned = c.learned,
        progress_percent = CASE WHEN c.total = 0 THEN 0 ELSE (c.learned * 100) / c.total END,
        completed = c.total > 0 AND c.learned >= c.total
    FROM (
      SELECT l.user_id,
        (SELECT count(*) FROM words w WHERE w.video_id = ${params.videoId})::int AS total,
        (SELECT count(*) FROM words w
           JOIN user_word_progress p ON p.user_id = l.user_id AND p.video_id = w.video_id AND p.word_key = ${wordKeyOf(sql`w.word`)} AND p.learned
          WHERE w.video_id = ${params.videoId})::int AS learned
      FROM video_progress l WHERE l.video_id = ${params.videoId}
    ) c
    WHERE vp.video_id = ${params.videoId} AND vp.user_id = c.user_id`);
}

export async function getQuizResultKey(db: DbOrTx, params: { userId: string; key: string }): Promise<unknown> {
  const [row] = await db
    .select({ response: quizResultKeys.response })
    .from(quizResultKeys)
    .where(and(eq(quizResultKeys.userId, params.userId), eq(quizResultKeys.key, params.key)))
    .limit(1);
  return row?.response;
}

/** Remembers what a keyed result answered, and forgets the user's keys older than `before`. */
export async function saveQuizResultKey(db: DbOrTx, params: { userId: string; key: string; response: unknown; now: Date; before: Date }): Promise<void> {
  await db.delete(quizResultKeys).where(and(eq(quizResultKeys.userId, params.userId), lt(quizResultKeys.createdAt, params.before)));
  await db.insert(quizResultKeys).values({ userId: params.userId, key: params.key, response: params.response, createdAt: params.now }).onConflictDoNothing();
}

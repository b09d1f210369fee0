/** Queries on study time: each learner's ledger (study_clocks) and the seconds added to their days. */
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { dailyProgress, studyClocks } from "../schema";

export type StudyClock = { creditedUntil: Date | null; lastReportId: string | null };

/** The learner's ledger, made on first use, under its row lock for the rest of the transaction (one report at a time per learner). */
export async function lockStudyClock(db: DbOrTx, params: { userId: string }): Promise<StudyClock> {
  await db.insert(studyClocks).values({ userId: params.userId }).onConflictDoNothing();
  const [row] = await db
    .select({ creditedUntil: studyClocks.creditedUntil, lastReportId: studyClocks.lastReportId })
    .from(studyClocks)
    .where(eq(studyClocks.userId, params.userId))
    .for("update");
  return row!;
}

export async function saveStudyClock(db: DbOrTx, params: { userId: string; creditedUntil: Date; lastReportId: string | null }): Promise<void> {
  await db
    .update(studyClocks)
    .set({ creditedUntil: params.creditedUntil, lastReportId: params.lastReportId })
    .where(eq(studyClocks.userId, params.userId));
}

export async function addStudySeconds(db: DbOrTx, params: { userId: string; day: string; seconds: number }): Promise<void> {
  await db
    .insert(dailyProgress)
    .values({ userId: params.userId, day: params.day, secondsStudied: params.seconds })
    .onConflictDoUpdate({
      target: [dailyProgress.userId, dailyProgress.day],
      set: { secondsStudied: sql`${dailyProgress.secondsStudied} + excluded.seconds_studied` },
    });
}

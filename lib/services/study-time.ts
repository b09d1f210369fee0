/**
 * Study time: the browser reports the seconds a learner spent studying (a video playing, the
 * review screen in use), and the server adds them to the learner's day, the one their daily goal
 * (in minutes) counts. A report is not taken as sent:
 * - It counts at most STUDY_REPORT_MAX_SECONDS, and never more time than has passed: each
 *   learner's ledger (study_clocks.credited_until) is credited up to a point in wall-clock time,
 *   and a report may only fill the time from there to now (looking back STUDY_REPORT_MAX_SECONDS
 *   at most), plus STUDY_CLOCK_SLACK_SECONDS for a report that arrives early. The slack is
 *   granted once, not per report: however often a client reports, all its reports together
 *   count at most the wall-clock time plus the slack. Seconds over the bound are dropped (the
 *   answer says how many counted), not refused: a honest client a little ahead is no error.
 * - A report sent again with the same reportId (a retry) counts nothing the second time.
 * - The seconds are the last ones before the report arrived, so at midnight (in the zone the
 *   learner's days count in, lib/progress/days.ts) those before it go to the day before.
 */
import "server-only";
import type { Db } from "@/db/client";
import { getDayProgress } from "@/db/queries/progress";
import { addStudySeconds, lockStudyClock, saveStudyClock } from "@/db/queries/study-time";
import type { User } from "@/db/schema";
import { daysAt, localDay, type Day } from "@/lib/progress/days";
import type { StudyTimeSaved } from "@/lib/types/api";
import { STUDY_REPORT_MAX_SECONDS } from "@/lib/study/clock";
import type { StudyTimeReport } from "@/lib/validation/study-time";
import { assertOwnProgress } from "./progress";

/** How far a report's seconds may run ahead of the wall clock (network delay, timers firing early). */
export const STUDY_CLOCK_SLACK_SECONDS = 5;

/**
 * The seconds a report may count at `now`, and where the ledger then stands: the time from the
 * ledger's point (or STUDY_REPORT_MAX_SECONDS ago, if that is later) to now plus the slack, at
 * most the seconds sent.
 */
export function creditStudyTime(creditedUntil: Date | null, seconds: number, now: Date): { counted: number; creditedUntil: Date } {
  const from = Math.max(creditedUntil?.getTime() ?? -Infinity, now.getTime() - STUDY_REPORT_MAX_SECONDS * 1000);
  const room = Math.floor((now.getTime() + STUDY_CLOCK_SLACK_SECONDS * 1000 - from) / 1000);
  const counted = Math.max(0, Math.min(seconds, room, STUDY_REPORT_MAX_SECONDS));
  return { counted, creditedUntil: new Date(from + counted * 1000) };
}

/** The `seconds` seconds just before `now`, by the day (in `zone`) each fell on: one day, or two across midnight. */
export function secondsByDay(seconds: number, now: Date, zone: string): Map<Day, number> {
  const days = new Map<Day, number>();
  for (let i = 0; i < seconds; i++) {
    const day = localDay(new Date(now.getTime() - (i + 0.5) * 1000), zone);
    days.set(day, (days.get(day) ?? 0) + 1);
  }
  return days;
}

/** POST /api/users/{userId}/study-time: only for oneself (the route's guard), whatever the role. */
export async function recordStudyTime(db: Db, caller: User, report: StudyTimeReport, now = new Date()): Promise<StudyTimeSaved> {
  assertOwnProgress(caller, report.userId);
  return db.transaction(async (tx) => {
    const clock = await lockStudyClock(tx, { userId: caller.id });
    const zone = daysAt(caller, now).zone;
    const today = localDay(now, zone);
    let counted = 0;
    if (report.reportId === undefined || report.reportId !== clock.lastReportId) {
      const credit = creditStudyTime(clock.creditedUntil, report.seconds, now);
      counted = credit.counted;
      for (const [day, seconds] of secondsByDay(counted, now, zone)) await addStudySeconds(tx, { userId: caller.id, day, seconds });
      await saveStudyClock(tx, { userId: caller.id, creditedUntil: credit.creditedUntil, lastReportId: report.reportId ?? null });
    }
    const day = await getDayProgress(tx, { userId: caller.id, day: today });
    return { counted, dailyProgress: { date: today, ...day, dailyGoal: caller.dailyGoal } };
  });
}

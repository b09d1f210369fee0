/**
 * Calendar days in the learner's own time zone, and the streak rule: a day counts when the
 * learner completes at least one quiz in it; the streak is the run of counted days ending today,
 * or ending yesterday while today is not yet counted.
 */

/** A calendar day as "YYYY-MM-DD" (the form Postgres `date` columns take and return). */
export type Day = string;

export const DEFAULT_TIME_ZONE = "UTC";

const formatters = new Map<string, Intl.DateTimeFormat>();

export function isValidTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day `now` falls on in `timeZone` (an unknown zone counts as UTC). */
export function localDay(now: Date, timeZone: string): Day {
  const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  let formatter = formatters.get(zone);
  if (!formatter) {
    // en-CA formats dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(zone, formatter);
  }
  return formatter.format(now);
}

/** The day `offset` days after `day` (negative: before). */
export function addDays(day: Day, offset: number): Day {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

export type StreakState = { streak: number; longestStreak: number; lastActiveDate: Day | null };

/** The streak to show on `today`: the stored run, or 0 once a whole day has passed without a quiz. */
export function currentStreak(state: Pick<StreakState, "streak" | "lastActiveDate">, today: Day): number {
  if (!state.lastActiveDate) return 0;
  // A later stored day means the learner moved west across time zones: still the same run.
  return state.lastActiveDate >= addDays(today, -1) ? state.streak : 0;
}

/** The streak after a quiz completed on `today`. */
export function streakAfterQuiz(state: StreakState, today: Day): StreakState {
  const last = state.lastActiveDate;
  if (last !== null && last >= today) return state;
  const streak = last === addDays(today, -1) ? state.streak + 1 : 1;
  return { streak, longestStreak: Math.max(state.longestStreak, streak), lastActiveDate: today };
}

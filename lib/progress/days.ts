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

/**
 * How long the zone days are counted in stays put after it switches. A learner who travels gets
 * their new zone's days; one who hops zones to count the same hours as another day gets one
 * switch a day at most, which moves the day boundary by at most one zone offset, once.
 */
export const DAY_ZONE_SWITCH_MS = 24 * 60 * 60 * 1000;

export type ZoneState = {
  /** The zone last saved in settings. */
  timeZone: string;
  /** The zone days are counted in. */
  dayTimeZone: string;
  dayTimeZoneSince: Date | null;
  lastActiveDate: Day | null;
  createdAt: Date;
};

/**
 * Whether the day zone may switch at `now`: always before the learner's first counted day (there
 * is no streak to gain), else 24 hours after its last switch (or after the account was made).
 */
export function canSwitchDayZone(state: ZoneState, now: Date): boolean {
  if (state.lastActiveDate === null) return true;
  const since = state.dayTimeZoneSince ?? state.createdAt;
  return now.getTime() - since.getTime() >= DAY_ZONE_SWITCH_MS;
}

/** The zone the learner's days are counted in at `now`: the saved one once it may switch to it. */
export function dayTimeZone(state: ZoneState, now: Date): string {
  if (state.timeZone === state.dayTimeZone) return state.dayTimeZone;
  return canSwitchDayZone(state, now) ? state.timeZone : state.dayTimeZone;
}

/** The columns to store when the learner saves `zone` at `now`: always the setting; the day zone when it may switch. */
export function savedTimeZone(
  state: ZoneState,
  zone: string,
  now: Date,
): { timeZone: string; dayTimeZone?: string; dayTimeZoneSince?: Date } {
  const current = dayTimeZone(state, now);
  if (zone === current) return current === state.dayTimeZone ? { timeZone: zone } : { timeZone: zone, dayTimeZone: zone, dayTimeZoneSince: now };
  return canSwitchDayZone(state, now) ? { timeZone: zone, dayTimeZone: zone, dayTimeZoneSince: now } : { timeZone: zone };
}

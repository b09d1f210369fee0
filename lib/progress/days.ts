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
  return formatters.has(zone) || dayFormatter(zone) !== undefined;
}

/**
 * The calendar day `now` falls on in `timeZone` (an unknown zone counts as UTC). A zone's
 * formatter is made once: making one costs more than the rest of a simple request.
 */
export function localDay(now: Date, timeZone: string): Day {
  const formatter = formatters.get(timeZone) ?? dayFormatter(timeZone) ?? formatters.get(DEFAULT_TIME_ZONE) ?? dayFormatter(DEFAULT_TIME_ZONE)!;
  return formatter.format(now);
}

/** The zone's day formatter, kept; undefined for an unknown zone (never kept, so the cache holds real zones only). */
function dayFormatter(zone: string): Intl.DateTimeFormat | undefined {
  if (zone.length === 0 || zone.length > 64) return undefined;
  try {
    // en-CA formats dates as YYYY-MM-DD.
    const formatter = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(zone, formatter);
    return formatter;
  } catch {
    return undefined;
  }
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

/** Whole days from `from` to `to`. */
function daysBetween(from: Day, to: Day): number {
  const at = (day: Day) => {
    const [y, m, d] = day.split("-").map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((at(to) - at(from)) / 86_400_000);
}

/**
 * `day` (of zone `from`) told in zone `to` as of `now`: moved by as many days as the two zones'
 * dates differ at `now`. A switch of zones keeps "active today" and "active yesterday" as they
 * were, so the switch itself never adds a day to the streak (nor takes one away).
 */
export function moveDay(day: Day, from: string, to: string, now: Date): Day {
  return addDays(day, daysBetween(localDay(now, from), localDay(now, to)));
}

/**
 * The learner's days as of `now`: the zone they count in, and the last active day told in it.
 * `switched` when the saved zone has just taken over from the stored day zone (to be stored).
 */
export function daysAt(state: ZoneState, now: Date): { zone: string; lastActiveDate: Day | null; switched: boolean } {
  const zone = dayTimeZone(state, now);
  if (zone === state.dayTimeZone) return { zone, lastActiveDate: state.lastActiveDate, switched: false };
  const lastActiveDate = state.lastActiveDate === null ? null : moveDay(state.lastActiveDate, state.dayTimeZone, zone, now);
  return { zone, lastActiveDate, switched: true };
}

type ZoneColumns = { timeZone: string; dayTimeZone?: string; dayTimeZoneSince?: Date; lastActiveDate?: Day | null };

/**
 * The columns to store when the learner saves `zone` at `now`: always the setting; the day zone
 * (with the last active day moved into it) when it may switch, else it switches 24 hours after
 * its last switch.
 */
export function savedTimeZone(state: ZoneState, zone: string, now: Date): ZoneColumns {
  const view = daysAt(state, now);
  const current: ZoneState = view.switched ? { ...state, dayTimeZone: view.zone, dayTimeZoneSince: now, lastActiveDate: view.lastActiveDate } : state;
  const kept = view.switched ? { dayTimeZone: view.zone, dayTimeZoneSince: now, lastActiveDate: view.lastActiveDate } : {};
  if (zone === view.zone || !canSwitchDayZone(current, now)) return { timeZone: zone, ...kept };
  const lastActiveDate = current.lastActiveDate === null ? null : moveDay(current.lastActiveDate, view.zone, zone, now);
  return { timeZone: zone, dayTimeZone: zone, dayTimeZoneSince: now, lastActiveDate };
}

/**
 * When a reminder goes out and what it says: at most one a day, at or after the learner's chosen
 * local time and before quiet hours, and only with something to say (words due, or a streak that
 * today's unmet goal puts at risk).
 */
import { QUIET_HOURS_START } from "@/lib/validation/limits";

export type ReminderNews = {
  /** Word cards due now. */
  dueCount: number;
  /** The streak as it stands today (0 once broken). */
  streak: number;
  /** Whether today's study minutes reach the daily goal. */
  goalMet: boolean;
};

/** What the reminder mentions: due words, and the streak only while today's goal is unmet. */
export function reminderNews(news: ReminderNews): { dueCount: number; streak: number } | null {
  const streak = !news.goalMet && news.streak > 0 ? news.streak : 0;
  if (news.dueCount === 0 && streak === 0) return null;
  return { dueCount: news.dueCount, streak };
}

/** "HH:MM" or "HH:MM:SS" as minutes after midnight. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return h * 60 + m;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock minutes after midnight of `now` in `timeZone`. */
export function localMinutes(now: Date, timeZone: string): number {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    clocks.set(timeZone, clock);
  }
  return minutesOf(clock.format(now));
}

/** Whether, at local `minutes`, today's reminder set for `reminderTime` may go now. */
export function reminderWindowOpen(minutes: number, reminderTime: string): boolean {
  return minutes >= minutesOf(reminderTime) && minutes < minutesOf(QUIET_HOURS_START);
}

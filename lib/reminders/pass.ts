/**
 * The reminder pass, run every minute by the worker: every learner whose next look has come is
 * looked at once. Inside the window (their reminder time to quiet hours) and with something to
 * say, the day's log row is written, then the reminder goes (email, push) after the commit; either way their next
 * look moves to their next reminder time. Rows are locked with SKIP LOCKED and the log row is
 * unique per learner and local day, so any number of worker processes send each reminder once.
 */
import "server-only";
import type { Db } from "@/db/client";
import { claimReminderDay, lockRemindersDue, postponeReminder, scheduleNextReminder, type ReminderCandidate } from "@/db/queries/reminders";
import { localDay } from "@/lib/progress/days";
import { localMinutes, reminderNews, reminderWindowOpen } from "./rules";
import { learnerNews, sendReminder } from "./send";

const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

type Outgoing = { learner: ReminderCandidate; news: { dueCount: number; streak: number } };
export type PassResult = { looked: number; sent: number; failed: number };

export async function runReminderPass(db: Db, options: { now?: Date; batch?: number } = {}): Promise<PassResult> {
  const now = options.now ?? new Date();
  const batch = options.batch ?? BATCH;
  const result: PassResult = { looked: 0, sent: 0, failed: 0 };
  for (;;) {
    const outgoing: Outgoing[] = [];
    const looked = await db.transaction(async (tx) => {
      const due = await lockRemindersDue(tx, { now, limit: batch });
      for (const learner of due) {
        try {
          // A savepoint each: one learner's failure (a zone Postgres does not know) stops no one else's.
          const news = await tx.transaction(async (sp) => {
            const said = await decide(sp as unknown as Db, learner, now);
            await scheduleNextReminder(sp, { userId: learner.id, now });
            return said;
          });
          if (news) outgoing.push({ learner, news });
        } catch (error) {
          console.error(`[reminders] skipping ${learner.id} until tomorrow:`, error instanceof Error ? error.message : error);
          await postponeReminder(tx, { userId: learner.id, until: new Date(now.getTime() + DAY_MS) });
        }
      }
      return due.length;
    });
    result.looked += looked;
    for (const { learner, news } of outgoing) {
      try {
        await sendReminder(db, learner, news, { now });
        result.sent++;
      } catch (error) {
        // The day's row stays: a reminder is sent at most once, never twice.
        result.failed++;
        console.error(`[reminders] could not send ${learner.id}'s reminder:`, error instanceof Error ? error.message : error);
      }
    }
    if (looked < batch) return result;
  }
}

/** What today's reminder says, with its log row written; null when nothing goes out now. */
async function decide(db: Db, learner: ReminderCandidate, now: Date) {
  if (!learner.reminderEmail && learner.pushDevices === 0) return null;
  if (!reminderWindowOpen(localMinutes(now, learner.timeZone), learner.reminderTime)) return null;
  const news = reminderNews(await learnerNews(db, learner, now));
  if (!news) return null;
  const claimed = await claimReminderDay(db, { userId: learner.id, day: localDay(now, learner.timeZone), ...news, now });
  return claimed ? news : null;
}

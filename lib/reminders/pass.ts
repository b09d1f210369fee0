/**
 * The reminder pass, run every minute by the worker: every learner whose next look has come is
 * looked at once. Inside the window (their reminder time to quiet hours), with a channel on and
 * something to say, the day's log row is written, then the reminder goes (email, push) after the
 * commit; either way their next look moves to their next reminder time. Rows are locked with
 * SKIP LOCKED and the log row is unique per learner and local day, so any number of worker
 * processes send each reminder once. A batch is a handful of statements whatever its size; a batch
 * that fails (a zone Postgres does not know) is done again learner by learner, so one learner's
 * failure stops no one else's.
 */
import "server-only";
import type { Db, DbOrTx } from "@/db/client";
import { claimReminderDays, lockRemindersDue, markReminderFailed, postponeReminder, scheduleNextReminders, type ReminderCandidate } from "@/db/queries/reminders";
import { localDay } from "@/lib/progress/days";
import { localMinutes, reminderNews, reminderWindowOpen } from "./rules";
import { learnersNews, sendReminder } from "./send";

const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

type News = { dueCount: number; streak: number };
type Outgoing = { learner: ReminderCandidate; news: News };
export type PassResult = { looked: number; sent: number; failed: number };

export async function runReminderPass(db: Db, options: { now?: Date; batch?: number } = {}): Promise<PassResult> {
  const now = options.now ?? new Date();
  const batch = options.batch ?? BATCH;
  const result: PassResult = { looked: 0, sent: 0, failed: 0 };
  for (;;) {
    const { looked, outgoing } = await passBatch(db, now, batch);
    result.looked += looked;
    for (const { learner, news } of outgoing) {
      try {
        await sendReminder(db, learner, news, { now });
        result.sent++;
      } catch (error) {
        // The day's row stays (a reminder is sent at most once, never twice) and says it failed.
        result.failed++;
        const failure = error instanceof Error ? error.message : String(error);
        console.error(`[reminders] could not send ${learner.id}'s reminder:`, failure);
        await markReminderFailed(db, { userId: learner.id, day: localDay(now, learner.timeZone), failure, now }).catch((markError: unknown) =>
          console.error(`[reminders] could not record that ${learner.id}'s reminder failed:`, markError instanceof Error ? markError.message : markError),
        );
      }
    }
    if (looked < batch) return result;
  }
}

/** One batch of the pass, in one transaction: up to `batch` learners looked at; the reminders to send after it. */
export async function passBatch(db: Db, now: Date, batch: number): Promise<{ looked: number; outgoing: Outgoing[] }> {
  return db.transaction(async (tx) => {
    const due = await lockRemindersDue(tx, { now, limit: batch });
    if (due.length === 0) return { looked: 0, outgoing: [] };
    try {
      return { looked: due.length, outgoing: await tx.transaction((sp) => decideBatch(sp, due, now)) };
    } catch {
      return { looked: due.length, outgoing: await decideEach(tx, due, now) };
    }
  });
}

/** Whether today's reminder may go now: a channel on, and the learner's window open. */
function windowOpen(learner: ReminderCandidate, now: Date): boolean {
  if (!learner.reminderEmail && learner.pushDevices === 0) return false;
  return reminderWindowOpen(localMinutes(now, learner.timeZone), learner.reminderTime);
}

/** The batch's reminders, with their log rows written, and every learner's next look moved on. */
async function decideBatch(db: DbOrTx, due: ReminderCandidate[], now: Date): Promise<Outgoing[]> {
  const open = due.filter((learner) => windowOpen(learner, now));
  const news = await learnersNews(db, open, now);
  const said = open.flatMap((learner) => {
    const sayable = reminderNews(news.get(learner.id)!);
    return sayable ? [{ learner, news: sayable }] : [];
  });
  const claimed = await claimReminderDays(db, {
    rows: said.map(({ learner, news }) => ({ userId: learner.id, day: localDay(now, learner.timeZone), ...news })),
    now,
  });
  await scheduleNextReminders(db, { userIds: due.map((l) => l.id), now });
  return said.filter(({ learner }) => claimed.has(learner.id));
}

/** The slow way, a batch of one in a savepoint each: a learner whose look fails is skipped until tomorrow. */
async function decideEach(db: DbOrTx, due: ReminderCandidate[], now: Date): Promise<Outgoing[]> {
  const outgoing: Outgoing[] = [];
  for (const learner of due) {
    try {
      outgoing.push(...(await db.transaction((sp) => decideBatch(sp, [learner], now))));
    } catch (error) {
      console.error(`[reminders] skipping ${learner.id} until tomorrow:`, error instanceof Error ? error.message : error);
      await postponeReminder(db, { userId: learner.id, until: new Date(now.getTime() + DAY_MS) });
    }
  }
  return outgoing;
}

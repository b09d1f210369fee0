/** A learner's reminders: a test one on request, and the unsubscribe link that needs no sign-in. */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { stopReminderEmails } from "@/db/queries/reminders";
import type { User } from "@/db/schema";
import { conflict, notFound, rateLimited } from "@/lib/api/errors";
import { reminderNews } from "@/lib/reminders/rules";
import { learnerNews, sendReminderEmail } from "@/lib/reminders/send";

/** One test email a minute per learner (in this process): it only ever goes to their own address. */
const TEST_SPACING_MS = 60_000;
const lastTest = new Map<string, number>();

export async function sendTestReminder(db: DbOrTx, user: User, now = new Date()): Promise<{ sentTo: string }> {
  if (!user.enableNotifications) throw conflict("Notifications are off: turn on Enable Notifications first");
  if (!user.reminderEmail) throw conflict("Email reminders are off: turn them on first");
  const last = lastTest.get(user.id);
  if (last !== undefined && now.getTime() - last < TEST_SPACING_MS) {
    throw rateLimited("A test reminder was just sent; try again in a minute", (TEST_SPACING_MS - (now.getTime() - last)) / 1000);
  }
  lastTest.set(user.id, now.getTime());
  const news = reminderNews(await learnerNews(db, user, now));
  await sendReminderEmail(db, user, news, { now, test: true });
  return { sentTo: user.email };
}

export async function unsubscribeFromReminderEmails(db: DbOrTx, token: string): Promise<{ unsubscribed: true }> {
  if (!(await stopReminderEmails(db, { token }))) throw notFound("This unsubscribe link is not valid");
  return { unsubscribed: true };
}

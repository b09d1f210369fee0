/** A learner's reminders: their devices for Web Push, a test one on request, and the unsubscribe link that needs no sign-in. */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { stopReminderEmails } from "@/db/queries/reminders";
import type { User } from "@/db/schema";
import { badRequest, conflict, notFound, rateLimited } from "@/lib/api/errors";
import { allowedPushEndpoint, vapidKeys } from "@/lib/reminders/push";
import type { PushSubscriptionInput } from "@/lib/validation/push";
import { reminderNews } from "@/lib/reminders/rules";
import { deletePushSubscriptions, listPushSubscriptions, savePushSubscription } from "@/db/queries/reminders";
import { learnersNews, sendReminder } from "@/lib/reminders/send";

/** One test email a minute per learner (in this process): it only ever goes to their own address. */
const TEST_SPACING_MS = 60_000;
const lastTest = new Map<string, number>();

/** A test reminder now, by every channel the learner has on: their email, their devices. */
export async function sendTestReminder(db: DbOrTx, user: User, now = new Date()): Promise<{ email: string | null; devices: number }> {
  if (!user.enableNotifications) throw conflict("Notifications are off: turn on Enable Notifications first");
  if (!user.reminderEmail && (await listPushSubscriptions(db, { userId: user.id })).length === 0) {
    throw conflict("Reminders have nowhere to go: turn on email reminders or this device's notifications first");
  }
  const last = lastTest.get(user.id);
  if (last !== undefined && now.getTime() - last < TEST_SPACING_MS) {
    throw rateLimited("A test reminder was just sent; try again in a minute", (TEST_SPACING_MS - (now.getTime() - last)) / 1000);
  }
  lastTest.set(user.id, now.getTime());
  const news = reminderNews((await learnersNews(db, [user], now)).get(user.id)!);
  return sendReminder(db, user, news, { now, test: true });
}

export async function unsubscribeFromReminderEmails(db: DbOrTx, token: string): Promise<{ unsubscribed: true }> {
  if (!(await stopReminderEmails(db, { token }))) throw notFound("This unsubscribe link is not valid");
  return { unsubscribed: true };
}

/** Devices a learner may have taking reminders; a new one beyond it replaces the oldest. */
export const MAX_PUSH_DEVICES = 10;

/** The server's VAPID public key, which browsers subscribe with. */
export async function pushPublicKey(db: DbOrTx): Promise<{ publicKey: string }> {
  return { publicKey: (await vapidKeys(db)).publicKey };
}

export async function subscribePush(db: DbOrTx, user: User, input: PushSubscriptionInput): Promise<{ subscribed: true; devices: number }> {
  if (!allowedPushEndpoint(input.endpoint)) throw badRequest("endpoint is not a push service this server sends to");
  const devices = await db.transaction((tx) =>
    savePushSubscription(tx, { userId: user.id, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, keep: MAX_PUSH_DEVICES }),
  );
  return { subscribed: true, devices };
}

export async function unsubscribePush(db: DbOrTx, user: User, endpoint: string): Promise<{ unsubscribed: boolean }> {
  return { unsubscribed: (await deletePushSubscriptions(db, { endpoints: [endpoint], userId: user.id })) > 0 };
}

/** Queries for reminders: who is due a look, the once-a-day log, the unsubscribe link's secret. */
import { and, asc, desc, eq, inArray, isNotNull, lte, notInArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { dailyProgress, pushKeys, pushSubscriptions, remindersSent, users } from "../schema";

/** What the reminder pass needs of a learner. */
export type ReminderCandidate = {
  id: string;
  email: string;
  firstName: string | null;
  nativeLanguage: string | null;
  interfaceLanguage: string | null;
  timeZone: string;
  dayTimeZone: string;
  reminderTime: string;
  reminderEmail: boolean;
  reminderToken: string;
  /** How many devices take this learner's reminders by Web Push. */
  pushDevices: number;
  dailyGoal: number;
  streak: number;
  lastActiveDate: string | null;
};

const candidateColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  nativeLanguage: users.nativeLanguage,
  interfaceLanguage: users.interfaceLanguage,
  timeZone: users.timeZone,
  dayTimeZone: users.dayTimeZone,
  reminderTime: users.reminderTime,
  reminderEmail: users.reminderEmail,
  reminderToken: users.reminderToken,
  pushDevices: sql<number>`(select count(*)::int from "push_subscriptions" "device" where "device"."user_id" = "users"."id")`,
  dailyGoal: users.dailyGoal,
  streak: users.streak,
  lastActiveDate: users.lastActiveDate,
};

/**
 * Learners whose next look is due by `now`, earliest first, locked for this transaction and
 * skipped by another pass that has them locked (several workers share the work, none waits).
 */
export async function lockRemindersDue(db: DbOrTx, params: { now: Date; limit: number }): Promise<ReminderCandidate[]> {
  return db
    .select(candidateColumns)
    .from(users)
    .where(and(isNotNull(users.reminderNextAt), lte(users.reminderNextAt, params.now)))
    .orderBy(asc(users.reminderNextAt))
    .limit(params.limit)
    .for("update", { skipLocked: true });
}

export async function postponeReminder(db: DbOrTx, params: { userId: string; until: Date }): Promise<void> {
  await db.update(users).set({ reminderNextAt: params.until }).where(eq(users.id, params.userId));
}

/**
 * The learners' next looks: each one's first `reminder_time` in their zone after `now` (today's,
 * if it is still ahead, else tomorrow's). Postgres does the zone arithmetic, summer time included.
 */
export async function scheduleNextReminders(db: DbOrTx, params: { userIds: string[]; now: Date }): Promise<void> {
  if (params.userIds.length === 0) return;
  const now = params.now.toISOString();
  const local = sql`(${now}::timestamptz at time zone ${users.timeZone})`;
  await db
    .update(users)
    .set({
      reminderNextAt: sql`(case when ${local}::time < ${users.reminderTime}
        then ${local}::date + ${users.reminderTime}
        else ${local}::date + 1 + ${users.reminderTime} end) at time zone ${users.timeZone}`,
    })
    .where(inArray(users.id, params.userIds));
}

/** Each learner's study seconds on their own day (learners with none are left out). */
export async function secondsStudiedOnDays(db: DbOrTx, params: { days: { userId: string; day: string }[] }): Promise<Map<string, number>> {
  if (params.days.length === 0) return new Map();
  const ids = `{${params.days.map((d) => d.userId).join(",")}}`;
  const days = `{${params.days.map((d) => d.day).join(",")}}`;
  const rows = await db
    .select({ userId: dailyProgress.userId, seconds: dailyProgress.secondsStudied })
    .from(dailyProgress)
    .where(sql`(${dailyProgress.userId}, ${dailyProgress.day}) in (select * from unnest(${ids}::uuid[], ${days}::date[]))`);
  return new Map(rows.map((row) => [row.userId, row.seconds]));
}

/** Writes the days' log rows at once; returns the learners whose row is new (the others were sent already). */
export async function claimReminderDays(
  db: DbOrTx,
  params: { rows: { userId: string; day: string; dueCount: number; streak: number }[]; now: Date },
): Promise<Set<string>> {
  if (params.rows.length === 0) return new Set();
  const claimed = await db
    .insert(remindersSent)
    .values(params.rows.map((row) => ({ ...row, sentAt: params.now })))
    .onConflictDoNothing()
    .returning({ userId: remindersSent.userId });
  return new Set(claimed.map((row) => row.userId));
}

/** Records that the day's claimed reminder could not be sent (its row stays: never a second try that day). */
export async function markReminderFailed(db: DbOrTx, params: { userId: string; day: string; failure: string; now: Date }): Promise<void> {
  await db
    .update(remindersSent)
    .set({ failedAt: params.now, failure: params.failure.slice(0, 500) })
    .where(and(eq(remindersSent.userId, params.userId), eq(remindersSent.day, params.day)));
}

/** Turns email reminders off for the learner whose link this is; false for an unknown token. */
export async function stopReminderEmails(db: DbOrTx, params: { token: string }): Promise<boolean> {
  const rows = await db.update(users).set({ reminderEmail: false }).where(eq(users.reminderToken, params.token)).returning({ id: users.id });
  return rows.length > 0;
}

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export async function listPushSubscriptions(db: DbOrTx, params: { userId: string }): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, params.userId)).orderBy(asc(pushSubscriptions.id));
}

/**
 * Keeps a device's subscription for the learner (a browser that signs in as someone else moves its
 * subscription to them), and at most `keep` devices a learner: the oldest go first. Returns how many they have.
 */
export async function savePushSubscription(
  db: DbOrTx,
  params: { userId: string; endpoint: string; p256dh: string; auth: string; keep: number },
): Promise<number> {
  const { keep, ...values } = params;
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth, createdAt: sql`now()` } });
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, params.userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, params.userId), notInArray(pushSubscriptions.id, newest)));
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, params.userId));
  return row?.n ?? 0;
}

/** Removes subscriptions by endpoint: the learner's own (`userId`), or any (the push service said they are gone). */
export async function deletePushSubscriptions(db: DbOrTx, params: { endpoints: string[]; userId?: string }): Promise<number> {
  if (params.endpoints.length === 0) return 0;
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(inArray(pushSubscriptions.endpoint, params.endpoints), params.userId ? eq(pushSubscriptions.userId, params.userId) : undefined))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

/** The stored VAPID key pair, `made` the first time (two processes at once keep one: the first written). */
export async function pushKeyPair(db: DbOrTx, made: () => { publicKey: string; privateKey: string }): Promise<{ publicKey: string; privateKey: string }> {
  const [existing] = await db.select().from(pushKeys).limit(1);
  if (existing) return existing;
  await db.insert(pushKeys).values(made()).onConflictDoNothing();
  const [row] = await db.select().from(pushKeys).limit(1);
  return row!;
}

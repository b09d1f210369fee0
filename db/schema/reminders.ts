/**
 * Reminders (lib/reminders): the log that makes each learner's reminder of a day go out once, the
 * devices that take them by Web Push, and the server's VAPID keys.
 */
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./app";

/**
 * One row per learner and local day a reminder was sent on, written before sending: a second
 * worker process reaching the same learner finds it and sends nothing. A send that failed keeps
 * its row (a reminder goes at most once a day) and says so: failed_at and why.
 */
export const remindersSent = pgTable(
  "reminders_sent",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The learner's calendar day (in their time zone) the reminder was for. */
    day: date("day").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    /** What it said: the words due and the streak at risk (0: not mentioned). */
    dueCount: integer("due_count").notNull().default(0),
    streak: integer("streak").notNull().default(0),
    /** When sending failed (no channel took it), and the error's message; null once sent. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    failure: text("failure"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** A browser's Web Push subscription (one per device and browser), as PushManager.subscribe() gave it. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The push service's URL for this subscription: where the encrypted message is POSTed. */
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret (base64url), to encrypt for it. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId)],
);

/** The server's VAPID key pair (RFC 8292), made at first use when none is configured: one row. */
export const pushKeys = pgTable(
  "push_keys",
  {
    id: smallint("id").primaryKey().default(1),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("push_keys_one_row", sql`${t.id} = 1`)],
);

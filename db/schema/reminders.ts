/** Reminders (lib/reminders): the log that makes each learner's reminder of a day go out once. */
import { date, integer, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./app";

/**
 * One row per learner and local day a reminder was sent on, written before sending: a second
 * worker process reaching the same learner finds it and sends nothing.
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
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** The reminder pass as a pg-boss cron job: every minute, on one worker at a time. */
import "server-only";
import type PgBoss from "pg-boss";
import type { Db } from "@/db/client";
import { REMINDER_CRON, REMINDER_QUEUE } from "@/lib/jobs/queues";
import { runReminderPass } from "./pass";

/**
 * The pass is queued once a minute; looking for it every 10 s (pg-boss's default: 2) runs it at
 * most 10 s into its minute, with a fifth of the idle queries.
 */
const POLL_SECONDS = 10;

export async function startReminders(boss: PgBoss, db: Db): Promise<void> {
  await boss.schedule(REMINDER_QUEUE, REMINDER_CRON, {}, { tz: "UTC" });
  await boss.work(REMINDER_QUEUE, { pollingIntervalSeconds: POLL_SECONDS }, async () => {
    const { looked, sent, failed } = await runReminderPass(db);
    if (sent || failed) console.log(`[reminders] looked at ${looked} learners: ${sent} sent${failed ? `, ${failed} failed` : ""}`);
  });
}

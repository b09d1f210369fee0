/**
 * A reminder on its way: what the learner has to hear of today (words due, a streak at risk),
 * said by email (delivered by SMTP when configured, else kept for the dev mailbox) and by Web Push
 * to each of their devices.
 */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { secondsStudiedOnDays } from "@/db/queries/reminders";
import { countDueWordCardsOf } from "@/db/queries/words/cards";
import { env } from "@/lib/env";
import { negotiateLocale } from "@/lib/i18n/negotiate";
import { deliverMail, storeMail } from "@/lib/mail/deliver";
import { currentStreak, localDay } from "@/lib/progress/days";
import { composeReminderEmail } from "./email";
import { composePush, pushToDevices } from "./push";
import type { ReminderNews } from "./rules";

export type Learner = {
  id: string;
  email: string;
  firstName: string | null;
  nativeLanguage: string | null;
  interfaceLanguage: string | null;
  dayTimeZone: string;
  dailyGoal: number;
  streak: number;
  lastActiveDate: string | null;
  reminderToken: string;
  reminderEmail: boolean;
};

/**
 * For each learner: words due now, today's streak, and whether today's goal is met (days in the
 * learner's day zone). Two statements however many learners.
 */
export async function learnersNews(db: DbOrTx, learners: Learner[], now: Date): Promise<Map<string, ReminderNews>> {
  const today = new Map(learners.map((learner) => [learner.id, localDay(now, learner.dayTimeZone)]));
  const [dueCounts, seconds] = await Promise.all([
    countDueWordCardsOf(db, { userIds: learners.map((l) => l.id), now }),
    secondsStudiedOnDays(db, { days: learners.map((l) => ({ userId: l.id, day: today.get(l.id)! })) }),
  ]);
  return new Map(
    learners.map((learner) => [
      learner.id,
      {
        dueCount: dueCounts.get(learner.id) ?? 0,
        streak: currentStreak(learner, today.get(learner.id)!),
        goalMet: (seconds.get(learner.id) ?? 0) >= learner.dailyGoal * 60,
      },
    ]),
  );
}

/** Where links in emails sent without a request point: SITE_URL, else this server on localhost. */
export function publicOrigin(): string {
  const config = env();
  return config.siteUrl ?? `http://localhost:${config.port}`;
}

/** Sends the reminder by every channel the learner has on; returns where it went. */
export async function sendReminder(
  db: DbOrTx,
  learner: Learner,
  news: { dueCount: number; streak: number } | null,
  options: { now: Date; test?: boolean },
): Promise<{ email: string | null; devices: number }> {
  const locale = negotiateLocale({ user: learner, cookie: null, acceptLanguage: null });
  const devices = await pushToDevices(db, learner.id, await composePush(locale, news, options.test));
  if (!learner.reminderEmail) return { email: null, devices };
  const mail = await composeReminderEmail({
    to: learner.email,
    firstName: learner.firstName,
    locale,
    news,
    links: { origin: publicOrigin(), token: learner.reminderToken },
    test: options.test,
  });
  const smtp = env().smtp;
  if (smtp) await deliverMail(smtp, mail);
  else await storeMail(db, mail, options.now);
  return { email: learner.email, devices };
}

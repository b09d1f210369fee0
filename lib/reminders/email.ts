/**
 * The reminder email, in the learner's language, with RFC 8058 one-click unsubscribe headers and
 * links to the settings and to an unsubscribe page that works signed out.
 */
import { translatorFor } from "@/lib/i18n/translator";
import { renderEmail, type OutgoingMail } from "@/lib/mail/render";

export type ReminderLinks = { origin: string; token: string };

export type ReminderEmailInput = {
  to: string;
  firstName?: string | null;
  locale?: string | null;
  /** What it says; null for a test with nothing to say. */
  news: { dueCount: number; streak: number } | null;
  links: ReminderLinks;
  test?: boolean;
};

export function unsubscribeUrls({ origin, token }: ReminderLinks) {
  const query = `token=${encodeURIComponent(token)}`;
  return { page: `${origin}/unsubscribe?${query}`, oneClick: `${origin}/api/reminders/unsubscribe?${query}` };
}

export async function composeReminderEmail(input: ReminderEmailInput): Promise<OutgoingMail<"reminder" | "reminder_test">> {
  const t = await translatorFor(input.locale, "email");
  const { news, links } = input;
  const paragraphs: string[] = [];
  if (input.test) paragraphs.push(t("reminderTestIntro"));
  if (news?.dueCount) paragraphs.push(t("reminderDue", { count: news.dueCount }));
  if (news?.streak) paragraphs.push(t("reminderStreak", { days: news.streak }));
  if (!news) paragraphs.push(t("reminderTestNothing"));
  const subject = input.test
    ? t("reminderTestSubject")
    : news?.dueCount
      ? t("reminderDueSubject", { count: news.dueCount })
      : t("reminderStreakSubject", { days: news?.streak ?? 0 });
  const action = news?.dueCount
    ? { label: t("reminderReviewAction"), link: `${links.origin}/review` }
    : { label: t("reminderLearnAction"), link: `${links.origin}/home` };
  const unsubscribe = unsubscribeUrls(links);
  return renderEmail(t, {
    to: input.to,
    kind: input.test ? "reminder_test" : "reminder",
    subject,
    firstName: input.firstName ?? undefined,
    paragraphs,
    action,
    footnote: [t("reminderWhy")],
    footerLinks: [
      { label: t("reminderSettings"), link: `${links.origin}/settings` },
      { label: t("reminderUnsubscribe"), link: unsubscribe.page },
    ],
    headers: { "List-Unsubscribe": `<${unsubscribe.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}

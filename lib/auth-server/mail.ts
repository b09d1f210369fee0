/**
 * Account emails: composed here, always stored in embedded_auth.mail (the dev mailbox) and,
 * when SMTP is configured, delivered with nodemailer after the database work has committed.
 */
import { desc, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { authMail } from "@/db/schema";
import { translatorFor } from "@/lib/i18n/translator";
import { renderEmail, type EmailWords, type OutgoingMail as Mail } from "@/lib/mail/render";

export { deliverMail, storeMail } from "@/lib/mail/deliver";

/**
 * Emails that carry a link. An email change sends two: one to the current address and one to
 * the new, and the change happens once both are followed.
 */
export type MailKind = "signup" | "recovery" | "invite" | "magiclink" | "email_change_current" | "email_change_new";
/** Emails that carry a code to type in. */
export type CodeKind = "reauthentication";

export type OutgoingMail = Mail<MailKind | CodeKind>;

export type MailboxMessage = {
  id: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  createdAt: string;
  links: string[];
  /** Delivery headers beyond the usual (a reminder's List-Unsubscribe), when it had any. */
  headers?: Record<string, string>;
};

type Email = EmailWords;
type Template = { subject: string; intro: string; action: string; outro: string };

const TEMPLATE_KEYS = {
  signup: "signup",
  recovery: "recovery",
  invite: "invite",
  magiclink: "magiclink",
  email_change_current: "changeCurrent",
  email_change_new: "changeNew",
} as const;

function template(t: Email, kind: MailKind, newEmail: string): Template {
  const key = TEMPLATE_KEYS[kind];
  return {
    subject: t(`${key}Subject`),
    intro: t(`${key}Intro`, { newEmail }),
    action: t(`${key}Action`),
    outro: t(`${key}Outro`),
  };
}

/** How long the link works: in days when it is whole days past one (an invitation's week). */
function expiryLine(t: Email, kind: MailKind, hours: number): string {
  if (kind === "magiclink") return t("codeLinkExpiry", { hours });
  if (hours >= 48 && hours % 24 === 0) return t("linkExpiryDays", { days: hours / 24 });
  return t("linkExpiry", { hours });
}

/** An email with a link, in the recipient's language (`locale`; English when unknown). */
export async function composeMail(
  kind: MailKind,
  input: { to: string; link: string; code?: string; firstName?: string; newEmail?: string; expiryHours: number; locale?: string | null },
): Promise<OutgoingMail> {
  const t = await translatorFor(input.locale, "email");
  const words = template(t, kind, input.newEmail ?? input.to);
  // A sign-in link also carries its code, for reading on one device and typing on another.
  const paragraphs = kind === "magiclink" && input.code ? [words.intro, t("magiclinkCode", { code: input.code })] : [words.intro];
  return renderEmail(t, {
    to: input.to,
    kind,
    subject: words.subject,
    firstName: input.firstName,
    paragraphs,
    action: { label: words.action, link: input.link },
    footnote: [expiryLine(t, kind, input.expiryHours), words.outro],
  });
}

/** A one-time code that proves it is the account's owner asking (before a password change). */
export async function composeCodeMail(input: {
  to: string;
  code: string;
  firstName?: string;
  expiryHours: number;
  locale?: string | null;
}): Promise<OutgoingMail> {
  const t = await translatorFor(input.locale, "email");
  return renderEmail(t, {
    to: input.to,
    kind: "reauthentication",
    subject: t("codeSubject"),
    firstName: input.firstName,
    paragraphs: [t("codeIntro", { code: input.code })],
    footnote: [t("codeExpiry", { hours: input.expiryHours }), t("codeOutro")],
  });
}

const LINK_RE = /https?:\/\/[^\s<>"']+/g;

export async function listMailbox(db: DbOrTx, options: { to?: string; limit?: number } = {}): Promise<MailboxMessage[]> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 500);
  const to = options.to?.trim().toLowerCase();
  const rows = await db
    .select()
    .from(authMail)
    .where(to ? sql`lower(${authMail.to}) = ${to}` : undefined)
    .orderBy(desc(authMail.createdAt), desc(authMail.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    html: row.html,
    text: row.text,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    links: [...new Set(row.text.match(LINK_RE) ?? [])],
    ...(row.headers ? { headers: row.headers } : {}),
  }));
}

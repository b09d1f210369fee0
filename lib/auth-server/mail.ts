/**
 * Account emails: composed here, always stored in embedded_auth.mail (the dev mailbox) and,
 * when SMTP is configured, delivered with nodemailer after the database work has committed.
 */
import { desc, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { authMail } from "@/db/schema";
import { translatorFor } from "@/lib/i18n/translator";
import { truncateText } from "./metadata";

/**
 * Emails that carry a link. An email change sends two: one to the current address and one to
 * the new, and the change happens once both are followed.
 */
export type MailKind = "signup" | "recovery" | "email_change_current" | "email_change_new";
/** Emails that carry a code to type in. */
export type CodeKind = "reauthentication";

export type OutgoingMail = { to: string; subject: string; html: string; text: string; kind: MailKind | CodeKind };

export type MailboxMessage = {
  id: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  createdAt: string;
  links: string[];
};

const PRODUCT = "LingoReel";

type Email = Awaited<ReturnType<typeof translatorFor<"email">>>;
type Template = { subject: string; intro: string; action: string; outro: string };

const TEMPLATE_KEYS = {
  signup: "signup",
  recovery: "recovery",
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

/** Long enough for any real first name; the rest of a longer one is left out of the greeting. */
const GREETING_NAME_MAX = 50;
// Text direction overrides and isolates, which could make the greeting read otherwise than it is.
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const LINE_BREAKING = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
const LINK_LIKE = /:\/\/|\bwww\./i;

/**
 * The name to greet with, or none. Whoever signs an address up chooses it, and the email goes to
 * the address's owner: so no line breaks or control characters that would rewrite the text
 * version, nothing that reads as a link, and at most a short name's length.
 */
function greetingName(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const flat = raw.replace(LINE_BREAKING, " ").replace(BIDI_CONTROLS, "").replace(/\s+/g, " ").trim();
  const name = flat.length <= GREETING_NAME_MAX ? flat : `${truncateText(flat, GREETING_NAME_MAX).trimEnd()}…`;
  return name === "" || LINK_LIKE.test(name) ? undefined : name;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** An email with a link, in the recipient's language (`locale`; English when unknown). */
export async function composeMail(
  kind: MailKind,
  input: { to: string; link: string; firstName?: string; newEmail?: string; expiryHours: number; locale?: string | null },
): Promise<OutgoingMail> {
  const t = await translatorFor(input.locale, "email");
  const words = template(t, kind, input.newEmail ?? input.to);
  return render(t, {
    to: input.to,
    kind,
    subject: words.subject,
    firstName: input.firstName,
    paragraphs: [words.intro],
    action: { label: words.action, link: input.link },
    footnote: [t("linkExpiry", { hours: input.expiryHours }), words.outro],
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
  return render(t, {
    to: input.to,
    kind: "reauthentication",
    subject: t("codeSubject"),
    firstName: input.firstName,
    paragraphs: [t("codeIntro", { code: input.code })],
    footnote: [t("codeExpiry", { hours: input.expiryHours }), t("codeOutro")],
  });
}

function render(t: Email, input: {
  to: string;
  kind: MailKind | CodeKind;
  subject: string;
  firstName?: string;
  paragraphs: string[];
  action?: { label: string; link: string };
  /** Small print, one line each in the text version. */
  footnote?: string[];
}): OutgoingMail {
  const name = greetingName(input.firstName);
  const greeting = name ? t("greeting", { name }) : t("greetingNoName");
  const { action } = input;
  const text = [
    greeting,
    "",
    ...input.paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.link}`, ""] : []),
    ...(input.footnote ? [...input.footnote, ""] : []),
    t("closing"),
    t("signature"),
    "",
  ].join("\n");
  const actionHtml = action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(action.link)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(t("pasteLink"))}<br><a href="${escapeHtml(action.link)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(action.link)}</a></p>
`
    : "";
  const footnoteHtml = input.footnote ? `<p style="font-size:13px;color:#6b7280">${escapeHtml(input.footnote.join(" "))}</p>\n` : "";
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f6f7fb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(PRODUCT)}</h1>
<p>${escapeHtml(greeting)}</p>
${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${actionHtml}${footnoteHtml}<p>${escapeHtml(t("closing"))}<br>${escapeHtml(t("signature"))}</p>
</div></body></html>`;
  return { to: input.to, subject: input.subject, html, text, kind: input.kind };
}

export async function storeMail(db: DbOrTx, mail: OutgoingMail, now: Date): Promise<void> {
  await db.insert(authMail).values({ ...mail, createdAt: now });
}

type Transport = { sendMail(message: Record<string, unknown>): Promise<unknown> };
const transports = new Map<string, Promise<Transport>>();

function transport(url: string): Promise<Transport> {
  let t = transports.get(url);
  if (!t) {
    t = import("nodemailer").then((m) => m.default.createTransport(url) as unknown as Transport);
    transports.set(url, t);
    t.catch(() => transports.delete(url));
  }
  return t;
}

export async function deliverMail(smtp: { url: string; from: string }, mail: OutgoingMail): Promise<void> {
  const t = await transport(smtp.url);
  await t.sendMail({ from: smtp.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
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
  }));
}

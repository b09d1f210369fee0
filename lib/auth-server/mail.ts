/**
 * Account emails: composed here, always stored in embedded_auth.mail (the dev mailbox) and,
 * when SMTP is configured, delivered with nodemailer after the database work has committed.
 */
import { desc, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { authMail } from "@/db/schema";
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

type Template = { subject: string; intro: string; action: string; outro: string };

function template(kind: MailKind, newEmail?: string): Template {
  switch (kind) {
    case "signup":
      return {
        subject: `Confirm your ${PRODUCT} account`,
        intro: `Welcome to ${PRODUCT}! Please confirm your email address so you can start learning languages from videos.`,
        action: "Confirm my email",
        outro: `If you didn't create a ${PRODUCT} account, you can safely ignore this email.`,
      };
    case "recovery":
      return {
        subject: `Reset your ${PRODUCT} password`,
        intro: `We received a request to reset the password of your ${PRODUCT} account. Follow the link below to choose a new one.`,
        action: "Reset my password",
        outro: "If you didn't ask for a new password, you can safely ignore this email; your password stays the same.",
      };
    case "email_change_current":
      return {
        subject: `Confirm the change of your ${PRODUCT} email address`,
        intro: `We received a request to move your ${PRODUCT} account from this address to ${newEmail ?? "a new one"}. The change happens only once you confirm it here and from the new address.`,
        action: "Yes, change my email",
        outro: "If you didn't ask for this, don't follow the link, and change your password: someone else may be signed in to your account.",
      };
    case "email_change_new":
      return {
        subject: `Confirm your new ${PRODUCT} email address`,
        intro: `Please confirm that you want to use ${newEmail ?? "this address"} for your ${PRODUCT} account from now on. We have also asked your current address to confirm.`,
        action: "Confirm my new email",
        outro: "If you didn't ask for this change, you can safely ignore this email and nothing will change.",
      };
  }
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

export function composeMail(
  kind: MailKind,
  input: { to: string; link: string; firstName?: string; newEmail?: string; expiryHours: number },
): OutgoingMail {
  const t = template(kind, input.newEmail);
  const expiry = `The link expires in ${input.expiryHours} hours and works once.`;
  return render({
    to: input.to,
    kind,
    subject: t.subject,
    firstName: input.firstName,
    paragraphs: [t.intro],
    action: { label: t.action, link: input.link },
    footnote: [expiry, t.outro],
  });
}

/** A one-time code that proves it is the account's owner asking (before a password change). */
export function composeCodeMail(input: { to: string; code: string; firstName?: string; expiryHours: number }): OutgoingMail {
  return render({
    to: input.to,
    kind: "reauthentication",
    subject: `Your ${PRODUCT} verification code`,
    firstName: input.firstName,
    paragraphs: [`Your verification code is ${input.code}. Enter it to confirm the change to your ${PRODUCT} account.`],
    footnote: [
      `The code expires in ${input.expiryHours} hours and works once.`,
      "If you didn't ask for it, change your password: someone else may be signed in to your account.",
    ],
  });
}

function render(input: {
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
  const greeting = name ? `Hi ${name},` : "Hi there,";
  const { action } = input;
  const text = [
    greeting,
    "",
    ...input.paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.link}`, ""] : []),
    ...(input.footnote ? [...input.footnote, ""] : []),
    `Happy learning!`,
    `The ${PRODUCT} team`,
    "",
  ].join("\n");
  const actionHtml = action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(action.link)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#6b7280">Or paste this link into your browser:<br><a href="${escapeHtml(action.link)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(action.link)}</a></p>
`
    : "";
  const footnoteHtml = input.footnote ? `<p style="font-size:13px;color:#6b7280">${escapeHtml(input.footnote.join(" "))}</p>\n` : "";
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f6f7fb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(PRODUCT)}</h1>
<p>${escapeHtml(greeting)}</p>
${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${actionHtml}${footnoteHtml}<p>Happy learning!<br>The ${escapeHtml(PRODUCT)} team</p>
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

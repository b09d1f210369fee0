/**
 * The product's emails as their recipient reads them: a greeting, paragraphs, an action button,
 * small print and footer links, in HTML and plain text, in the recipient's language.
 */
import type { translatorFor } from "@/lib/i18n/translator";

export type OutgoingMail<K extends string = string> = {
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: K;
  /** Extra headers for delivery (List-Unsubscribe), kept with the dev mailbox's copy too. */
  headers?: Record<string, string>;
};

export type EmailWords = Awaited<ReturnType<typeof translatorFor<"email">>>;

const PRODUCT = "LingoReel";

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

/** `value` cut to at most `max` UTF-16 units, never between the two halves of a character. */
function truncateText(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

export function renderEmail<K extends string>(t: EmailWords, input: {
  to: string;
  kind: K;
  subject: string;
  firstName?: string;
  paragraphs: string[];
  action?: { label: string; link: string };
  /** Small print, one line each in the text version. */
  footnote?: string[];
  /** Links under the signature (settings, unsubscribe), small. */
  footerLinks?: { label: string; link: string }[];
  headers?: Record<string, string>;
}): OutgoingMail<K> {
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
    ...(input.footerLinks ? [...input.footerLinks.map((l) => `${l.label}: ${l.link}`), ""] : []),
  ].join("\n");
  const actionHtml = action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(action.link)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(t("pasteLink"))}<br><a href="${escapeHtml(action.link)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(action.link)}</a></p>
`
    : "";
  const footnoteHtml = input.footnote ? `<p style="font-size:13px;color:#6b7280">${escapeHtml(input.footnote.join(" "))}</p>\n` : "";
  const footerHtml = input.footerLinks
    ? `<p style="font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb;padding-top:12px">${input.footerLinks
        .map((l) => `<a href="${escapeHtml(l.link)}" style="color:#6b7280">${escapeHtml(l.label)}</a>`)
        .join(" · ")}</p>\n`
    : "";
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f6f7fb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(PRODUCT)}</h1>
<p>${escapeHtml(greeting)}</p>
${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${actionHtml}${footnoteHtml}<p>${escapeHtml(t("closing"))}<br>${escapeHtml(t("signature"))}</p>
${footerHtml}</div></body></html>`;
  return { to: input.to, subject: input.subject, html, text, kind: input.kind, ...(input.headers ? { headers: input.headers } : {}) };
}


/**
 * Where emails go: stored in embedded_auth.mail (the dev mailbox shows them) and, when SMTP is
 * configured, delivered with nodemailer. Account emails are always stored; a reminder is stored
 * only when there is no SMTP to deliver it (lib/reminders/send.ts).
 */
import type { DbOrTx } from "@/db/client";
import { authMail } from "@/db/schema";
import type { OutgoingMail } from "./render";

export async function storeMail(db: DbOrTx, mail: OutgoingMail, now: Date): Promise<void> {
  await db.insert(authMail).values({ ...mail, headers: mail.headers ?? null, createdAt: now });
}

type Transport = { sendMail(message: Record<string, unknown>): Promise<unknown> };
const transports = new Map<string, Promise<Transport>>();

/**
 * Short timeouts (nodemailer's own wait up to 2 minutes to connect and 10 of silence): a server that
 * takes connections and stalls would otherwise hold up every email behind it (reminders go one after
 * another). Settings in SMTP_URL's query (`?socketTimeout=60000`) win.
 */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

function transport(url: string): Promise<Transport> {
  let t = transports.get(url);
  if (!t) {
    t = import("nodemailer").then((m) => m.default.createTransport({ url, ...TIMEOUTS }) as unknown as Transport);
    transports.set(url, t);
    t.catch(() => transports.delete(url));
  }
  return t;
}

export async function deliverMail(smtp: { url: string; from: string }, mail: OutgoingMail): Promise<void> {
  const t = await transport(smtp.url);
  await t.sendMail({ from: smtp.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
}


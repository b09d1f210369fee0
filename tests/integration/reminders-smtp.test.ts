/**
 * Reminders over SMTP, on PGlite and Postgres, as a local SMTP server receives them from the
 * reminder pass: the learner's address, the configured sender, the reminder's subject, RFC 8058
 * one-click unsubscribe headers whose link is the dev mailbox copy's and turns email reminders
 * off, and the link to the settings. A server that refuses a reminder (a recipient, a message,
 * or no server at all) fails that learner's reminder alone: the pass goes on to the others, the
 * day's reminder is not tried again (at most one a day), and the next day's goes as usual.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postUnsubscribe } from "@/app/api/reminders/unsubscribe/route";
import { authMail, dailyProgress, remindersSent, users, wordCards } from "@/db/schema";
import { runReminderPass } from "@/lib/reminders/pass";
import { setEnv } from "@/scripts/standins/env";
import { seedActors, type Actor } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";
import { fakeSmtp, parseMail, type FakeSmtp } from "../helpers/smtp";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (iso: string) => new Date(iso);
const SITE = "https://lingoreel.test";
const SENDER = "reminders@lingoreel.test";
const FROM = `LingoReel Reminders <${SENDER}>`;
const CONFIG = ["SITE_URL", "SMTP_URL", "SMTP_FROM"] as const;

describe.each(testDbKinds)("reminders over SMTP on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let learner: Actor, other: Actor, admin: Actor, owner: Actor;
  let smtp: FakeSmtp;
  const before = Object.fromEntries(CONFIG.map((name) => [name, process.env[name]]));

  beforeAll(async () => {
    ({ learner, otherLearner: other, admin, owner } = await seedActors(t().db, "remind-smtp"));
    smtp = await fakeSmtp();
    setEnv({ SITE_URL: SITE, SMTP_URL: undefined, SMTP_FROM: undefined });
  });
  afterEach(() => {
    smtp.refuse = {};
  });
  afterAll(async () => {
    setEnv(before);
    await smtp?.close();
  });

  const useSmtp = (url = smtp.url) => setEnv({ SMTP_URL: url, SMTP_FROM: FROM });

  /**
   * The two learners in Berlin (19:00 there is 17:00 UTC in June) with a card due, nothing
   * studied and the pass looking at them from `from`; the admin and owner out of the pass; the
   * SMTP server's record empty.
   */
  async function reset(from: Date) {
    const db = t().db;
    const both = [learner, other];
    await db.delete(authMail).where(inArray(authMail.to, both.map((a) => a.email)));
    await db.delete(remindersSent).where(inArray(remindersSent.userId, both.map((a) => a.id)));
    await db.delete(dailyProgress).where(inArray(dailyProgress.userId, both.map((a) => a.id)));
    await db.delete(wordCards).where(inArray(wordCards.userId, both.map((a) => a.id)));
    await db
      .update(users)
      .set({ timeZone: "Europe/Berlin", dayTimeZone: "Europe/Berlin", reminderTime: "19:00", reminderEmail: true, enableNotifications: true, reminderNextAt: from, streak: 0, lastActiveDate: null, interfaceLanguage: null, nativeLanguage: "en" })
      .where(inArray(users.id, both.map((a) => a.id)));
    await db.update(users).set({ reminderNextAt: null }).where(inArray(users.id, [admin.id, owner.id]));
    for (const who of both) await db.insert(wordCards).values({ userId: who.id, language: "es", lemma: "gato", due: new Date(from.getTime() - HOUR) });
    smtp.messages.length = 0;
    smtp.refused.length = 0;
    smtp.recipients.length = 0;
  }

  const stored = (who: Actor) =>
    t().db.select().from(authMail).where(and(eq(authMail.to, who.email), eq(authMail.kind, "reminder"))).orderBy(asc(authMail.createdAt));
  /** Each day's row of the learner's log: whether its reminder failed, and why. */
  const failures = async (who: Actor) =>
    (
      await t()
        .db.select({ day: remindersSent.day, failedAt: remindersSent.failedAt, failure: remindersSent.failure })
        .from(remindersSent)
        .where(eq(remindersSent.userId, who.id))
        .orderBy(asc(remindersSent.day))
    ).map((r) => ({ day: r.day, failedAt: r.failedAt?.toISOString() ?? null, failure: r.failure }));
  const daysSent = async (who: Actor) => (await failures(who)).map((r) => r.day);
  const nextLook = async (who: Actor) => (await t().db.select({ next: users.reminderNextAt }).from(users).where(eq(users.id, who.id)))[0]!.next;
  const recipientsOf = (messages: FakeSmtp["messages"]) => messages.map((m) => parseMail(m.data).header("To"));

  it("sends what the dev mailbox would keep: to the learner, from SMTP_FROM, with one-click unsubscribe that works and the settings link", async () => {
    const day1 = at("2026-06-10T17:00:00Z");
    await reset(day1);
    // Without SMTP the reminder is kept for the dev mailbox: the copy to compare with.
    setEnv({ SMTP_URL: undefined, SMTP_FROM: undefined });
    expect(await runReminderPass(t().db, { now: day1 })).toMatchObject({ sent: 2, failed: 0 });
    const [copy] = await stored(learner);
    expect(copy!.headers?.["List-Unsubscribe"]).toEqual(expect.any(String));

    // With SMTP the next day's goes over the wire, and the mailbox keeps none.
    useSmtp();
    expect(await runReminderPass(t().db, { now: new Date(day1.getTime() + DAY) })).toMatchObject({ sent: 2, failed: 0 });
    expect(await stored(learner)).toHaveLength(1);
    const wire = smtp.messages.find((m) => m.to.some((line) => line.includes(`<${learner.email}>`)))!;
    expect(wire.from).toMatch(new RegExp(`^MAIL FROM:<${SENDER.replace(/\./g, "\\.")}>`));
    expect(wire.to).toHaveLength(1);

    const mail = parseMail(wire.data);
    expect(mail.header("To")).toBe(learner.email);
    expect(mail.header("From")).toBe(FROM);
    expect(mail.header("Subject")).toBe("1 word is due for review");
    expect(mail.header("Subject")).toBe(copy!.subject);
    const token = (await t().db.select({ token: users.reminderToken }).from(users).where(eq(users.id, learner.id)))[0]!.token;
    expect(mail.header("List-Unsubscribe")).toBe(`<${SITE}/api/reminders/unsubscribe?token=${token}>`);
    expect(mail.header("List-Unsubscribe")).toBe(copy!.headers!["List-Unsubscribe"]);
    expect(mail.header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain(`\nReminder settings: ${SITE}/settings\n`);
    expect(mail.text).toContain(`\nUnsubscribe from reminder emails: ${SITE}/unsubscribe?token=${token}\n`);
    expect(mail.text).toBe(copy!.text);
    expect(mail.html).toContain(`href="${SITE}/settings"`);

    // The mail client's one click, through the route handler: email reminders off, nothing else.
    const url = new URL(/^<(.+)>$/.exec(mail.header("List-Unsubscribe")!)![1]!);
    expect(url.origin).toBe(SITE);
    const done = await call(postUnsubscribe, `${url.pathname}${url.search}`, {
      method: "POST",
      rawBody: "List-Unsubscribe=One-Click",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(done).toEqual({ status: 200, body: { unsubscribed: true } });
    const [row] = await t().db.select({ email: users.reminderEmail, on: users.enableNotifications }).from(users).where(eq(users.id, learner.id));
    expect(row).toEqual({ email: false, on: true });

    // The next day: the other learner's reminder goes, none to the one who unsubscribed.
    expect(await runReminderPass(t().db, { now: new Date(day1.getTime() + 2 * DAY) })).toMatchObject({ sent: 1, failed: 0 });
    expect(recipientsOf(smtp.messages)).toEqual([expect.any(String), expect.any(String), other.email]);
    expect(smtp.recipients.filter((address) => address === learner.email)).toHaveLength(1);
  });

  it("fails a refused reminder alone and for that day only: no retry, no mailbox copy, the next day's goes", async () => {
    const day1 = at("2026-06-10T17:00:00Z");
    await reset(day1);
    useSmtp();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      // Day 1: the server refuses the learner's address.
      smtp.refuse = { rcpt: (address) => (address === learner.email ? "550 5.1.1 Recipient address rejected: User unknown" : undefined) };
      expect(await runReminderPass(t().db, { now: day1 })).toMatchObject({ sent: 1, failed: 1 });
      expect(recipientsOf(smtp.messages)).toEqual([other.email]);
      expect(errors).toHaveBeenCalledWith(`[reminders] could not send ${learner.id}'s reminder:`, expect.stringContaining("550 5.1.1"));
      // The day's row stays (a reminder at most once a day) and says the send failed, and why; the
      // next look is tomorrow's 19:00.
      expect(await daysSent(learner)).toEqual(["2026-06-10"]);
      expect(await failures(learner)).toEqual([{ day: "2026-06-10", failedAt: day1.toISOString(), failure: expect.stringContaining("550 5.1.1") }]);
      expect(await failures(other)).toEqual([{ day: "2026-06-10", failedAt: null, failure: null }]);
      expect((await nextLook(learner))!.toISOString()).toBe("2026-06-11T17:00:00.000Z");
      expect(await stored(learner)).toEqual([]);

      // The server takes mail again: the rest of the evening's passes do not try the learner again.
      smtp.refuse = {};
      for (let now = day1.getTime() + 30 * 60_000; now <= at("2026-06-10T20:00:00Z").getTime(); now += 30 * 60_000) {
        expect(await runReminderPass(t().db, { now: new Date(now) })).toEqual({ looked: 0, sent: 0, failed: 0 });
      }
      // Even a look forced the same evening finds the day's row and sends nothing.
      await t().db.update(users).set({ reminderNextAt: at("2026-06-10T19:00:00Z") }).where(eq(users.id, learner.id));
      expect(await runReminderPass(t().db, { now: at("2026-06-10T19:00:00Z") })).toEqual({ looked: 1, sent: 0, failed: 0 });
      expect(smtp.recipients.filter((address) => address === learner.email)).toHaveLength(1);

      // Day 2: the server takes the address but refuses the message once it has it.
      smtp.refuse = { data: (m) => (m.to.some((line) => line.includes(`<${learner.email}>`)) ? "554 5.7.1 Message rejected" : undefined) };
      expect(await runReminderPass(t().db, { now: at("2026-06-11T17:00:00Z") })).toMatchObject({ sent: 1, failed: 1 });
      expect(recipientsOf(smtp.refused)).toEqual([learner.email]);
      expect(errors).toHaveBeenCalledWith(`[reminders] could not send ${learner.id}'s reminder:`, expect.stringContaining("554 5.7.1"));

      // Day 3: no SMTP server at all; everyone's fails, and the pass still ends.
      useSmtp("smtp://127.0.0.1:1");
      expect(await runReminderPass(t().db, { now: at("2026-06-12T17:00:00Z") })).toMatchObject({ sent: 0, failed: 2 });

      // Day 4: the server is back and takes everything: the learner's reminder goes as usual.
      useSmtp();
      smtp.refuse = {};
      expect(await runReminderPass(t().db, { now: at("2026-06-13T17:00:00Z") })).toMatchObject({ sent: 2, failed: 0 });
      expect(recipientsOf(smtp.messages.slice(0, 2))).toEqual([other.email, other.email]);
      expect(recipientsOf(smtp.messages.slice(2)).sort()).toEqual([learner.email, other.email].sort());
      expect(await daysSent(learner)).toEqual(["2026-06-10", "2026-06-11", "2026-06-12", "2026-06-13"]);
      expect((await failures(learner)).map((row) => [row.day, row.failure?.match(/\b[45]\d\d\b|ECONNREFUSED/)?.[0] ?? row.failure])).toEqual([
        ["2026-06-10", "550"],
        ["2026-06-11", "554"],
        ["2026-06-12", "ECONNREFUSED"],
        ["2026-06-13", null],
      ]);
      expect(await stored(learner)).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});

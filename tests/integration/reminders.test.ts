/**
 * Reminders, on PGlite and Postgres: the minute-by-minute pass reminds each learner once a day at
 * their own local time (Tokyo, Berlin, Los Angeles; across summer-time changes), only with
 * something to say, never in quiet hours, and once however many passes run at the same time; the
 * email is in the learner's language with one-click unsubscribe headers; the unsubscribe link
 * works signed out; the test button sends to the caller's own address, for every role.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as postTest } from "@/app/api/reminders/test/route";
import { POST as postUnsubscribe } from "@/app/api/reminders/unsubscribe/route";
import { POST as postSettings } from "@/app/api/settings/route";
import { authMail, dailyProgress, remindersSent, users, wordCards } from "@/db/schema";
import { openPostgres } from "@/db/client";
import { runReminderPass } from "@/lib/reminders/pass";
import { seedActors, type Actor } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

const HOUR = 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);

describe.each(testDbKinds)("reminders on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let tokyo: Actor, berlin: Actor, la: Actor, owner: Actor;
  const all = () => [tokyo, berlin, la];

  beforeAll(async () => {
    ({ learner: tokyo, otherLearner: berlin, admin: la, owner } = await seedActors(t().db, "remind"));
  });

  /** Puts the learners in their zones with a card due, nothing studied, no streak, and the pass looking at them from `from`. */
  async function reset(from: Date) {
    const db = t().db;
    const ids = all().map((a) => a.id);
    await db.delete(authMail).where(inArray(authMail.to, all().map((a) => a.email)));
    await db.delete(remindersSent).where(inArray(remindersSent.userId, ids));
    await db.delete(dailyProgress).where(inArray(dailyProgress.userId, ids));
    await db.delete(wordCards).where(inArray(wordCards.userId, ids));
    for (const [who, zone] of [[tokyo, "Asia/Tokyo"], [berlin, "Europe/Berlin"], [la, "America/Los_Angeles"]] as const) {
      await db
        .update(users)
        .set({ timeZone: zone, dayTimeZone: zone, reminderTime: "19:00", reminderEmail: true, enableNotifications: true, reminderNextAt: from, streak: 0, lastActiveDate: null, interfaceLanguage: null, nativeLanguage: "en" })
        .where(eq(users.id, who.id));
      await db.insert(wordCards).values({ userId: who.id, language: "es", lemma: "gato", due: new Date(from.getTime() - HOUR) });
    }
  }

  /** Runs the pass every `stepMinutes` from `from` to `to`. */
  async function passes(from: Date, to: Date, stepMinutes = 30) {
    for (let now = from.getTime(); now <= to.getTime(); now += stepMinutes * 60_000) await runReminderPass(t().db, { now: new Date(now) });
  }

  const reminders = async (who: Actor) =>
    t()
      .db.select()
      .from(authMail)
      .where(and(eq(authMail.to, who.email), eq(authMail.kind, "reminder")))
      .orderBy(asc(authMail.createdAt));

  /** "HH:MM" of `date` in `zone`. */
  const wallClock = (date: Date, zone: string) =>
    new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(date);

  it("reminds Tokyo, Berlin and Los Angeles each at their own 19:00, once a day", async () => {
    const from = at("2026-06-10T00:00:00Z");
    await reset(from);
    await passes(from, at("2026-06-12T00:00:00Z"));
    for (const [who, zone] of [[tokyo, "Asia/Tokyo"], [berlin, "Europe/Berlin"], [la, "America/Los_Angeles"]] as const) {
      const sent = await reminders(who);
      // Two days in the window: one reminder each local day, all at 19:00 there.
      expect(sent.length, zone).toBeGreaterThanOrEqual(1);
      expect(sent.map((m) => wallClock(m.createdAt, zone))).toEqual(sent.map(() => "19:00"));
      const days = sent.map((m) => m.createdAt.toLocaleDateString("en-CA", { timeZone: zone }));
      expect(new Set(days).size).toBe(days.length);
      expect(sent[0]!.subject).toBe("1 word is due for review");
    }
    expect((await reminders(tokyo)).map((m) => m.createdAt.toISOString())).toEqual(["2026-06-10T10:00:00.000Z", "2026-06-11T10:00:00.000Z"]);
    // Los Angeles's evenings of the 9th and 10th fall on the 10th and 11th in UTC.
    expect((await reminders(la)).map((m) => m.createdAt.toISOString())).toEqual(["2026-06-10T02:00:00.000Z", "2026-06-11T02:00:00.000Z"]);
  });

  it("keeps to 19:00 local across both summer-time changes, never twice a day", async () => {
    // Berlin's 19:00 is 18:00 UTC in winter time, 17:00 in summer time.
    for (const [from, to, utc] of [
      [at("2026-03-28T00:00:00Z"), at("2026-03-31T00:00:00Z"), ["18:00", "17:00", "17:00"]],
      [at("2026-10-24T00:00:00Z"), at("2026-10-27T00:00:00Z"), ["17:00", "18:00", "18:00"]],
    ] as const) {
      await reset(from);
      await passes(from, to);
      const sent = await reminders(berlin);
      expect(sent.map((m) => wallClock(m.createdAt, "Europe/Berlin"))).toEqual(["19:00", "19:00", "19:00"]);
      const days = sent.map((m) => m.createdAt.toLocaleDateString("en-CA", { timeZone: "Europe/Berlin" }));
      expect(new Set(days).size).toBe(3);
      expect(sent.map((m) => m.createdAt.toISOString().slice(11, 16))).toEqual(utc);
    }
  });

  it("says nothing when the goal is met and nothing is due; speaks of the streak only while today's goal is unmet", async () => {
    const from = at("2026-06-10T09:00:00Z");
    await reset(from);
    const db = t().db;
    await db.delete(wordCards).where(inArray(wordCards.userId, all().map((a) => a.id)));
    // Tokyo met today's goal (30 minutes) with a streak; Berlin has a streak and has not studied.
    await db.insert(dailyProgress).values({ userId: tokyo.id, day: "2026-06-10", secondsStudied: 30 * 60 });
    for (const who of [tokyo, berlin]) await db.update(users).set({ streak: 4, lastActiveDate: "2026-06-09" }).where(eq(users.id, who.id));
    await passes(from, at("2026-06-10T18:00:00Z"));
    expect(await reminders(tokyo)).toEqual([]);
    expect(await reminders(la)).toEqual([]);
    const [streak] = await reminders(berlin);
    expect(streak!.subject).toBe("Keep your 4-day streak");
    expect(streak!.text).toContain("Keep your 4-day streak: today's goal isn't met yet.");
    expect(streak!.text).toContain("Keep learning: http");
  });

  it("waits for tomorrow rather than reminding in quiet hours", async () => {
    // The worker was down all evening: Berlin's first pass is at 22:30 there.
    const late = at("2026-06-10T20:30:00Z");
    await reset(late);
    await runReminderPass(t().db, { now: late });
    expect(await reminders(berlin)).toEqual([]);
    const [row] = await t().db.select({ next: users.reminderNextAt }).from(users).where(eq(users.id, berlin.id));
    expect(row!.next!.toISOString()).toBe("2026-06-11T17:00:00.000Z");
  });

  it("sends each reminder once, however many passes reach the learner at once", async () => {
    const now = at("2026-06-10T17:05:00Z");
    await reset(now);
    const results = await Promise.all([1, 2, 3, 4].map(() => runReminderPass(t().db, { now, batch: 1 })));
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
    // A pass that read the learner before another wrote the day's row finds it and sends nothing.
    await t().db.update(users).set({ reminderNextAt: now }).where(eq(users.id, berlin.id));
    await runReminderPass(t().db, { now: new Date(now.getTime() + 60_000) });
    expect(await reminders(berlin)).toHaveLength(1);
  });

  it.runIf(kind === "postgres")("sends one reminder when two workers, each with its own connections, reach the learner in the same minute", async () => {
    const now = at("2026-06-10T17:00:00Z");
    await reset(now);
    const second = await openPostgres((t() as unknown as { url: string }).url, 3);
    try {
      const [a, b] = await Promise.all([runReminderPass(t().db, { now, batch: 1 }), runReminderPass(second.db, { now, batch: 1 })]);
      expect(a.sent + b.sent).toBe(1);
      expect(await reminders(berlin)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it("skips a learner whose zone the database does not know until tomorrow, and reminds the others", async () => {
    const now = at("2026-06-10T17:00:00Z");
    await reset(now);
    await t().db.update(users).set({ timeZone: "Mars/Olympus" }).where(eq(users.id, tokyo.id));
    const result = await runReminderPass(t().db, { now });
    expect(result).toMatchObject({ looked: expect.any(Number), sent: 1, failed: 0 });
    expect(await reminders(berlin)).toHaveLength(1);
    const [row] = await t().db.select({ next: users.reminderNextAt }).from(users).where(eq(users.id, tokyo.id));
    expect(row!.next!.toISOString()).toBe("2026-06-11T17:00:00.000Z");
  });

  it("writes to the learner in their language, with one-click unsubscribe that needs no sign-in", async () => {
    const now = at("2026-06-10T17:00:00Z");
    await reset(now);
    await t().db.update(users).set({ interfaceLanguage: "de" }).where(eq(users.id, berlin.id));
    await runReminderPass(t().db, { now });
    const [mail] = await reminders(berlin);
    expect(mail!.subject).toBe("1 Wort ist zur Wiederholung fällig");
    expect(mail!.text).toContain("Jetzt wiederholen: http");
    expect(mail!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = /^<(.+)>$/.exec(mail!.headers!["List-Unsubscribe"]!)![1]!;
    const url = new URL(oneClick);
    expect(url.pathname).toBe("/api/reminders/unsubscribe");
    expect(mail!.text).toContain(`/unsubscribe?token=${url.searchParams.get("token")}`);

    const path = `${url.pathname}${url.search}`;
    const done = await call(postUnsubscribe, path, { method: "POST", rawBody: "List-Unsubscribe=One-Click", contentType: "application/x-www-form-urlencoded" });
    expect(done).toEqual({ status: 200, body: { unsubscribed: true } });
    const [row] = await t().db.select({ email: users.reminderEmail, on: users.enableNotifications }).from(users).where(eq(users.id, berlin.id));
    expect(row).toEqual({ email: false, on: true });
    // Again: still fine. A link with no token, a malformed one or an unknown one: refused, nothing changes.
    expect((await call(postUnsubscribe, path, { method: "POST" })).status).toBe(200);
    expect((await call(postUnsubscribe, "/api/reminders/unsubscribe", { method: "POST" })).status).toBe(400);
    const bad = await call(postUnsubscribe, "/api/reminders/unsubscribe?token=abc%00", { method: "POST" });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Query parameter "token" must not contain NUL characters' } });
    const malformed = await call(postUnsubscribe, "/api/reminders/unsubscribe?token=abc", { method: "POST" });
    expect(malformed).toMatchObject({ status: 400, body: { message: "token: This unsubscribe link is not valid" } });
    const unknown = await call(postUnsubscribe, `/api/reminders/unsubscribe?token=${crypto.randomUUID()}`, { method: "POST" });
    expect(unknown).toMatchObject({ status: 404, body: { message: "This unsubscribe link is not valid" } });

    // Unsubscribed from email: the next day's pass sends none.
    await runReminderPass(t().db, { now: new Date(now.getTime() + 24 * HOUR) });
    expect(await reminders(berlin)).toHaveLength(1);
  });

  it("follows the settings: a new time is looked at at once; notifications off, the pass never looks", async () => {
    await reset(at("2026-06-10T00:00:00Z"));
    const save = (who: Actor, body: unknown) => call(postSettings, "/api/settings", { method: "POST", token: who.token, body });
    const saved = await save(tokyo, { reminderTime: "08:30", reminderEmail: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ reminderTime: "08:30", reminderEmail: true, user: { reminderTime: "08:30" } });
    const next = async () => (await t().db.select({ next: users.reminderNextAt }).from(users).where(eq(users.id, tokyo.id)))[0]!.next;
    expect((await next())!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    expect((await save(tokyo, { enableNotifications: false })).status).toBe(200);
    expect(await next()).toBeNull();
    expect((await save(tokyo, { enableNotifications: true })).status).toBe(200);
    expect(await next()).not.toBeNull();

    for (const [body, message] of [
      [{ reminderTime: "07:30" }, "reminderTime: Reminder time must be between 08:00 and 21:30"],
      [{ reminderTime: "22:00" }, "reminderTime: Reminder time must be between 08:00 and 21:30"],
      [{ reminderTime: "19:15" }, "reminderTime: Reminder time must be on the hour or half hour, like 19:00"],
      [{ reminderTime: 19 }, "reminderTime: Reminder time must be a time like 19:00"],
      [{ reminderTime: "19:00\u0000" }, "reminderTime: must not contain NUL characters"],
      [{ reminderEmail: "yes" }, undefined],
    ] as const) {
      const refused = await save(tokyo, body);
      expect(refused.status).toBe(400);
      if (message) expect(refused.body.message).toBe(message);
    }
  });

  it("sends a test reminder to the caller's own address, whatever their role, at most once a minute", async () => {
    await reset(at("2026-06-10T00:00:00Z"));
    expect((await call(postTest, "/api/reminders/test", { method: "POST" })).status).toBe(401);
    for (const who of [tokyo, la, owner]) {
      const sent = await call(postTest, "/api/reminders/test", { method: "POST", token: who.token });
      expect(sent).toEqual({ status: 200, body: { email: who.email, devices: 0 } });
      const [mail] = await t().db.select().from(authMail).where(and(eq(authMail.to, who.email), eq(authMail.kind, "reminder_test")));
      expect(mail!.subject).toBe("Test reminder from LingoReel");
    }
    const again = await call(postTest, "/api/reminders/test", { method: "POST", token: tokyo.token });
    expect(again.status).toBe(429);
    // With email reminders off and no device subscribed, a reminder has nowhere to go.
    await t().db.update(users).set({ reminderEmail: false }).where(eq(users.id, berlin.id));
    const off = await call(postTest, "/api/reminders/test", { method: "POST", token: berlin.token });
    expect(off).toMatchObject({ status: 409, body: { message: "Reminders have nowhere to go: turn on email reminders or this device's notifications first" } });
    await t().db.update(users).set({ enableNotifications: false }).where(eq(users.id, la.id));
    const disabled = await call(postTest, "/api/reminders/test", { method: "POST", token: la.token });
    expect(disabled).toMatchObject({ status: 409, body: { message: "Notifications are off: turn on Enable Notifications first" } });
  });
});

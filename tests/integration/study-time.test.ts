/**
 * POST /api/users/{userId}/study-time, on PGlite and Postgres: each caller adds study time to
 * their own day only; a report counts at most 60 s and never more time than has passed (seconds
 * over the bound are dropped, answered 200 with `counted`; malformed reports are a 400); a
 * repeated report counts once; seconds before the learner's midnight go to the day before.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as postStudyTime } from "@/app/api/users/[userId]/study-time/route";
import { GET as getDailyProgress } from "@/app/api/users/daily-progress/route";
import { getUserById } from "@/db/queries/users";
import { dailyProgress, users } from "@/db/schema";
import { getDailyProgress as dailyProgressAt } from "@/lib/services/progress";
import { recordStudyTime } from "@/lib/services/study-time";
import { seedActors, type Actor } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

describe.each(testDbKinds)("study time on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let learner: Actor, other: Actor, admin: Actor, owner: Actor;

  beforeAll(async () => {
    ({ learner, otherLearner: other, admin, owner } = await seedActors(t().db, "study"));
  });

  const report = (who: Actor | null, forUser: string, body: unknown, rawBody?: string) =>
    call(postStudyTime, `/api/users/${forUser}/study-time`, { method: "POST", token: who?.token, body, rawBody, params: { userId: forUser } });
  const today = async (who: Actor) => (await call(getDailyProgress, "/api/users/daily-progress", { token: who.token })).body;
  const userRow = async (who: Actor) => (await getUserById(t().db, { id: who.id }))!;

  it("adds the caller's seconds to their own day, whatever their role; no one writes another's", async () => {
    expect((await report(null, learner.id, { seconds: 30 })).status).toBe(401);

    const saved = await report(learner, learner.id, { seconds: 30 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ counted: 30, dailyProgress: { secondsStudied: 30, quizzesCompleted: 0, dailyGoal: 30 } });
    expect(await today(learner)).toMatchObject({ secondsStudied: 30 });

    for (const who of [other, admin, owner]) {
      const refused = await report(who, learner.id, { seconds: 30 });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("You can only record your own progress");
      // Naming the learner in the body, on one's own path, is refused too.
      expect((await report(who, who.id, { seconds: 30, userId: learner.id })).status).toBe(403);
    }
    expect(await today(learner)).toMatchObject({ secondsStudied: 30 });

    for (const who of [other, admin, owner]) {
      expect((await report(who, who.id, { seconds: 20 })).body).toMatchObject({ counted: 20, dailyProgress: { secondsStudied: 20 } });
    }
    expect(await today(learner)).toMatchObject({ secondsStudied: 30 });
  });

  it("refuses malformed reports with a 400 that says what is wrong", async () => {
    const cases: [unknown, string | undefined, string][] = [
      [{ seconds: -5 }, undefined, "seconds: seconds must be at least 1"],
      [{ seconds: 0 }, undefined, "seconds: seconds must be at least 1"],
      [{ seconds: 1e12 }, undefined, "seconds: seconds must be at most 60"],
      [{ seconds: 61 }, undefined, "seconds: seconds must be at most 60"],
      [{ seconds: "30" }, undefined, "seconds: seconds must be a number"],
      [{ seconds: null }, undefined, "seconds: seconds must be a number"],
      [{}, undefined, "seconds: seconds must be a number"],
      [{ seconds: 1.5 }, undefined, "seconds: seconds must be a whole number"],
      [{ seconds: 10, reportId: "a\u0000b" }, undefined, "reportId: must not contain NUL characters"],
      [{ seconds: 10, reportId: "has space" }, undefined, "reportId: Idempotency-Key must be 1 to 128 visible ASCII characters"],
      [{ seconds: 10, minutes: 5 }, undefined, ""],
      [undefined, '{"seconds": 1e999}', ""],
      [undefined, "{not json", "The request body is not valid JSON"],
    ];
    for (const [body, raw, message] of cases) {
      const answer = await report(other, other.id, body, raw);
      expect(answer.status, JSON.stringify(body ?? raw)).toBe(400);
      if (message) expect(answer.body.message).toBe(message);
      expect(JSON.stringify(answer.body)).not.toMatch(/select|insert|daily_progress/i);
    }
  });

  it("never counts more than the time that has passed: a report that claims more is cut down", async () => {
    const who = owner;
    const before = (await today(who)).secondsStudied as number;
    const started = Date.now();
    const first = await report(who, who.id, { seconds: 60 });
    const second = await report(who, who.id, { seconds: 60 });
    const elapsed = Math.ceil((Date.now() - started) / 1000);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    // The first report had the minute before it; the second only the seconds since, and the slack.
    expect(second.body.counted).toBeLessThanOrEqual(elapsed + 5);
    expect((await today(who)).secondsStudied).toBe(before + first.body.counted + second.body.counted);
  });

  it("keeps all reports together within the wall clock plus one slack, however often they come", async () => {
    const user = await userRow(admin);
    const start = new Date("2031-05-01T10:00:00Z");
    let total = 0;
    // 200 reports of a full minute, one every second: 200 s pass.
    for (let i = 0; i < 200; i++) total += (await recordStudyTime(t().db, user, { seconds: 60 }, new Date(start.getTime() + i * 1000))).counted;
    // At most the minute before the first report, the 199 s after it, and the 5 s of slack.
    expect(total).toBeLessThanOrEqual(60 + 199 + 5);
    expect(total).toBeGreaterThanOrEqual(60 + 199);
    // After a long pause, one report counts its full minute again.
    expect((await recordStudyTime(t().db, user, { seconds: 60 }, new Date(start.getTime() + 3_600_000))).counted).toBe(60);
  });

  it("counts a report sent again with the same id once", async () => {
    const user = await userRow(other);
    const at = new Date("2031-06-01T10:00:00Z");
    const first = await recordStudyTime(t().db, user, { seconds: 40, reportId: "report-1" }, at);
    expect(first.counted).toBe(40);
    // Minutes later, so the wall clock would allow it: the id alone stops it.
    const again = await recordStudyTime(t().db, user, { seconds: 40, reportId: "report-1" }, new Date(at.getTime() + 120_000));
    expect(again).toEqual({ counted: 0, dailyProgress: first.dailyProgress });
    const next = await recordStudyTime(t().db, user, { seconds: 40, reportId: "report-2" }, new Date(at.getTime() + 180_000));
    expect(next.dailyProgress.secondsStudied).toBe(80);
  });

  it("puts the seconds before the learner's midnight on the day before, in the zone their days count in", async () => {
    const db = t().db;
    await db.update(users).set({ timeZone: "Asia/Tokyo", dayTimeZone: "Asia/Tokyo" }).where(eq(users.id, learner.id));
    const user = await userRow(learner);
    // 00:00:20 on 2 March in Tokyo; 15:00:20 on 1 March in UTC.
    const at = new Date("2031-03-01T15:00:20Z");
    const saved = await recordStudyTime(db, user, { seconds: 30 }, at);
    expect(saved).toMatchObject({ counted: 30, dailyProgress: { date: "2031-03-02", secondsStudied: 20 } });
    const day = async (date: string) =>
      (await db.select().from(dailyProgress).where(and(eq(dailyProgress.userId, learner.id), eq(dailyProgress.day, date))))[0]?.secondsStudied;
    expect(await day("2031-03-01")).toBe(10);
    expect(await day("2031-03-02")).toBe(20);
    // Read back at the same instant: today is Tokyo's 2 March.
    expect(await dailyProgressAt(db, user, at)).toMatchObject({ date: "2031-03-02", secondsStudied: 20 });

    // The same instant for a learner on UTC: all 30 s on 1 March.
    const utc = await userRow(owner);
    expect((await recordStudyTime(db, utc, { seconds: 30 }, at)).dailyProgress).toMatchObject({ date: "2031-03-01", secondsStudied: 30 });
  });
});

/**
 * Quiz results under load and across calendars, on PGlite and on Postgres: parallel sends of one
 * attempt count once; parallel attempts at a word count once for the day (each moves the word),
 * for the right learner;
 * days and streaks follow the learner's saved time zone (recordQuizResult and the read side
 * called with chosen instants).
 */
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as postWords } from "@/app/api/users/[userId]/words/route";
import { GET as getDailyProgress } from "@/app/api/users/daily-progress/route";
import { GET as getProgressVideos } from "@/app/api/users/progress-videos/route";
import { GET as getMe } from "@/app/api/users/route";
import { GET as getStats } from "@/app/api/users/stats/route";
import { getUserById } from "@/db/queries/users";
import { dailyProgress, userWordProgress, users, videos, words } from "@/db/schema";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { getDailyProgress as dailyProgressAt, getStats as statsAt, recordQuizResult } from "@/lib/services/progress";
import { toAppUser } from "@/lib/services/serialize";
import { quizResultSchema } from "@/lib/validation/videos";
import { signedInUser } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

type Who = { id: string; token: string };

describe.each(testDbKinds)("quiz results on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  /** Vocabulary word ids of each demo video, by title, in order. */
  const vocab: Record<string, number[]> = {};
  /** Each word's record key: video and lower-cased word. */
  const keyOf = new Map<number, string>();

  beforeAll(async () => {
    const db = t().db;
    await seedDemoContent(db);
    // The first account is the owner; every learner below is a plain user.
    const first = await signedInUser("owner@example.com");
    await call(getMe, "/api/users", { token: first.token });
    const rows = await db
      .select({ id: words.id, title: videos.title, videoId: words.videoId, word: words.word })
      .from(words)
      .innerJoin(videos, eq(videos.id, words.videoId))
      .orderBy(words.id);
    for (const row of rows) {
      (vocab[row.title] ??= []).push(row.id);
      keyOf.set(row.id, `${row.videoId}:${row.word.toLowerCase()}`);
    }
  });

  async function learnerNamed(name: string): Promise<Who> {
    const who = await signedInUser(`${name}@example.com`);
    expect((await call(getMe, "/api/users", { token: who.token })).body.role).toBe("user");
    return who;
  }
  const post = (who: Who, body: Record<string, unknown>) =>
    call(postWords, `/api/users/${who.id}/words`, { method: "POST", token: who.token, body, params: { userId: who.id } });
  const read = async (who: Who) => ({
    stats: (await call(getStats, "/api/users/stats", { token: who.token })).body,
    day: (await call(getDailyProgress, "/api/users/daily-progress", { token: who.token })).body,
  });
  /** Per word (by id, through its video and key): [correct, incorrect, learned] as stored for the user. */
  async function answers(userId: string) {
    const rows = await t().db.select().from(userWordProgress).where(eq(userWordProgress.userId, userId));
    const byKey = new Map(rows.map((r) => [`${r.videoId}:${r.wordKey}`, [r.correctCount, r.incorrectCount, r.learned] as const]));
    return new Map([...keyOf].filter(([, key]) => byKey.has(key)).map(([id, key]) => [id, byKey.get(key)!]));
  }

  it("300 sends of one attempt at once count once: one quiz, one answer, the daily goal untouched by the rest", async () => {
    const learner = await learnerNamed("spammer");
    const wordId = vocab["A Morning at the Market in Lyon"]![0]!;
    const results = await Promise.all(Array.from({ length: 300 }, () => post(learner, { wordId, learned: true, correct: 1, incorrect: 0, idempotencyKey: "one-attempt" })));
    expect(results.map((r) => r.status)).toEqual(Array(300).fill(200));
    // Every send answers what the first answered.
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    expect(results[0]!.body.counted).toBe(true);
    const { stats, day } = await read(learner);
    expect(stats).toMatchObject({ totalQuizzes: 1, totalWordsLearned: 1, streak: 1 });
    expect(day).toMatchObject({ quizzesCompleted: 1, correctAnswers: 1 });
    expect((await answers(learner.id)).get(wordId)).toEqual([1, 0, true]);
    // 300 requests one after another under the learner's lock take a while on a busy machine's PGlite.
  }, 180_000);

  it("40 attempts at one word at once (as a script might post them): each moves the word, the day counts it once", async () => {
    const learner = await learnerNamed("farmer");
    const wordId = vocab["A Morning at the Market in Lyon"]![1]!;
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => post(learner, { wordId, correct: 1, incorrect: 0, idempotencyKey: `attempt-${i}` })));
    expect(results.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(results.filter((r) => r.body.counted)).toHaveLength(1);
    const { stats, day } = await read(learner);
    expect(stats).toMatchObject({ totalQuizzes: 1, totalWordsLearned: 1, streak: 1 });
    expect(day).toMatchObject({ quizzesCompleted: 1, correctAnswers: 1 });
    expect((await answers(learner.id)).get(wordId)).toEqual([40, 0, true]);
  }, 120_000);

  it("parallel results for 16 words: each word counted once for the day; learned only where answered correctly", async () => {
    const learner = await learnerNamed("busy");
    const pool = ["A Morning at the Market in Lyon", "Asking for Directions in Berlin", "A Weekend in Rome", "My Daily Routine in German"].flatMap((title) => vocab[title]!);
    expect(pool).toHaveLength(16);
    // Word i % 16, six times each at once; the first five words are sent as learned, though only
    // every third word is answered correctly.
    const plan = Array.from({ length: 96 }, (_, i) => ({ wordId: pool[i % 16]!, learned: i % 16 < 5, correct: (i % 16) % 3 === 0 ? 1 : 0 }));
    const results = await Promise.all(plan.map((p) => post(learner, { ...p, incorrect: 1 - p.correct })));
    expect(results.map((r) => r.status)).toEqual(Array(96).fill(200));
    expect(results.filter((r) => r.body.counted)).toHaveLength(16);

    const correctWords = pool.filter((_, i) => i % 3 === 0);
    const { stats, day } = await read(learner);
    expect(stats).toMatchObject({ totalQuizzes: 16, totalWordsLearned: correctWords.length, streak: 1, longestStreak: 1 });
    expect(day).toMatchObject({ quizzesCompleted: 16, correctAnswers: correctWords.length });
    const stored = await answers(learner.id);
    expect(stored.size).toBe(16);
    for (const [index, wordId] of pool.entries()) {
      const right = index % 3 === 0;
      // Six attempts each, every one recorded.
      expect(stored.get(wordId), `word ${index}`).toEqual([right ? 6 : 0, right ? 0 : 6, right]);
    }
    const continuing = (await call(getProgressVideos, "/api/users/progress-videos", { token: learner.token })).body as { title: string; progress: number; wordsLearned: number }[];
    const lyonLearned = vocab["A Morning at the Market in Lyon"]!.filter((id) => correctWords.includes(id)).length;
    const lyon = continuing.find((v) => v.title === "A Morning at the Market in Lyon");
    expect(lyon).toMatchObject({ wordsLearned: lyonLearned, progress: Math.floor((lyonLearned * 100) / vocab["A Morning at the Market in Lyon"]!.length) });
  });

  it("parallel results from two learners do not mix", async () => {
    const ana = await learnerNamed("ana");
    const ben = await learnerNamed("ben");
    const coffee = vocab["Ordering Coffee in Madrid"]!;
    const rome = vocab["A Weekend in Rome"]!;
    const requests = Array.from({ length: 60 }, (_, i) =>
      i % 2 === 0
        ? post(ana, { wordId: coffee[i % 3]!, learned: true, correct: 1, incorrect: 0 })
        : post(ben, { wordId: rome[((i - 1) / 2) % 4]!, learned: ((i - 1) / 2) % 4 < 2, correct: 0, incorrect: 1 }),
    );
    // Plus 10 more from Ana, all wrong, none learned.
    requests.push(...Array.from({ length: 10 }, () => post(ana, { wordId: rome[3]!, learned: false, correct: 0, incorrect: 1 })));
    expect((await Promise.all(requests)).every((r) => r.status === 200)).toBe(true);

    // Ana: three coffee words and one Rome word, each counted once today; Ben: the four Rome words, all wrong.
    const a = await read(ana);
    const b = await read(ben);
    expect(a.stats).toMatchObject({ totalQuizzes: 4, totalWordsLearned: 3 });
    expect(a.day).toMatchObject({ quizzesCompleted: 4, correctAnswers: 3 });
    expect(b.stats).toMatchObject({ totalQuizzes: 4, totalWordsLearned: 0 });
    expect(b.day).toMatchObject({ quizzesCompleted: 4, correctAnswers: 0 });
    const anaWords = await answers(ana.id);
    expect([...anaWords.keys()].sort()).toEqual([...coffee.slice(0, 3), rome[3]!].sort());
    expect(anaWords.get(rome[3]!)).toEqual([0, 10, false]);
    const benWords = await answers(ben.id);
    expect([...benWords.values()].reduce((n, [c, i]) => n + c + i, 0)).toBe(30);
    expect([...benWords.keys()].sort()).toEqual([...rome].sort());
  });

  it("a new learner's first requests may arrive together: one account, a plain user, the word counted once", async () => {
    const fresh = await signedInUser("fresh@example.com");
    const wordId = vocab["My Daily Routine in German"]![0]!;
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => call(getMe, "/api/users", { token: fresh.token })),
      ...Array.from({ length: 10 }, () => post(fresh, { wordId, learned: true, correct: 1, incorrect: 0 })),
    ]);
    expect(responses.map((r) => r.status)).toEqual(Array(15).fill(200));
    const rows = await t().db.select().from(users).where(eq(users.id, fresh.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: "user", totalQuizzes: 1, totalWordsLearned: 1 });
  });

  describe("days and streaks in the learner's time zone", () => {
    /** Each result is for the next of these words, so results minutes apart all count. */
    const allWords = () => Object.values(vocab).flat();
    async function recorder(name: string, timeZone = "UTC") {
      const who = await learnerNamed(name);
      await t().db.update(users).set({ timeZone, dayTimeZone: timeZone }).where(eq(users.id, who.id));
      const user = async () => (await getUserById(t().db, { id: who.id }))!;
      let next = 0;
      const record = async (iso: string) => {
        const words = allWords();
        const wordId = words[next++ % words.length]!;
        return recordQuizResult(t().db, await user(), quizResultSchema.parse({ wordId, correct: 1, incorrect: 0 }), new Date(iso));
      };
      const streakAt = async (iso: string) => {
        const u = await user();
        const now = new Date(iso);
        const streak = statsAt(u, now).streak;
        // The user record (GET /api/users) shows the same.
        expect(toAppUser(u, now).streak).toBe(streak);
        return streak;
      };
      return { who, user, record, streakAt };
    }

    it("consecutive days count 1, 2, 3; the same day again changes nothing; a missed day starts over", async () => {
      const { record, streakAt, user } = await recorder("daily");
      expect((await record("2026-04-01T09:00:00Z")).stats).toMatchObject({ streak: 1, longestStreak: 1 });
      expect((await record("2026-04-01T23:59:00Z")).stats).toMatchObject({ streak: 1 });
      expect((await record("2026-04-02T00:01:00Z")).stats).toMatchObject({ streak: 2, longestStreak: 2 });
      const third = await record("2026-04-03T12:00:00Z");
      expect(third.stats).toMatchObject({ streak: 3, longestStreak: 3, totalQuizzes: 4 });
      expect(third.dailyProgress).toMatchObject({ date: "2026-04-03", quizzesCompleted: 1 });
      // Read side: today and tomorrow (today not yet counted) show the run; the day after, 0.
      expect(await streakAt("2026-04-03T23:00:00Z")).toBe(3);
      expect(await streakAt("2026-04-04T23:59:00Z")).toBe(3);
      expect(await streakAt("2026-04-05T00:00:00Z")).toBe(0);
      // A missed day: back to 1, the longest run kept; then it grows past it.
      expect((await record("2026-04-05T08:00:00Z")).stats).toMatchObject({ streak: 1, longestStreak: 3 });
      for (const [iso, streak] of [
        ["2026-04-06T08:00:00Z", 2],
        ["2026-04-07T08:00:00Z", 3],
      ] as const) {
        expect((await record(iso)).stats).toMatchObject({ streak, longestStreak: 3 });
      }
      expect((await record("2026-04-08T08:00:00Z")).stats).toMatchObject({ streak: 4, longestStreak: 4 });
      expect((await record("2026-04-20T08:00:00Z")).stats).toMatchObject({ streak: 1, longestStreak: 4 });
      expect(await user()).toMatchObject({ streak: 1, longestStreak: 4, lastActiveDate: "2026-04-20", totalQuizzes: 9 });
      // Each day has its own count.
      expect(await dailyProgressAt(t().db, await user(), new Date("2026-04-01T12:00:00Z"))).toMatchObject({ date: "2026-04-01", quizzesCompleted: 2 });
      expect(await dailyProgressAt(t().db, await user(), new Date("2026-04-10T12:00:00Z"))).toMatchObject({ quizzesCompleted: 0 });
    });

    it("23:30 and 00:30 in Los Angeles are two days there, one day in UTC", async () => {
      // 2026-03-03 07:30Z is 23:30 on the 2nd in Los Angeles (UTC-8); 08:30Z is 00:30 on the 3rd.
      const la = await recorder("angeleno", "America/Los_Angeles");
      const late = await la.record("2026-03-03T07:30:00Z");
      expect(late.dailyProgress).toMatchObject({ date: "2026-03-02", quizzesCompleted: 1 });
      const early = await la.record("2026-03-03T08:30:00Z");
      expect(early.dailyProgress).toMatchObject({ date: "2026-03-03", quizzesCompleted: 1 });
      expect(early.stats.streak).toBe(2);

      const utc = await recorder("londoner");
      expect((await utc.record("2026-03-03T07:30:00Z")).dailyProgress).toMatchObject({ date: "2026-03-03", quizzesCompleted: 1 });
      const same = await utc.record("2026-03-03T08:30:00Z");
      expect(same.dailyProgress).toMatchObject({ date: "2026-03-03", quizzesCompleted: 2 });
      expect(same.stats.streak).toBe(1);

      // The read side uses the learner's zone too: at 23:30 on the 4th in LA (07:30Z on the 5th)
      // yesterday counted; an hour later it is the 5th there and the run has lapsed.
      expect(await la.streakAt("2026-03-05T07:30:00Z")).toBe(2);
      expect(await la.streakAt("2026-03-05T08:30:00Z")).toBe(0);
      expect(await utc.streakAt("2026-03-04T23:59:00Z")).toBe(1);
      expect(await utc.streakAt("2026-03-05T07:30:00Z")).toBe(0);
      // The saved zone counts: 22:00 on the 3rd in LA is the 4th in UTC.
      const stillThird = await la.record("2026-03-04T06:00:00Z");
      expect(stillThird.dailyProgress).toMatchObject({ date: "2026-03-03", quizzesCompleted: 2 });
      expect(stillThird.stats.streak).toBe(2);
      expect((await la.user()).timeZone).toBe("America/Los_Angeles");
    });

    it("the days stay local across a daylight-saving change", async () => {
      // Los Angeles moves to UTC-7 at 02:00 on 2026-03-08.
      const { record } = await recorder("dst", "America/Los_Angeles");
      const days = [];
      for (const iso of ["2026-03-07T08:30:00Z", "2026-03-08T08:30:00Z", "2026-03-09T07:30:00Z", "2026-03-10T06:59:00Z"]) {
        days.push((await record(iso)).dailyProgress.date);
      }
      expect(days).toEqual(["2026-03-07", "2026-03-08", "2026-03-09", "2026-03-09"]);
      expect((await record("2026-03-10T07:00:00Z")).stats).toMatchObject({ streak: 4, longestStreak: 4 });
    });

    it("Pacific/Auckland and UTC split the same instants into different days", async () => {
      // January: Auckland is UTC+13. 10:30Z is 23:30 there; 11:30Z is 00:30 the next day;
      // 23:30Z and 00:30Z (next UTC day) are both early afternoon on that next day there.
      const instants = ["2026-01-10T10:30:00Z", "2026-01-10T11:30:00Z", "2026-01-10T23:30:00Z", "2026-01-11T00:30:00Z"];
      const nz = await recorder("kiwi", "Pacific/Auckland");
      const utc = await recorder("greenwich");
      const nzSeen = [];
      const utcSeen = [];
      for (const iso of instants) {
        const a = await nz.record(iso);
        nzSeen.push([a.dailyProgress.date, a.stats.streak]);
        const b = await utc.record(iso);
        utcSeen.push([b.dailyProgress.date, b.stats.streak]);
      }
      expect(nzSeen).toEqual([
        ["2026-01-10", 1],
        ["2026-01-11", 2],
        ["2026-01-11", 2],
        ["2026-01-11", 2],
      ]);
      expect(utcSeen).toEqual([
        ["2026-01-10", 1],
        ["2026-01-10", 1],
        ["2026-01-10", 1],
        ["2026-01-11", 2],
      ]);
      const stored = await t()
        .db.select({ userId: dailyProgress.userId, day: dailyProgress.day, n: dailyProgress.quizzesCompleted })
        .from(dailyProgress)
        .where(inArray(dailyProgress.userId, [nz.who.id, utc.who.id]))
        .orderBy(dailyProgress.userId, dailyProgress.day);
      const byUser = (id: string) => stored.filter((r) => r.userId === id).map((r) => [r.day, r.n]);
      expect(byUser(nz.who.id)).toEqual([
        ["2026-01-10", 1],
        ["2026-01-11", 3],
      ]);
      expect(byUser(utc.who.id)).toEqual([
        ["2026-01-10", 3],
        ["2026-01-11", 1],
      ]);
      // Read on 2026-01-12 at 10:30Z: already the 12th in Auckland (run still shows, yesterday
      // counted) and the 12th in UTC; at 11:30Z it is the 13th in Auckland and the run has lapsed.
      expect(await nz.streakAt("2026-01-12T10:30:00Z")).toBe(2);
      expect(await nz.streakAt("2026-01-12T11:30:00Z")).toBe(0);
      expect(await utc.streakAt("2026-01-12T23:59:00Z")).toBe(2);
    });
  });
});

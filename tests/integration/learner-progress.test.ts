/**
 * Progress: quiz results, today's figures, all-time stats, Continue Learning, Popular and
 * Recommended, on PGlite and Postgres. Results are exact under concurrency, and days and
 * streaks follow the learner's saved time zone.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as postWords } from "@/app/api/users/[userId]/words/route";
import { GET as getDailyProgress } from "@/app/api/users/daily-progress/route";
import { GET as getProgressVideos } from "@/app/api/users/progress-videos/route";
import { GET as getMe } from "@/app/api/users/route";
import { GET as getStats } from "@/app/api/users/stats/route";
import { GET as getPopular } from "@/app/api/videos/popular/route";
import { GET as getRecommended } from "@/app/api/videos/recommended/route";
import { GET as listVideos } from "@/app/api/videos/route";
import { getUserById } from "@/db/queries/users";
import { users, videoProgress, videos, words } from "@/db/schema";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { getStats as statsOf, recordQuizResult } from "@/lib/services/progress";
import { updateSettings } from "@/lib/services/settings";
import { quizResultSchema } from "@/lib/validation/videos";
import { signedInUser } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

type Who = { id: string; token: string };

describe.each(testDbKinds)("learner progress on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let owner: Who, learner: Who, other: Who;
  const videoIds: Record<string, number> = {};
  const wordIds: Record<string, number[]> = {};

  beforeAll(async () => {
    const db = t().db;
    await seedDemoContent(db);
    owner = await signedInUser("owner@example.com");
    learner = await signedInUser("learner@example.com");
    other = await signedInUser("other@example.com");
    for (const who of [owner, learner, other]) await call(getMe, "/api/users", { token: who.token });
    await db.update(users).set({ nativeLanguage: "en", targetLanguage: "es" }).where(sql`true`);
    for (const v of await db.select({ id: videos.id, title: videos.title }).from(videos)) videoIds[v.title] = v.id;
    for (const w of await db.select({ id: words.id, videoId: words.videoId }).from(words).orderBy(words.id)) {
      const title = Object.keys(videoIds).find((k) => videoIds[k] === w.videoId)!;
      (wordIds[title] ??= []).push(w.id);
    }
  });

  const post = (who: Who, body: unknown, userId = who.id) =>
    call(postWords, `/api/users/${userId}/words`, { method: "POST", token: who.token, body, params: { userId } });

  it("refuses anonymous callers, other users' progress, and malformed answers", async () => {
    const wordId = wordIds["Ordering Coffee in Madrid"]![0]!;
    expect((await call(postWords, `/api/users/${learner.id}/words`, { method: "POST", body: {}, params: { userId: learner.id } })).status).toBe(401);
    for (const route of [getMe, getDailyProgress, getStats, getProgressVideos, getPopular, getRecommended]) {
      expect((await call(route, "/api/users")).status).toBe(401);
    }
    // Someone else's progress: 403 whatever the body says, for learners and owners alike.
    expect((await post(learner, { wordId, correct: 1, incorrect: 0 }, other.id)).status).toBe(403);
    expect((await post(learner, { nonsense: true }, other.id)).status).toBe(403);
    expect((await post(owner, { wordId, correct: 1, incorrect: 0 }, learner.id)).status).toBe(403);
    expect((await post(learner, { userId: other.id, wordId, correct: 1, incorrect: 0 })).status).toBe(403);
    expect((await post(learner, { wordId, correct: 1, incorrect: 0 }, "not-a-uuid")).status).toBe(404);
    // One's own id in capitals is still one's own: the body is checked (400), not refused (403).
    expect((await post(learner, { nonsense: true }, learner.id.toUpperCase())).status).toBe(400);
    expect((await post(learner, { userId: learner.id.toUpperCase(), nonsense: true })).status).toBe(400);

    for (const [body, status, message] of [
      [{ wordId, correct: 1, incorrect: 1 }, 400, "correct: Exactly one of correct and incorrect must be 1"],
      [{ wordId, correct: 0, incorrect: 0 }, 400, "correct: Exactly one of correct and incorrect must be 1"],
      [{ wordId: "abc", correct: 1, incorrect: 0 }, 400, "wordId: wordId must be a number"],
      [{ wordId, correct: 2, incorrect: 0 }, 400, "correct: correct must be 1 or 0"],
      [{ wordId, correct: 1, incorrect: 0, learned: "yes" }, 400, "learned: learned must be true or false"],
      [{ wordId, correct: 1, incorrect: 0, timeZone: "Mars/Base" }, 400, "timeZone: timeZone must be an IANA time zone such as Europe/Paris"],
      [{ wordId, correct: 1, incorrect: 0, extra: 1 }, 400, undefined],
      [{ wordId: 999999, correct: 1, incorrect: 0 }, 404, "Word not found"],
    ] as const) {
      const result = await post(learner, body);
      expect(result.status, JSON.stringify(body)).toBe(status);
      if (message) expect(result.body.message).toBe(message);
    }
    const nul = await call(postWords, `/api/users/${learner.id}/words`, {
      method: "POST",
      token: learner.token,
      rawBody: `{"wordId":${wordId},"correct":1,"incorrect":0,"timeZone":"UTC\\u0000"}`,
      params: { userId: learner.id },
    });
    expect(nul.status).toBe(400);
    const huge = await call(postWords, `/api/users/${learner.id}/words`, {
      method: "POST",
      token: learner.token,
      rawBody: JSON.stringify({ wordId, correct: 1, incorrect: 0, pad: "x".repeat(10_000) }),
      params: { userId: learner.id },
    });
    expect(huge.status).toBe(413);
    // Nothing was recorded by any of these.
    expect((await call(getStats, "/api/users/stats", { token: learner.token })).body).toMatchObject({ totalQuizzes: 0, totalWordsLearned: 0, streak: 0 });
  });

  it("records a result everywhere it shows: word, day, totals, video progress, streak", async () => {
    const [first, second] = wordIds["Ordering Coffee in Madrid"]!;
    const total = wordIds["Ordering Coffee in Madrid"]!.length;
    const saved = await post(learner, { wordId: first, learned: true, correct: 1, incorrect: 0, timeZone: "UTC" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      word: { wordId: first, learned: true, correctCount: 1, incorrectCount: 0 },
      dailyProgress: { quizzesCompleted: 1, correctAnswers: 1, dailyGoal: 30 },
      stats: { streak: 1, totalQuizzes: 1, totalWordsLearned: 1 },
      video: { progress: Math.floor(100 / total), wordsLearned: 1, totalWords: total, completed: false },
    });
    // The same word again moments later (another attempt) is recorded, but today counted it already;
    // another word's wrong answer is a quiz that learns nothing.
    expect((await post(learner, { wordId: first, learned: false, correct: 0, incorrect: 1 })).body).toMatchObject({
      counted: false,
      word: { wordId: first, learned: true, correctCount: 1, incorrectCount: 1 },
    });
    expect((await post(learner, { wordId: second, learned: false, correct: 0, incorrect: 1 })).body).toMatchObject({ counted: true });
    expect((await call(getStats, "/api/users/stats", { token: learner.token })).body).toEqual({ streak: 1, longestStreak: 1, totalQuizzes: 2, totalWordsLearned: 1 });
    expect((await call(getDailyProgress, "/api/users/daily-progress", { token: learner.token })).body).toMatchObject({ quizzesCompleted: 2, correctAnswers: 1, dailyGoal: 30 });
    expect((await call(getMe, "/api/users", { token: learner.token })).body).toMatchObject({ id: learner.id, streak: 1 });

    const continuing = (await call(getProgressVideos, "/api/users/progress-videos", { token: learner.token })).body;
    expect(continuing.map((v: { title: string }) => v.title)).toEqual(["Ordering Coffee in Madrid"]);
    expect(continuing[0]).toMatchObject({ progress: Math.floor(100 / total), wordsLearned: 1, totalWords: total });
    // Started videos leave Recommended.
    const recommended = (await call(getRecommended, "/api/videos/recommended", { token: learner.token })).body;
    expect(recommended.map((v: { title: string }) => v.title)).toEqual(["Introducing Yourself in Spanish"]);
    // Other learners are untouched.
    expect((await call(getStats, "/api/users/stats", { token: other.token })).body).toMatchObject({ totalQuizzes: 0 });
    expect((await call(getProgressVideos, "/api/users/progress-videos", { token: other.token })).body).toEqual([]);
  });

  it("finishing every word completes the video: it leaves Continue Learning", async () => {
    for (const wordId of wordIds["Introducing Yourself in Spanish"]!) await post(other, { wordId, learned: true, correct: 1, incorrect: 0 });
    const [progress] = await t()
      .db.select()
      .from(videoProgress)
      .where(and(eq(videoProgress.userId, other.id), eq(videoProgress.videoId, videoIds["Introducing Yourself in Spanish"]!)));
    expect(progress).toMatchObject({ progressPercent: 100, completed: true });
    expect((await call(getProgressVideos, "/api/users/progress-videos", { token: other.token })).body).toEqual([]);
  });

  it("100 parallel results over a video's words count each word once", async () => {
    const before = (await call(getStats, "/api/users/stats", { token: learner.token })).body;
    const dayBefore = (await call(getDailyProgress, "/api/users/daily-progress", { token: learner.token })).body;
    const pool = wordIds["A Morning at the Market in Lyon"]!;
    // The first three words are answered correctly (and so learned), the rest wrongly though sent as learned.
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const right = i % pool.length < 3;
        return post(learner, { wordId: pool[i % pool.length], learned: true, correct: right ? 1 : 0, incorrect: right ? 0 : 1 });
      }),
    );
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
    const after = (await call(getStats, "/api/users/stats", { token: learner.token })).body;
    expect(after.totalQuizzes).toBe(before.totalQuizzes + pool.length);
    const learnedWords = new Set(pool.slice(0, 3));
    expect(after.totalWordsLearned).toBe(before.totalWordsLearned + learnedWords.size);
    const dayAfter = (await call(getDailyProgress, "/api/users/daily-progress", { token: learner.token })).body;
    expect(dayAfter.quizzesCompleted).toBe(dayBefore.quizzesCompleted + pool.length);
    const lyon = (await call(getProgressVideos, "/api/users/progress-videos", { token: learner.token })).body.find(
      (v: { title: string }) => v.title === "A Morning at the Market in Lyon",
    );
    expect(lyon).toMatchObject({ wordsLearned: learnedWords.size, progress: Math.floor((learnedWords.size * 100) / pool.length) });
  });


  it("ranks Popular by distinct learners over the last 30 days, then newest", async () => {
    const db = t().db;
    const old = new Date(Date.now() - 40 * 86_400_000);
    // Three old visits to Berlin do not count; Lyon has learner (and other, below) recently.
    const extra = await Promise.all(["p1@example.com", "p2@example.com", "p3@example.com"].map((e) => signedInUser(e)));
    for (const who of extra) await call(getMe, "/api/users", { token: who.token });
    await db.insert(videoProgress).values(extra.map((who) => ({ userId: who.id, videoId: videoIds["Asking for Directions in Berlin"]!, lastWatchedAt: old })));
    await post(other, { wordId: wordIds["A Morning at the Market in Lyon"]![0], learned: false, correct: 1, incorrect: 0 });
    // Led by a language with no videos, the list is popularity alone.
    const popular = (await call(getPopular, "/api/videos/popular?language=ja", { token: learner.token })).body.map((v: { title: string }) => v.title);
    // Lyon: 2 learners; Coffee: 1; Introducing: 1 (other); then the rest newest first.
    expect(popular.slice(0, 3)).toEqual(["A Morning at the Market in Lyon", "Introducing Yourself in Spanish", "Ordering Coffee in Madrid"]);
    expect(popular.slice(3)).toEqual(["My Daily Routine in German", "A Weekend in Rome", "Asking for Directions in Berlin"]);
    // Led by the learner's Spanish (the default), the Spanish videos come first, each group by popularity.
    const spanishFirst = (await call(getPopular, "/api/videos/popular", { token: learner.token })).body.map((v: { title: string }) => v.title);
    expect(spanishFirst).toEqual(["Introducing Yourself in Spanish", "Ordering Coffee in Madrid", "A Morning at the Market in Lyon", "My Daily Routine in German", "A Weekend in Rome", "Asking for Directions in Berlin"]);

    // Filters: a category, and leaving out videos in the learner's own language.
    const travel = (await call(getPopular, "/api/videos/popular?categoryId=" + (await categoryId("Travel")), { token: learner.token })).body;
    expect(travel.map((v: { title: string }) => v.title).sort()).toEqual(["A Weekend in Rome", "Asking for Directions in Berlin", "Ordering Coffee in Madrid"]);
    const noFrench = (await call(getPopular, "/api/videos/popular?nativeLanguage=fr", { token: learner.token })).body;
    expect(noFrench.map((v: { title: string }) => v.title)).not.toContain("A Morning at the Market in Lyon");
    const recommendedTravel = (await call(getRecommended, `/api/videos/recommended?categoryId=${await categoryId("Everyday Life")}`, { token: learner.token })).body;
    expect(recommendedTravel.map((v: { title: string }) => v.title)).toEqual(["Introducing Yourself in Spanish"]);
    expect((await call(getRecommended, "/api/videos/recommended?nativeLanguage=es", { token: learner.token })).body).toEqual([]);
    const continuingFood = (await call(getProgressVideos, `/api/users/progress-videos?categoryId=${await categoryId("Food & Drink")}`, { token: learner.token })).body;
    // Spanish first (the learner's language), then the most recently watched.
    expect(continuingFood.map((v: { title: string }) => v.title)).toEqual(["Ordering Coffee in Madrid", "A Morning at the Market in Lyon"]);
  });

  async function categoryId(name: string): Promise<number> {
    const list = (await call(listVideos, "/api/videos", { token: learner.token })).body as { categoryIds: number[]; categoryNames: string[] }[];
    for (const v of list) {
      const index = v.categoryNames.indexOf(name);
      if (index >= 0) return v.categoryIds[index]!;
    }
    throw new Error(`no category ${name}`);
  }

  it("counts days in the learner's saved time zone and keeps the streak across days", async () => {
    const db = t().db;
    const walker = await signedInUser("walker@example.com");
    await call(getMe, "/api/users", { token: walker.token });
    const me = async () => (await getUserById(db, { id: walker.id }))!;
    // Saved before any quiz: it applies at once.
    await updateSettings(db, await me(), { timeZone: "America/Los_Angeles" }, new Date("2026-03-03T07:00:00Z"));
    const wordId = wordIds["Ordering Coffee in Madrid"]![2]!;
    // A zone named with the result is not the learner's: it changes nothing.
    const answer = quizResultSchema.parse({ wordId, learned: false, correct: 1, incorrect: 0, timeZone: "Pacific/Kiritimati" });
    const record = async (iso: string) => recordQuizResult(db, await me(), answer, new Date(iso));
    const streakOn = async (iso: string) => statsOf(await me(), new Date(iso)).streak;

    // 23:30 and 00:30 in Los Angeles are two days there (one UTC day: 2026-03-03).
    expect((await record("2026-03-03T07:30:00Z")).dailyProgress.date).toBe("2026-03-02");
    const next = await record("2026-03-03T08:30:00Z");
    expect(next.dailyProgress).toMatchObject({ date: "2026-03-03", quizzesCompleted: 1 });
    expect(next.stats.streak).toBe(2);
    // Same local day: no change.
    expect((await record("2026-03-03T20:00:00Z")).stats.streak).toBe(2);
    // The next local day continues the run.
    expect((await record("2026-03-04T18:00:00Z")).stats).toMatchObject({ streak: 3, longestStreak: 3 });
    // Read the day after: yesterday counted, today not yet — still 3. Two days later: 0.
    expect(await streakOn("2026-03-05T18:00:00Z")).toBe(3);
    expect(await streakOn("2026-03-07T18:00:00Z")).toBe(0);
    // A missed day starts over; the longest run is kept.
    expect((await record("2026-03-07T18:00:00Z")).stats).toMatchObject({ streak: 1, longestStreak: 3 });

    // Days later the learner saves Auckland, a day ahead here: 2026-03-08 11:00 UTC is 00:00 on the 9th there.
    await updateSettings(db, await me(), { timeZone: "Pacific/Auckland" }, new Date("2026-03-08T11:00:00Z"));
    const auckland = await record("2026-03-08T11:30:00Z");
    expect(auckland.dailyProgress.date).toBe("2026-03-09");
    // The learner was active yesterday in Los Angeles's days (the 7th, at the switch it was the 8th
    // there); the switch keeps that, told in Auckland's days (the 8th), so the run goes on.
    expect(auckland.stats.streak).toBe(2);
    expect(await me()).toMatchObject({ timeZone: "Pacific/Auckland", dayTimeZone: "Pacific/Auckland", lastActiveDate: "2026-03-09" });
  });
});

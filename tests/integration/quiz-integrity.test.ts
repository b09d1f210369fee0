/**
 * Quiz results are not taken as sent, and a learner's progress outlives re-processing, on PGlite
 * and on Postgres: a replayed idempotency key changes nothing; `learned` follows the answers; the
 * day a result counts for is the learner's saved zone, switched at most once a day; and
 * re-processing (a new vocabulary, a retried run, a line's word chosen anew) keeps every
 * learner's records, with their totals and video progress consistent.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as reselect } from "@/app/api/videos/[id]/segments/[segmentId]/reselect-words/route";
import { POST as postSettings } from "@/app/api/settings/route";
import { POST as postWords } from "@/app/api/users/[userId]/words/route";
import { GET as getDailyProgress } from "@/app/api/users/daily-progress/route";
import { GET as getMe } from "@/app/api/users/route";
import { GET as getStats } from "@/app/api/users/stats/route";
import { saveProcessedContent } from "@/db/queries/processed";
import { replaceVocabulary } from "@/db/queries/rework";
import { getUserById } from "@/db/queries/users";
import { captions, userWordProgress, users, videoProgress, videos, wordTimings, words } from "@/db/schema";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { QUEUES } from "@/lib/jobs/queues";
import { recordQuizResult } from "@/lib/services/progress";
import { updateSettings } from "@/lib/services/settings";
import { quizResultSchema } from "@/lib/validation/videos";
import { apiRequest, signedInUser } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

type Who = { id: string; token: string };

describe.each(testDbKinds)("quiz result integrity on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let owner: Who;
  const videoIds: Record<string, number> = {};

  beforeAll(async () => {
    const db = t().db;
    await seedDemoContent(db);
    owner = await signedInUser("owner@example.com");
    expect((await call(getMe, "/api/users", { token: owner.token })).body.role).toBe("owner");
    for (const v of await db.select({ id: videos.id, title: videos.title }).from(videos)) videoIds[v.title] = v.id;
  });

  async function learnerNamed(name: string): Promise<Who> {
    const who = await signedInUser(`${name}@example.com`);
    expect((await call(getMe, "/api/users", { token: who.token })).body.role).toBe("user");
    return who;
  }
  const wordsOf = (title: string) =>
    t().db.select().from(words).where(eq(words.videoId, videoIds[title]!)).orderBy(words.timestamp, words.id);
  const post = (who: Who, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const base = apiRequest(`/api/users/${who.id}/words`, { method: "POST", token: who.token, body });
    const request = new Request(base, { headers: { ...Object.fromEntries(base.headers), ...headers } });
    return postWords(request, { params: Promise.resolve({ userId: who.id }) }).then(async (r) => ({ status: r.status, body: await r.json() }));
  };
  const stats = async (who: Who) => (await call(getStats, "/api/users/stats", { token: who.token })).body;
  const today = async (who: Who) => (await call(getDailyProgress, "/api/users/daily-progress", { token: who.token })).body;

  describe("results are not taken as sent", () => {
    it("a replayed idempotency key answers the first result and changes nothing", async () => {
      const learner = await learnerNamed("retrier");
      const [first, second] = await wordsOf("Ordering Coffee in Madrid");
      const answer = { wordId: first!.id, learned: true, correct: 1, incorrect: 0 };
      const once = await post(learner, answer, { "Idempotency-Key": "answer-1" });
      expect(once).toMatchObject({ status: 200, body: { counted: true, stats: { totalQuizzes: 1 } } });
      // The retry, and a second retry after another answer was counted: the first answer again.
      const again = await post(learner, answer, { "Idempotency-Key": "answer-1" });
      expect(again).toEqual(once);
      await post(learner, { wordId: second!.id, correct: 0, incorrect: 1 }, { "Idempotency-Key": "answer-2" });
      expect(await post(learner, answer, { "Idempotency-Key": "answer-1" })).toEqual(once);
      // The key may come in the body too, as the app sends it.
      const inBody = await post(learner, { ...answer, wordId: second!.id, idempotencyKey: "answer-2" });
      expect(inBody.body).toMatchObject({ counted: true, word: { wordId: second!.id, correctCount: 0, incorrectCount: 1, learned: false } });
      expect(await stats(learner)).toMatchObject({ totalQuizzes: 2, totalWordsLearned: 1 });
      expect(await today(learner)).toMatchObject({ quizzesCompleted: 2, correctAnswers: 1 });

      // A key used for another word, a malformed key, and two different keys: refused, nothing counted.
      expect(await post(learner, { wordId: second!.id, correct: 1, incorrect: 0 }, { "Idempotency-Key": "answer-1" })).toMatchObject({
        status: 409,
        body: { message: "This Idempotency-Key was already used for another answer" },
      });
      expect(await post(learner, answer, { "Idempotency-Key": "x".repeat(129) })).toMatchObject({
        status: 400,
        body: { message: "Idempotency-Key must be 1 to 128 visible ASCII characters" },
      });
      expect((await post(learner, { ...answer, idempotencyKey: "" })).status).toBe(400);
      expect(await post(learner, { ...answer, idempotencyKey: "a" }, { "Idempotency-Key": "b" })).toMatchObject({
        status: 400,
        body: { message: "The Idempotency-Key header and idempotencyKey differ: send one key per answer" },
      });
      expect(await stats(learner)).toMatchObject({ totalQuizzes: 2 });
    });

    it("another learner's key is their own: the same key counts for each of them", async () => {
      const [word] = await wordsOf("Ordering Coffee in Madrid");
      for (const name of ["keyholder-a", "keyholder-b"]) {
        const who = await learnerNamed(name);
        const saved = await post(who, { wordId: word!.id, correct: 1, incorrect: 0 }, { "Idempotency-Key": "shared" });
        expect(saved.body).toMatchObject({ counted: true, stats: { totalQuizzes: 1 } });
      }
    });

    it("learned: true with correct: 0 does not mark the word learned; a right answer does, whatever the flag", async () => {
      const learner = await learnerNamed("claimer");
      const [first, second] = await wordsOf("A Weekend in Rome");
      const claimed = await post(learner, { wordId: first!.id, learned: true, correct: 0, incorrect: 1 });
      expect(claimed.body).toMatchObject({ counted: true, word: { learned: false }, stats: { totalWordsLearned: 0 }, video: { wordsLearned: 0, progress: 0 } });
      const right = await post(learner, { wordId: second!.id, learned: false, correct: 1, incorrect: 0 });
      expect(right.body).toMatchObject({ word: { learned: true }, stats: { totalWordsLearned: 1 }, video: { wordsLearned: 1 } });
      expect(await stats(learner)).toMatchObject({ totalWordsLearned: 1 });
    });

    it("a word answered again in a new attempt moves the word at once; it counts for the day once a day", async () => {
      const learner = await learnerNamed("repeater");
      const me = async () => (await getUserById(t().db, { id: learner.id }))!;
      const [word] = await wordsOf("A Weekend in Rome");
      const answer = (correct: number) => quizResultSchema.parse({ wordId: word!.id, correct, incorrect: 1 - correct });
      const at = (iso: string, correct = 0) => me().then((u) => recordQuizResult(t().db, u, answer(correct), new Date(iso)));
      expect((await at("2026-05-01T10:00:00Z")).counted).toBe(true);
      const soon = await at("2026-05-01T10:00:30Z", 1);
      expect(soon).toMatchObject({ counted: false, word: { learned: true, correctCount: 1, incorrectCount: 1 }, stats: { totalQuizzes: 1, totalWordsLearned: 1 } });
      // The learner's next day (UTC, the zone saved): a quiz of that day.
      const tomorrow = await at("2026-05-02T00:00:00Z", 1);
      expect(tomorrow).toMatchObject({ counted: true, word: { learned: true, correctCount: 2, incorrectCount: 1 }, stats: { totalQuizzes: 2, totalWordsLearned: 1 } });
    });
  });

  describe("the day a result counts for is the learner's saved zone", () => {
    it("a result naming another zone changes nothing: UTC then Pacific/Kiritimati a second apart is one day, streak 1", async () => {
      const learner = await learnerNamed("hopper");
      const me = async () => (await getUserById(t().db, { id: learner.id }))!;
      const [a, b] = await wordsOf("My Daily Routine in German");
      // 23:30 UTC on 2026-06-01 is 13:30 on 2026-06-02 in Kiritimati (UTC+14).
      const at = async (wordId: number, timeZone: string, iso: string) =>
        recordQuizResult(t().db, await me(), quizResultSchema.parse({ wordId, correct: 1, incorrect: 0, timeZone }), new Date(iso));
      expect((await at(a!.id, "UTC", "2026-06-01T23:30:00Z")).stats.streak).toBe(1);
      const hop = await at(b!.id, "Pacific/Kiritimati", "2026-06-01T23:30:01Z");
      expect(hop.stats.streak).toBe(1);
      expect(hop.dailyProgress).toMatchObject({ date: "2026-06-01", quizzesCompleted: 2 });
      expect(await me()).toMatchObject({ timeZone: "UTC", streak: 1, lastActiveDate: "2026-06-01" });
    });

    it("a zone saved in settings: the hop itself adds no day, and a second change within 24 hours waits for them", async () => {
      const learner = await learnerNamed("traveller");
      // An account some weeks old that has never changed its zone (UTC).
      await t().db.update(users).set({ createdAt: new Date("2026-05-01T00:00:00Z") }).where(eq(users.id, learner.id));
      const me = async () => (await getUserById(t().db, { id: learner.id }))!;
      const save = (timeZone: string, iso: string) => me().then((u) => updateSettings(t().db, u, { timeZone }, new Date(iso)));
      const [a, b, c, d] = await wordsOf("Asking for Directions in Berlin");
      const at = async (wordId: number, iso: string) =>
        recordQuizResult(t().db, await me(), quizResultSchema.parse({ wordId, correct: 1, incorrect: 0 }), new Date(iso));

      expect((await at(a!.id, "2026-06-01T23:30:00Z")).dailyProgress.date).toBe("2026-06-01");
      // The hop: Kiritimati is already the 2nd. The days follow, but the 1st's activity is "today" there too.
      await save("Pacific/Kiritimati", "2026-06-01T23:30:01Z");
      expect(await me()).toMatchObject({ timeZone: "Pacific/Kiritimati", dayTimeZone: "Pacific/Kiritimati", lastActiveDate: "2026-06-02", streak: 1 });
      const hop = await at(b!.id, "2026-06-01T23:31:00Z");
      expect(hop.dailyProgress.date).toBe("2026-06-02");
      expect(hop.stats.streak).toBe(1);
      // Back to UTC an hour later: stored and shown as the setting, but the days stay in Kiritimati for 24 hours.
      await save("UTC", "2026-06-02T00:30:00Z");
      expect(await me()).toMatchObject({ timeZone: "UTC", dayTimeZone: "Pacific/Kiritimati" });
      expect((await at(c!.id, "2026-06-02T01:00:00Z")).dailyProgress).toMatchObject({ date: "2026-06-02", quizzesCompleted: 2 });
      // A day after the hop, UTC takes over: the 3rd there, the run goes on by one day.
      const later = await at(d!.id, "2026-06-03T00:00:00Z");
      expect(later.dailyProgress).toMatchObject({ date: "2026-06-03", quizzesCompleted: 1 });
      expect(later.stats.streak).toBe(2);
      expect(await me()).toMatchObject({ dayTimeZone: "UTC", lastActiveDate: "2026-06-03" });
    });

    it("a zone saved from a profile read before a quiz result keeps that result's day and streak", async () => {
      const learner = await learnerNamed("racer");
      await t().db.update(users).set({ createdAt: new Date("2026-05-01T00:00:00Z") }).where(eq(users.id, learner.id));
      const me = async () => (await getUserById(t().db, { id: learner.id }))!;
      const [a, b, c] = await wordsOf("Ordering Coffee in Madrid");
      const at = async (wordId: number, iso: string) =>
        recordQuizResult(t().db, await me(), quizResultSchema.parse({ wordId, correct: 1, incorrect: 0 }), new Date(iso));
      expect((await at(a!.id, "2026-07-01T10:00:00Z")).stats.streak).toBe(1);
      // The settings request read the profile here; a quiz result on the next day commits before it saves.
      const stale = await me();
      expect((await at(b!.id, "2026-07-02T10:00:00Z")).stats.streak).toBe(2);
      await updateSettings(t().db, stale, { timeZone: "Europe/Paris" }, new Date("2026-07-02T10:00:30Z"));
      expect(await me()).toMatchObject({ timeZone: "Europe/Paris", dayTimeZone: "Europe/Paris", lastActiveDate: "2026-07-02", streak: 2 });
      // Later the same day: still day two of the run, not a third.
      const again = await at(c!.id, "2026-07-02T11:00:00Z");
      expect(again.dailyProgress).toMatchObject({ date: "2026-07-02", quizzesCompleted: 2 });
      expect(again.stats.streak).toBe(2);
    });

    it("POST /api/settings saves the zone (the form sends the browser's) and refuses an unknown one", async () => {
      const learner = await learnerNamed("settler");
      const saved = await call(postSettings, "/api/settings", { method: "POST", token: learner.token, body: { timeZone: "Europe/Paris" } });
      expect(saved.status).toBe(200);
      expect(await getUserById(t().db, { id: learner.id })).toMatchObject({ timeZone: "Europe/Paris", dayTimeZone: "Europe/Paris" });
      const bad = await call(postSettings, "/api/settings", { method: "POST", token: learner.token, body: { timeZone: "Mars/Base" } });
      expect(bad).toMatchObject({ status: 400, body: { message: "Unknown time zone: Mars/Base" } });
    });
  });

  describe("progress survives re-processing", () => {
    /** The learner's record per word spelling in the video, and the video's progress as stored for them. */
    async function recordsOf(who: Who, title: string) {
      const db = t().db;
      const rows = await db
        .select()
        .from(userWordProgress)
        .where(and(eq(userWordProgress.userId, who.id), eq(userWordProgress.videoId, videoIds[title]!)));
      const [card] = await db
        .select()
        .from(videoProgress)
        .where(and(eq(videoProgress.userId, who.id), eq(videoProgress.videoId, videoIds[title]!)));
      return { learned: new Set(rows.filter((r) => r.learned).map((r) => r.wordKey)), card };
    }
    const asRows = (list: Awaited<ReturnType<typeof wordsOf>>) =>
      list.map((w) => ({ captionId: w.captionId, word: w.word, context: w.context, timestamp: w.timestamp, quizTime: w.quizTime }));

    it("a new vocabulary (extract vocabulary) keeps each learner's words: one dropped and brought back is learned again", async () => {
      const title = "A Morning at the Market in Lyon";
      const videoId = videoIds[title]!;
      const ana = await learnerNamed("reprocessed-ana");
      const ben = await learnerNamed("reprocessed-ben");
      const before = await wordsOf(title);
      const total = before.length;
      // Ana learns the first two words; Ben gets one wrong.
      for (const w of before.slice(0, 2)) await post(ana, { wordId: w.id, correct: 1, incorrect: 0 });
      await post(ben, { wordId: before[0]!.id, correct: 0, incorrect: 1 });
      expect((await recordsOf(ana, title)).card).toMatchObject({ wordsLearned: 2, progressPercent: Math.floor(200 / total) });

      // The same words come back as new rows.
      const same = await replaceVocabulary(t().db, videoId, asRows(before));
      expect(same.map((w) => w.id).some((id) => before.some((b) => b.id === id))).toBe(false);
      expect((await recordsOf(ana, title)).card).toMatchObject({ wordsLearned: 2, progressPercent: Math.floor(200 / total) });
      expect(await stats(ana)).toMatchObject({ totalWordsLearned: 2, totalQuizzes: 2 });
      // A right answer on a third word counts the two kept ones too.
      const third = await post(ana, { wordId: same[2]!.id, correct: 1, incorrect: 0 });
      expect(third.body).toMatchObject({ counted: true, stats: { totalWordsLearned: 3 }, video: { wordsLearned: 3, totalWords: total } });
      // Ben's wrong answer is still his record of that word.
      // Ben's right answer now is another attempt: the word is his, learned; today already counted it.
      const benFirst = await post(ben, { wordId: same[0]!.id, correct: 1, incorrect: 0 });
      expect(benFirst.body).toMatchObject({ counted: false, word: { correctCount: 1, incorrectCount: 1, learned: true } });

      // A run that drops the first word: the video's progress counts the words it has now; the
      // learner's all-time total keeps the word they learned.
      const without = await replaceVocabulary(t().db, videoId, asRows(same).slice(1));
      expect((await recordsOf(ana, title)).card).toMatchObject({ wordsLearned: 2, progressPercent: Math.floor(200 / (total - 1)) });
      expect(await stats(ana)).toMatchObject({ totalWordsLearned: 3 });
      expect((await recordsOf(ana, title)).learned.size).toBe(3);
      // It returns in a later run: learned as it was, and not counted twice.
      await replaceVocabulary(t().db, videoId, [...asRows(same).slice(0, 1), ...asRows(without)]);
      expect((await recordsOf(ana, title)).card).toMatchObject({ wordsLearned: 3, progressPercent: Math.floor(300 / total) });
      expect(await stats(ana)).toMatchObject({ totalWordsLearned: 3, totalQuizzes: 3 });
      expect(await today(ana)).toMatchObject({ quizzesCompleted: 3 });
    });

    it("a retried full run (the same content saved again) keeps every learner's progress", async () => {
      const db = t().db;
      const [video] = await db.insert(videos).values({ youtubeId: "abcdefghijk", title: "A retried video", targetLanguage: "es", status: "active" }).returning();
      const content = {
        durationMs: 9000,
        segments: [
          { text: "El perro come pan.", startMs: 0, endMs: 3000, translations: {} },
          { text: "La casa es grande.", startMs: 3000, endMs: 9000, translations: {} },
        ],
        timings: [
          { word: "El", startMs: 0, endMs: 300, segmentIndex: 0 },
          { word: "perro", startMs: 300, endMs: 800, segmentIndex: 0 },
          { word: "casa", startMs: 3300, endMs: 3800, segmentIndex: 1 },
        ],
        words: [
          { word: "perro", segmentIndex: 0, timestampMs: 300, quizTimeMs: 3000, translations: {} },
          { word: "casa", segmentIndex: 1, timestampMs: 3300, quizTimeMs: 9000, translations: {} },
        ],
        quizzes: [],
      };
      await saveProcessedContent(db, video!.id, content);
      videoIds["A retried video"] = video!.id;
      const learner = await learnerNamed("retried");
      const [perro] = await wordsOf("A retried video");
      expect((await post(learner, { wordId: perro!.id, correct: 1, incorrect: 0 })).body.video).toMatchObject({ wordsLearned: 1, progress: 50 });

      await saveProcessedContent(db, video!.id, content);
      const [perroAgain, casa] = await wordsOf("A retried video");
      expect(perroAgain!.id).not.toBe(perro!.id);
      expect((await recordsOf(learner, "A retried video")).card).toMatchObject({ wordsLearned: 1, progressPercent: 50, completed: false });
      const last = await post(learner, { wordId: casa!.id, correct: 1, incorrect: 0 });
      expect(last.body).toMatchObject({ video: { wordsLearned: 2, progress: 100, completed: true }, stats: { totalWordsLearned: 2 } });
    });

    it("choosing a line's word anew keeps both words' records, recounts progress in one go, and queues the new word's quiz", async () => {
      const db = t().db;
      const title = "Introducing Yourself in Spanish";
      const videoId = videoIds[title]!;
      const learner = await learnerNamed("edited");
      const before = await wordsOf(title);
      const total = before.length;
      const [first] = before.filter((w) => w.captionId !== null);
      expect((await post(learner, { wordId: first!.id, correct: 1, incorrect: 0 })).body.video).toMatchObject({ wordsLearned: 1 });
      const [line] = await db.select().from(captions).where(eq(captions.id, first!.captionId!));
      const spoken = await db.select({ word: wordTimings.word }).from(wordTimings).where(eq(wordTimings.captionId, line!.id));
      // Another content word of the same line (not the current one, not another line's word).
      const taken = new Set(before.map((w) => w.word.toLowerCase()));
      const candidates = spoken.map((s) => s.word.replace(/[^\p{L}]/gu, "")).filter((w) => w.length > 3 && !taken.has(w.toLowerCase()));
      let chosen: string | undefined;
      for (const candidate of candidates) {
        const result = await call(reselect, `/api/videos/${videoId}/segments/${line!.id}/reselect-words`, {
          method: "POST",
          token: owner.token,
          body: { newHighlightedWord: candidate },
          params: { id: String(videoId), segmentId: String(line!.id) },
        });
        if (result.status === 200) {
          expect(result.body).toMatchObject({ id: first!.id, quizzesQueued: true });
          chosen = result.body.word;
          break;
        }
      }
      expect(chosen, `a content word of "${line!.text}"`).toBeDefined();
      // The learned word left the video: its progress no longer counts in the video, but the record and the total stay.
      expect((await recordsOf(learner, title)).card).toMatchObject({ wordsLearned: 0, progressPercent: 0 });
      expect((await recordsOf(learner, title)).learned).toEqual(new Set([first!.word.toLowerCase()]));
      expect(await stats(learner)).toMatchObject({ totalWordsLearned: 1 });
      // Learners get a quiz for the new word again: its translations and quiz are queued.
      const jobs = await db.execute(sql`select count(*)::int as n from pgboss.job where name = ${QUEUES.generateTranslations} and data->>'videoId' = ${String(videoId)}`);
      const rows = (Array.isArray(jobs) ? jobs : (jobs as { rows: { n: number }[] }).rows) as { n: number }[];
      expect(rows[0]!.n).toBeGreaterThanOrEqual(1);

      // Choosing the old word again brings its record back into the video's progress.
      const back = await call(reselect, `/api/videos/${videoId}/segments/${line!.id}/reselect-words`, {
        method: "POST",
        token: owner.token,
        body: { newHighlightedWord: first!.word },
        params: { id: String(videoId), segmentId: String(line!.id) },
      });
      expect(back.status).toBe(200);
      expect((await recordsOf(learner, title)).card).toMatchObject({ wordsLearned: 1, progressPercent: Math.floor(100 / total) });
      expect(await stats(learner)).toMatchObject({ totalWordsLearned: 1, totalQuizzes: 1 });
      const [user] = await db.select({ total: users.totalWordsLearned }).from(users).where(eq(users.id, learner.id));
      expect(user!.total).toBe((await recordsOf(learner, title)).learned.size);
    });
  });
});

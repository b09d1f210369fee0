/**
 * Each quiz attempt counts, once, on PGlite and Postgres: "Ordering Coffee in Madrid" answered
 * all wrong, then all right on a rewatch nine minutes later (new attempts, new keys), leaves its
 * four words learned, their statuses and cards moved, while today's quizzes count each word once;
 * the same attempt sent twice (a retry, a double click) counts once.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as postWords } from "@/app/api/users/[userId]/words/route";
import { GET as getMe } from "@/app/api/users/route";
import { getUserById } from "@/db/queries/users";
import { videos, wordCards, words, wordStatuses } from "@/db/schema";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { recordQuizResult } from "@/lib/services/progress";
import { quizResultSchema } from "@/lib/validation/videos";
import { apiRequest, signedInUser } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

describe.each(testDbKinds)("quiz attempts on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let coffee: { id: number; word: string }[];
  let coffeeId: number;

  beforeAll(async () => {
    await seedDemoContent(t().db);
    const owner = await signedInUser("owner@example.com");
    await call(getMe, "/api/users", { token: owner.token });
    const [video] = await t().db.select({ id: videos.id }).from(videos).where(eq(videos.title, "Ordering Coffee in Madrid"));
    coffeeId = video!.id;
    coffee = await t().db.select({ id: words.id, word: words.word }).from(words).where(eq(words.videoId, coffeeId)).orderBy(words.timestamp);
    expect(coffee).toHaveLength(4);
  });

  async function learnerNamed(name: string) {
    const who = await signedInUser(`${name}@example.com`);
    expect((await call(getMe, "/api/users", { token: who.token })).body.role).toBe("user");
    return { ...who, me: async () => (await getUserById(t().db, { id: who.id }))! };
  }

  it("all wrong, then all right nine minutes later: the four words are learned, today counts four quizzes", async () => {
    const learner = await learnerNamed("rewatcher");
    const answer = async (wordId: number, correct: number, iso: string, key: string) =>
      recordQuizResult(t().db, await learner.me(), quizResultSchema.parse({ wordId, correct, incorrect: 1 - correct }), new Date(iso), key);

    for (const [i, w] of coffee.entries()) expect((await answer(w.id, 0, `2026-05-01T10:00:0${i}Z`, `first-visit-${i}`)).counted).toBe(true);
    const results = [];
    for (const [i, w] of coffee.entries()) results.push(await answer(w.id, 1, `2026-05-01T10:09:0${i}Z`, `rewatch-${i}`));

    expect(results.map((r) => r.word)).toEqual(coffee.map((w) => ({ wordId: w.id, learned: true, correctCount: 1, incorrectCount: 1 })));
    const last = results.at(-1)!;
    expect(last.video).toMatchObject({ id: coffeeId, wordsLearned: 4, totalWords: 4, progress: 100, completed: true });
    expect(last.stats).toMatchObject({ totalWordsLearned: 4, totalQuizzes: 4, streak: 1 });
    // Today's quizzes: each word once, by its first answer of the day.
    expect(results.map((r) => r.counted)).toEqual([false, false, false, false]);
    expect(last.dailyProgress).toMatchObject({ quizzesCompleted: 4, correctAnswers: 0 });

    // Each attempt moved the word's status (wrong: learning; then right: known) and graded its card.
    const statuses = await t().db.select({ lemma: wordStatuses.lemma, status: wordStatuses.status }).from(wordStatuses).where(eq(wordStatuses.userId, learner.id));
    expect(statuses).toHaveLength(4);
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(["known"]));
    const cards = await t().db.select({ reps: wordCards.reps }).from(wordCards).where(and(eq(wordCards.userId, learner.id), eq(wordCards.language, "es")));
    expect(cards.map((c) => c.reps)).toEqual([2, 2, 2, 2]);
  });

  it("the same attempt sent twice counts once, by header or body; a new attempt counts", async () => {
    const learner = await learnerNamed("double-clicker");
    const post = (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
      const base = apiRequest(`/api/users/${learner.id}/words`, { method: "POST", token: learner.token, body });
      const request = new Request(base, { headers: { ...Object.fromEntries(base.headers), ...headers } });
      return postWords(request, { params: Promise.resolve({ userId: learner.id }) }).then(async (r) => ({ status: r.status, body: await r.json() }));
    };
    const [cafe] = coffee;
    const wrong = { wordId: cafe!.id, correct: 0, incorrect: 1 };
    const first = await post({ ...wrong, idempotencyKey: "attempt-a" });
    expect(first).toMatchObject({ status: 200, body: { counted: true, word: { correctCount: 0, incorrectCount: 1, learned: false } } });
    // The same attempt again, in the body and in the header: what the first answered, nothing moved.
    expect(await post({ ...wrong, idempotencyKey: "attempt-a" })).toEqual(first);
    expect(await post(wrong, { "Idempotency-Key": "attempt-a" })).toEqual(first);
    // Even a different answer under that key is the first attempt's (a double click cannot pick twice).
    expect(await post({ wordId: cafe!.id, correct: 1, incorrect: 0, idempotencyKey: "attempt-a" })).toEqual(first);
    const [status] = await t().db.select({ status: wordStatuses.status }).from(wordStatuses).where(eq(wordStatuses.userId, learner.id));
    expect(status).toEqual({ status: "learning" });
    const [card] = await t().db.select({ reps: wordCards.reps }).from(wordCards).where(eq(wordCards.userId, learner.id));
    expect(card!.reps).toBe(1);

    // The next attempt, right: learned.
    const next = await post({ wordId: cafe!.id, correct: 1, incorrect: 0, idempotencyKey: "attempt-b" });
    expect(next).toMatchObject({ status: 200, body: { counted: false, word: { correctCount: 1, incorrectCount: 1, learned: true }, stats: { totalWordsLearned: 1, totalQuizzes: 1 } } });
  });
});

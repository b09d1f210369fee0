/**
 * FSRS cards on PGlite and Postgres: saving a word or answering a quiz on it gives the learner a
 * card; only answers to due cards reschedule it (others are exposures, practice leaves it alone);
 * the stored state after a scripted sequence of grades is ts-fsrs's own answer; cards are the
 * learner's alone; each card comes with a line where its lemma occurs (a different one at each
 * answer, only from videos the learner may see); a review counts toward the daily goal and streak.
 */
import { and, eq, sql } from "drizzle-orm";
import { Rating, type Card } from "ts-fsrs";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as postAnswer } from "@/app/api/review/answers/route";
import { GET as getDue } from "@/app/api/review/due/route";
import { GET as getSummary } from "@/app/api/review/summary/route";
import { PUT as putStatus } from "@/app/api/words/status/route";
import { getWordCard, listWordReviews } from "@/db/queries/words/cards";
import { captions, videos, videoTokens, words } from "@/db/schema";
import { getDailyProgress, recordQuizResult } from "@/lib/services/progress";
import { answerWordCard, addWordCard, LINE_PADDING_MS } from "@/lib/words/cards/cards";
import { getUserById } from "@/db/queries/users";
import { newCardColumns, scheduler, toCard, toColumns } from "@/lib/words/cards/scheduler";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { seedActors, type Actor, type ActorName } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

const MINUTE = 60_000;

describe.each(testDbKinds)("word cards on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let actors: Record<ActorName, Actor>;
  // Actors without history, for the tests that count from zero.
  let fresh: Record<ActorName, Actor>;
  let coffee: number;

  beforeAll(async () => {
    await seedDemoContent(t().db);
    actors = await seedActors(t().db, "cards");
    fresh = await seedActors(t().db, "fresh-cards");
    const [row] = await t().db.select({ id: videos.id }).from(videos).where(eq(videos.title, "Ordering Coffee in Madrid"));
    coffee = row!.id;
  });

  const due = (who: Actor | undefined, query = "") => call(getDue, `/api/review/due${query}`, { token: who?.token });
  const answer = (who: Actor | undefined, body: unknown) => call(postAnswer, "/api/review/answers", { method: "POST", token: who?.token, body });
  const save = (who: Actor, lemma: string) => call(putStatus, "/api/words/status", { method: "PUT", token: who.token, body: { language: "es", lemma, status: "learning" } });

  it("refuses anonymous callers", async () => {
    expect((await due(undefined)).status).toBe(401);
    expect((await answer(undefined, { language: "es", lemma: "café", grade: "good" })).status).toBe(401);
  });

  it("gives a saved word a card that is due at once, with each grade's next due time", async () => {
    expect((await save(actors.learner, "Cortado")).status).toBe(200);
    const { status, body } = await due(actors.learner);
    expect(status).toBe(200);
    expect(body.dueCount).toBe(1);
    expect(body.cards).toHaveLength(1);
    const card = body.cards[0];
    expect(card).toMatchObject({ language: "es", lemma: "cortado", state: "new", reps: 0, lapses: 0 });
    const [again, hard, good, easy] = ["again", "hard", "good", "easy"].map((g) => Date.parse(card.intervals[g]));
    expect(again).toBeLessThan(hard!);
    expect(hard).toBeLessThan(good!);
    expect(good).toBeLessThan(easy!);
    // Another learner has no cards; saving again keeps the card as it is.
    expect((await due(actors.otherLearner)).body).toEqual({ cards: [], dueCount: 0, nextDueAt: null });
    expect((await save(actors.learner, "cortado")).status).toBe(200);
    expect((await due(actors.learner)).body.dueCount).toBe(1);
  });

  it("reschedules a due card on a review, and logs an answer to a card not yet due as an exposure", async () => {
    const first = await answer(actors.learner, { language: "es", lemma: "cortado", grade: "good" });
    expect(first.status).toBe(200);
    expect(first.body.kind).toBe("review");
    expect(first.body.dueCount).toBe(0);
    expect(Date.parse(first.body.card.due)).toBeGreaterThan(Date.now());
    const second = await answer(actors.learner, { language: "es", lemma: "cortado", grade: "again" });
    expect(second.body.kind).toBe("exposure");
    expect(second.body.card.due).toBe(first.body.card.due);
    const practice = await answer(actors.learner, { language: "es", lemma: "cortado", grade: "easy", practice: true });
    expect(practice.body.kind).toBe("practice");
    expect(practice.body.card.due).toBe(first.body.card.due);
    const log = await listWordReviews(t().db, { userId: actors.learner.id, language: "es", lemma: "cortado" });
    expect(log.map((r) => [r.kind, r.rating, r.source])).toEqual([
      ["review", 3, "review"],
      ["exposure", 1, "review"],
      ["practice", 4, "review"],
    ]);
    expect((await due(actors.learner)).body.nextDueAt).toBe(first.body.card.due);
  });

  it("stores exactly what ts-fsrs computes for a scripted sequence of grades", async () => {
    const key = { userId: actors.admin.id, language: "es", lemma: "madrid" };
    const start = new Date("2026-01-05T09:00:00Z");
    await addWordCard(t().db, key, start);
    // Answers at the card's due time (plus a little), in order; one given early is an exposure and changes nothing.
    const grades = [Rating.Good, Rating.Good, Rating.Again, Rating.Hard, Rating.Good, Rating.Easy] as const;
    let expected: Card = scheduler.next(toCard(newCardColumns(start)), start, grades[0]).card;
    await answerWordCard(t().db, key, grades[0], { source: "review" }, start);
    for (const grade of grades.slice(1)) {
      const early = new Date(expected.due.getTime() - MINUTE);
      expect((await answerWordCard(t().db, key, Rating.Again, { source: "quiz" }, early)).kind).toBe("exposure");
      const at = new Date(expected.due.getTime() + 5 * MINUTE);
      expected = scheduler.next(expected, at, grade).card;
      expect((await answerWordCard(t().db, key, grade, { source: "review" }, at)).kind).toBe("review");
    }
    const stored = await getWordCard(t().db, key);
    expect(stored).toMatchObject(toColumns(expected));
    expect(stored!.reps).toBe(grades.length);
    expect(stored!.lapses).toBe(1);
    const log = await listWordReviews(t().db, key);
    expect(log.filter((r) => r.kind === "review").map((r) => r.rating)).toEqual([...grades]);
    expect(log.filter((r) => r.kind === "exposure")).toHaveLength(grades.length - 1);
  });

  it("makes a counted quiz answer an answer to the card of the word's lemma", async () => {
    const [word] = await t()
      .db.select({ id: words.id })
      .from(words)
      .where(and(eq(words.videoId, coffee), eq(words.word, "café")));
    const user = (await getUserById(t().db, { id: actors.owner.id }))!;
    await recordQuizResult(t().db, user, { userId: user.id, wordId: word!.id, learned: true, correct: 1, incorrect: 0 });
    const card = await getWordCard(t().db, { userId: user.id, language: "es", lemma: "café" });
    expect(card).toBeDefined();
    expect(card!.reps).toBe(1);
    expect(card!.due.getTime()).toBeGreaterThan(Date.now());
    const [review] = await listWordReviews(t().db, { userId: user.id, language: "es", lemma: "café" });
    expect(review).toMatchObject({ kind: "review", source: "quiz", rating: Rating.Good, videoId: coffee });
  });

  it("rejects bad answers with a clear 4xx and loses nothing", async () => {
    const bad = [
      [{ language: "es", lemma: "x", grade: "perfect" }, /grade must be one of again, hard, good, easy/],
      [{ language: "xx", lemma: "x", grade: "good" }, /language: language must be one of en, es/],
      [{ language: "es", lemma: "\u0000", grade: "good" }, /NUL characters/],
      [{ language: "es", lemma: "café", grade: "good", videoId: 999999 }, /Video not found/],
      [{ language: "fr", lemma: "café", grade: "good", videoId: -1 }, /videoId must be positive/],
    ] as const;
    for (const [body, message] of bad) {
      const res = await answer(actors.learner, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    expect((await due(actors.learner, "?limit=0")).status).toBe(400);
    expect((await due(actors.learner, "?limit=101")).status).toBe(400);
  });

  /** A Spanish lemma of the coffee video with more than one occurrence there, and its lines. */
  async function repeatedLemma(): Promise<{ lemma: string; lines: number }> {
    const rows = await t()
      .db.select({ lemma: videoTokens.lemma, n: sql<number>`count(*)::int` })
      .from(videoTokens)
      .where(and(eq(videoTokens.videoId, coffee), eq(videoTokens.isContent, true)))
      .groupBy(videoTokens.lemma)
      .orderBy(sql`count(*) desc`, videoTokens.lemma)
      .limit(1);
    return { lemma: rows[0]!.lemma, lines: rows[0]!.n };
  }

  it("shows each card in a line where its lemma occurs, the word's span marked, a different line at each answer", async () => {
    const { lemma, lines } = await repeatedLemma();
    expect(lines).toBeGreaterThan(1);
    expect((await save(fresh.learner, lemma)).status).toBe(200);
    const first = (await due(fresh.learner)).body.cards[0];
    expect(first.lemma).toBe(lemma);
    const line = first.line;
    expect(line.text.slice(line.wordStart, line.wordEnd)).toBe(line.surface);
    expect(line.occurrences).toBeGreaterThanOrEqual(lines);
    const [caption] = await t().db.select().from(captions).where(eq(captions.id, line.captionId));
    expect(caption!.text).toBe(line.text);
    const [video] = await t().db.select().from(videos).where(eq(videos.id, line.videoId));
    expect(line.videoTitle).toBe(video!.title);
    if (video!.mediaPath) {
      expect(line.media).toEqual({ kind: "html5", url: `/api/videos/${video!.id}/media`, startMs: Math.max(0, caption!.startTime - LINE_PADDING_MS), endMs: caption!.endTime + LINE_PADDING_MS });
    }
    // Each answer moves to the next occurrence, around and back to the first.
    const seen = [`${line.captionId}:${line.wordStart}`];
    for (let i = 1; i <= line.occurrences; i++) {
      expect((await answer(fresh.learner, { language: "es", lemma, grade: "good", practice: true })).status).toBe(200);
      const next = (await due(fresh.learner, "?practice=true")).body.cards.find((c: { lemma: string }) => c.lemma === lemma).line;
      seen.push(`${next.captionId}:${next.wordStart}`);
    }
    expect(new Set(seen.slice(0, line.occurrences)).size).toBe(line.occurrences);
    expect(seen.at(-1)).toBe(seen[0]);
    // A learner sees lines of published videos only; staff see the rest too.
    await t().db.update(videos).set({ status: "unpublished" }).where(eq(videos.id, line.videoId));
    try {
      const hidden = (await due(fresh.learner, "?practice=true")).body.cards.find((c: { lemma: string }) => c.lemma === lemma);
      expect(hidden.line === null || hidden.line.videoId !== line.videoId).toBe(true);
      expect((await save(fresh.admin, lemma)).status).toBe(200);
      expect((await due(fresh.admin)).body.cards[0].line.videoId).toBe(line.videoId);
    } finally {
      await t().db.update(videos).set({ status: "active" }).where(eq(videos.id, line.videoId));
    }
  });

  it("gives a card whose lemma no video has no line", async () => {
    expect((await save(fresh.owner, "quetzalcoatlus")).status).toBe(200);
    const card = (await due(fresh.owner)).body.cards.find((c: { lemma: string }) => c.lemma === "quetzalcoatlus");
    expect(card.line).toBeNull();
  });

  it("refuses answers to words the learner has no card of: nothing is counted and no card is made", async () => {
    const who = (await seedActors(t().db, "no-cards")).learner;
    const me = async () => (await getUserById(t().db, { id: who.id }))!;
    const before = await me();
    for (let i = 0; i < 5; i++) {
      const graded = await answer(who, { language: "es", lemma: `inventada${i}`, grade: "good" });
      expect(graded.status).toBe(404);
      expect(graded.body.message).toMatch(/no card for this word/);
    }
    const after = await me();
    expect(after.totalQuizzes).toBe(before.totalQuizzes);
    expect((await getDailyProgress(t().db, after)).quizzesCompleted).toBe(0);
    expect(await getWordCard(t().db, { userId: who.id, language: "es", lemma: "inventada0" })).toBeUndefined();
    expect((await call(getSummary, "/api/review/summary", { token: who.token })).body.cardCount).toBe(0);
  });

  it("counts a review as a quiz completed today and keeps the streak; practice and exposures count nothing", async () => {
    const me = async () => (await getUserById(t().db, { id: fresh.otherLearner.id }))!;
    const before = await getDailyProgress(t().db, await me());
    expect(before.quizzesCompleted).toBe(0);
    expect((await save(fresh.otherLearner, "leche")).status).toBe(200);
    expect((await save(fresh.otherLearner, "azúcar")).status).toBe(200);
    const reviewed = await answer(fresh.otherLearner, { language: "es", lemma: "leche", grade: "good" });
    expect(reviewed.body).toMatchObject({ kind: "review", countedToday: true, dueCount: 1 });
    const wrong = await answer(fresh.otherLearner, { language: "es", lemma: "azúcar", grade: "again" });
    expect(wrong.body).toMatchObject({ kind: "review", countedToday: true, dueCount: 0 });
    const exposure = await answer(fresh.otherLearner, { language: "es", lemma: "leche", grade: "good" });
    expect(exposure.body).toMatchObject({ kind: "exposure", countedToday: false });
    const practice = await answer(fresh.otherLearner, { language: "es", lemma: "leche", grade: "easy", practice: true });
    expect(practice.body).toMatchObject({ kind: "practice", countedToday: false });
    const user = await me();
    const day = await getDailyProgress(t().db, user);
    expect(day).toMatchObject({ quizzesCompleted: 2, correctAnswers: 1 });
    expect(user.streak).toBe(1);
    expect(user.totalQuizzes).toBe(2);
    expect(user.totalWordsLearned).toBe(0);
    // The summary the home screen reads.
    const summary = await call(getSummary, "/api/review/summary", { token: fresh.otherLearner.token });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ dueCount: 0, cardCount: 2 });
    expect(Date.parse(summary.body.nextDueAt)).toBeGreaterThan(Date.now());
  });

  it("keeps a learner's cards theirs: another learner neither sees nor grades them", async () => {
    expect((await save(actors.learner, "tostada")).status).toBe(200);
    const key = { userId: actors.learner.id, language: "es", lemma: "tostada" };
    const mine = await getWordCard(t().db, key);
    expect((await due(actors.otherLearner)).body).toMatchObject({ cards: [], dueCount: 0 });
    expect((await due(actors.otherLearner, "?practice=true")).body.cards).toEqual([]);
    expect((await call(getSummary, "/api/review/summary", { token: actors.otherLearner.token })).body).toEqual({ dueCount: 0, nextDueAt: null, cardCount: 0 });
    // Grading the same lemma is refused (the other learner has no card of it); the first learner's is untouched.
    const other = await answer(actors.otherLearner, { language: "es", lemma: "tostada", grade: "easy", userId: actors.learner.id });
    expect(other.status).toBe(400);
    expect((await answer(actors.otherLearner, { language: "es", lemma: "tostada", grade: "easy" })).status).toBe(404);
    expect(await getWordCard(t().db, key)).toEqual(mine);
    expect(await listWordReviews(t().db, key)).toEqual([]);
    expect((await due(actors.learner)).body.cards.map((c: { lemma: string }) => c.lemma)).toContain("tostada");
    expect((await call(getSummary, "/api/review/summary", { token: actors.otherLearner.token })).body.cardCount).toBe(0);
  });

  it("refuses hostile queries with a clear 4xx", async () => {
    for (const [query, message] of [
      ["?practice=maybe", /practice must be true or false/],
      ["?limit=abc", /limit must be a number/],
      ["?limit=2.5", /whole number/],
      ["?language=%00", /./],
      ["?userId=someone", /./],
    ] as const) {
      const res = await due(actors.learner, query);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    const long = await answer(actors.learner, { language: "es", lemma: "a".repeat(5000), grade: "good" });
    expect(long.status).toBeGreaterThanOrEqual(400);
    expect(long.status).toBeLessThan(500);
    const lemma = "x'); drop table word_cards; --";
    expect((await save(actors.learner, lemma)).status).toBe(200);
    const injected = await answer(actors.learner, { language: "es", lemma, grade: "good" });
    expect(injected.status).toBe(200);
    expect((await due(actors.learner)).status).toBe(200);
  });
});

/**
 * FSRS cards on PGlite and Postgres: saving a word or answering a quiz on it gives the learner a
 * card; only answers to due cards reschedule it (others are exposures, practice leaves it alone);
 * the stored state after a scripted sequence of grades is ts-fsrs's own answer; cards are the
 * learner's alone.
 */
import { and, eq } from "drizzle-orm";
import { Rating, type Card } from "ts-fsrs";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as postAnswer } from "@/app/api/review/answers/route";
import { GET as getDue } from "@/app/api/review/due/route";
import { PUT as putStatus } from "@/app/api/words/status/route";
import { getWordCard, listWordReviews } from "@/db/queries/word-cards";
import { videos, words } from "@/db/schema";
import { recordQuizResult } from "@/lib/services/progress";
import { answerWordCard, addWordCard } from "@/lib/services/word-cards";
import { getUserById } from "@/db/queries/users";
import { newCardColumns, scheduler, toCard, toColumns } from "@/lib/review/scheduler";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { seedActors, type Actor, type ActorName } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

const MINUTE = 60_000;

describe.each(testDbKinds)("word cards on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let actors: Record<ActorName, Actor>;
  let coffee: number;

  beforeAll(async () => {
    await seedDemoContent(t().db);
    actors = await seedActors(t().db, "cards");
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
      [{ language: "xx", lemma: "x", grade: "good" }, /no language has the code/],
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
});

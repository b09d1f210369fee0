/**
 * Word statuses and what they say of a video, on PGlite and Postgres: a learner sets their status
 * of a lemma (PUT /api/words/status) and quiz answers move it; a video's words come back with the
 * caller's statuses and i+1 lines (GET /api/videos/{id}/tokens); video cards carry the share of
 * the video the caller knows. Statuses are the learner's alone.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getVideo } from "@/app/api/videos/[id]/route";
import { GET as getTokens } from "@/app/api/videos/[id]/tokens/route";
import { GET as listVideos } from "@/app/api/videos/route";
import { PUT as putStatus } from "@/app/api/words/status/route";
import { lockLearnerScores } from "@/db/queries/words/comprehension";
import { getUserById } from "@/db/queries/users";
import { setWordStatus } from "@/db/queries/words/statuses";
import { videoLemmas, videos, wordCards, wordStatuses, words } from "@/db/schema";
import { recordQuizResult } from "@/lib/services/progress";
import { COMPREHENSION_WEIGHTS } from "@/lib/words/comprehension/rule";
import { statusAfterAnswer } from "@/lib/words/statuses/statuses";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { seedActors, type Actor, type ActorName } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

describe("a word's status after a quiz answer", () => {
  it("moves one step on a right answer, back to learning on a wrong one, and leaves an ignored word alone", () => {
    expect(statusAfterAnswer("new", true)).toBe("learning");
    expect(statusAfterAnswer("learning", true)).toBe("known");
    expect(statusAfterAnswer("known", true)).toBe("known");
    expect(statusAfterAnswer("new", false)).toBe("learning");
    expect(statusAfterAnswer("known", false)).toBe("learning");
    expect(statusAfterAnswer("ignored", true)).toBe("ignored");
    expect(statusAfterAnswer("ignored", false)).toBe("ignored");
  });
});

describe.each(testDbKinds)("word statuses on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let actors: Record<ActorName, Actor>;
  let coffee: number;

  beforeAll(async () => {
    await seedDemoContent(t().db);
    actors = await seedActors(t().db, "statuses");
    const [row] = await t().db.select({ id: videos.id }).from(videos).where(eq(videos.title, "Ordering Coffee in Madrid"));
    coffee = row!.id;
  });

  const put = (who: Actor | undefined, body: unknown, init: { rawBody?: string } = {}) =>
    call(putStatus, "/api/words/status", { method: "PUT", token: who?.token, body, ...init });
  const tokens = (who: Actor | undefined, id = coffee) => call(getTokens, `/api/videos/${id}/tokens`, { token: who?.token, params: { id: String(id) } });
  const card = async (who: Actor, id = coffee) => (await call(getVideo, `/api/videos/${id}`, { token: who.token, params: { id: String(id) } })).body;
  const statusOf = async (who: Actor, lemma: string) =>
    (await tokens(who)).body.lines.flatMap((l: { words: { lemma: string; status: string }[] }) => l.words).find((w: { lemma: string }) => w.lemma === lemma)?.status;

  it("refuses anonymous callers", async () => {
    expect((await put(undefined, { language: "es", lemma: "café", status: "known" })).status).toBe(401);
    expect((await tokens(undefined)).status).toBe(401);
  });

  it("gives every word of every line its lemma, part of speech and status, new until set", async () => {
    const { status, body } = await tokens(actors.learner);
    expect(status).toBe(200);
    expect(body).toMatchObject({ videoId: coffee, language: "es", comprehension: 0 });
    expect(body.lines).toHaveLength(8);
    expect(body.lines[0]).toMatchObject({ segmentIndex: 0, unknownWords: 6 });
    expect(body.lines[0].words.slice(0, 4)).toEqual([
      { position: 0, start: 0, end: 6, surface: "Buenos", lemma: "bueno", partOfSpeech: "adjective", isContent: true, isProperNoun: false, status: "new" },
      { position: 1, start: 7, end: 11, surface: "días", lemma: "día", partOfSpeech: "noun", isContent: true, isProperNoun: false, status: "new" },
      { position: 2, start: 13, end: 21, surface: "quisiera", lemma: "querer", partOfSpeech: "verb", isContent: true, isProperNoun: false, status: "new" },
      { position: 3, start: 22, end: 24, surface: "un", lemma: "un", partOfSpeech: null, isContent: false, isProperNoun: false, status: "new" },
    ]);
    // The most frequent words first: "aquí" is said three times.
    expect(body.wordsToLearnFirst[0]).toEqual({ lemma: "aquí", occurrences: 3 });
  });

  it("sets a learner's own statuses, in one normalised form, and scores the video by them", async () => {
    const saved = await put(actors.learner, { language: "es", lemma: "  Aquí ", status: "known" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ language: "es", lemma: "aquí", status: "known" });
    expect(Date.parse(saved.body.updatedAt)).not.toBeNaN();
    expect((await put(actors.learner, { language: "es", lemma: "favor", status: "learning" })).status).toBe(200);
    expect((await put(actors.learner, { language: "es", lemma: "querer", status: "ignored" })).status).toBe(200);

    const after = (await tokens(actors.learner)).body;
    const first = after.lines[0].words;
    expect(first.find((w: { surface: string }) => w.surface === "quisiera").status).toBe("ignored");
    expect(first.find((w: { surface: string }) => w.surface === "favor").status).toBe("learning");
    // Line 1 "¿Lo quiere para tomar aquí o para llevar?": querer ignored, aquí known: tomar and llevar left.
    expect(after.lines[1].unknownWords).toBe(2);
    // Of the video's 31 counted words, querer's 2 are ignored: aquí 3 known, favor 2 learning (half each): 4 of 29.
    const counted = (await t().db.select().from(videoLemmas).where(eq(videoLemmas.videoId, coffee))).reduce((n, l) => n + l.occurrences, 0);
    expect(counted).toBe(31);
    expect(after.comprehension).toBe(Math.floor((4 * 100) / 29));
    expect((await card(actors.learner)).comprehension).toBe(13);
    // "Words to learn first" leaves out what the learner has marked.
    expect(after.wordsToLearnFirst.map((w: { lemma: string }) => w.lemma)).not.toContain("aquí");
    expect(after.wordsToLearnFirst.map((w: { lemma: string }) => w.lemma)).not.toContain("querer");

    // Back to new: the row goes, the score follows.
    expect((await put(actors.learner, { language: "es", lemma: "favor", status: "new" })).body.status).toBe("new");
    expect(await statusOf(actors.learner, "favor")).toBe("new");
    expect((await card(actors.learner)).comprehension).toBe(Math.floor((3 * 100) / 29));
  });

  it("keeps each learner's statuses to themselves", async () => {
    // The other learner sees none of the first one's statuses, and setting theirs changes only theirs.
    expect(await statusOf(actors.otherLearner, "aquí")).toBe("new");
    expect((await card(actors.otherLearner)).comprehension).toBe(0);
    expect((await put(actors.otherLearner, { language: "es", lemma: "aquí", status: "ignored" })).status).toBe(200);
    expect(await statusOf(actors.learner, "aquí")).toBe("known");
    expect(await statusOf(actors.otherLearner, "aquí")).toBe("ignored");
    // A body naming another user is refused, not applied to them.
    const smuggled = await put(actors.otherLearner, { language: "es", lemma: "café", status: "known", userId: actors.learner.id });
    expect(smuggled.status).toBe(400);
    expect(await statusOf(actors.learner, "café")).toBe("new");
  });

  it("lets admins and owners keep statuses of their own, and read the words of videos learners cannot see", async () => {
    for (const who of [actors.admin, actors.owner]) {
      expect((await put(who, { language: "es", lemma: "café", status: "known" })).status).toBe(200);
      expect(await statusOf(who, "café")).toBe("known");
    }
    expect(await statusOf(actors.learner, "café")).toBe("new");
    await t().db.update(videos).set({ status: "unpublished" }).where(eq(videos.id, coffee));
    try {
      expect((await tokens(actors.learner)).status).toBe(404);
      expect((await tokens(actors.admin)).status).toBe(200);
      expect((await tokens(actors.owner)).status).toBe(200);
    } finally {
      await t().db.update(videos).set({ status: "active" }).where(eq(videos.id, coffee));
    }
  });

  it("scores every card of a list, and none for a video without words", async () => {
    const [bare] = await t().db.insert(videos).values({ youtubeId: "abcdefghijk", title: "Sin palabras", targetLanguage: "es", status: "active" }).returning();
    const cards = (await call(listVideos, "/api/videos", { token: actors.learner.token })).body as { id: number; comprehension: number | null }[];
    expect(cards.find((c) => c.id === coffee)?.comprehension).toBe(Math.floor((3 * 100) / 29));
    expect(cards.find((c) => c.id === bare!.id)?.comprehension).toBeNull();
    expect(cards.filter((c) => c.id !== bare!.id).every((c) => typeof c.comprehension === "number")).toBe(true);
    const empty = (await tokens(actors.learner, bare!.id)).body;
    expect(empty).toEqual({ videoId: bare!.id, language: "es", lines: [], comprehension: null, wordsToLearnFirst: [] });
  });

  it("moves a vocabulary word's status with counted quiz answers", async () => {
    const learner = (await getUserById(t().db, { id: actors.learner.id }))!;
    const [tostada] = await t().db.select().from(words).where(eq(words.word, "tostada"));
    // Each attempt at the quiz has its key.
    const answer = (correct: boolean, at: number, attempt: string) =>
      recordQuizResult(t().db, learner, { wordId: tostada!.id, correct: correct ? 1 : 0, incorrect: correct ? 0 : 1, learned: false }, new Date(at), attempt);
    const start = Date.now();
    expect((await answer(true, start, "first")).counted).toBe(true);
    expect(await statusOf(actors.learner, "tostada")).toBe("learning");
    // The same attempt sent again (a retry, a double click): applied once, so it cannot make the word known.
    await answer(true, start + 1000, "first");
    expect(await statusOf(actors.learner, "tostada")).toBe("learning");
    await answer(true, start + 60_000, "second");
    expect(await statusOf(actors.learner, "tostada")).toBe("known");
    await answer(false, start + 2 * 60_000, "third");
    expect(await statusOf(actors.learner, "tostada")).toBe("learning");
    // Another learner's statuses are untouched.
    expect(await statusOf(actors.otherLearner, "tostada")).toBe("new");
  });

  it("writes a saved word's status and its review card together: when the card cannot be written, neither is", async () => {
    const db = t().db;
    const lemma = "galleta";
    const rows = async () => ({
      statuses: await db.select().from(wordStatuses).where(and(eq(wordStatuses.userId, actors.learner.id), eq(wordStatuses.lemma, lemma))),
      cards: await db.select().from(wordCards).where(and(eq(wordCards.userId, actors.learner.id), eq(wordCards.lemma, lemma))),
    });
    // The card's write fails (as a full disk or a lost connection would fail it) after the status's has run.
    await db.execute(sql`CREATE FUNCTION refuse_card() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no card today'; END $$`);
    await db.execute(sql`CREATE TRIGGER refuse_card BEFORE INSERT ON word_cards FOR EACH ROW WHEN (NEW.lemma = 'galleta') EXECUTE FUNCTION refuse_card()`);
    try {
      const refused = await put(actors.learner, { language: "es", lemma, status: "learning" });
      expect(refused.status).toBe(500);
      expect(await rows()).toEqual({ statuses: [], cards: [] });
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_card ON word_cards`);
      await db.execute(sql`DROP FUNCTION refuse_card()`);
    }
    // With the card writable again, both are written.
    expect((await put(actors.learner, { language: "es", lemma, status: "learning" })).status).toBe(200);
    const written = await rows();
    expect(written.statuses.map((r) => r.status)).toEqual(["learning"]);
    expect(written.cards).toHaveLength(1);
  });

  // Two connections at once: Postgres only (PGlite runs one statement at a time).
  it.runIf(kind === "postgres")("keeps a word the learner ignores while a quiz answer on it waits for their lock", async () => {
    const owner = (await getUserById(t().db, { id: actors.owner.id }))!;
    const [tostada] = await t().db.select().from(words).where(eq(words.word, "tostada"));
    // Already learning: ignoring it then changes the row in place (no new row, so nothing else waits for it).
    await setWordStatus(t().db, { userId: owner.id, language: "es", lemma: "tostada", status: "learning" }, COMPREHENSION_WEIGHTS);
    let locked!: () => void;
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const ignoring = t().db.transaction(async (tx) => {
      await lockLearnerScores(tx, owner.id);
      await setWordStatus(tx, { userId: owner.id, language: "es", lemma: "tostada", status: "ignored" }, COMPREHENSION_WEIGHTS);
      locked();
      await released;
    });
    // (Should the ignoring change fail, its error ends the test here rather than a wait for the lock.)
    await Promise.race([holding, ignoring]);
    const answering = recordQuizResult(t().db, owner, { wordId: tostada!.id, correct: 1, incorrect: 0, learned: false });
    // Long enough for the answer to read the word and reach the lock the ignoring change holds.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await ignoring;
    expect((await answering).counted).toBe(true);
    expect(await statusOf(actors.owner, "tostada")).toBe("ignored");
  });

  it("answers hostile input with a clear 4xx and changes nothing", async () => {
    const before = await t().db.select().from(wordStatuses);
    const cases: [unknown, number, RegExp][] = [
      [{ language: "es", lemma: 7, status: "known" }, 400, /lemma/],
      [{ language: "es", lemma: "café", status: "mastered" }, 400, /status/],
      [{ language: "es", lemma: "caf\u0000é", status: "known" }, 400, /NUL/],
      [{ language: "es", lemma: "caf\té", status: "known" }, 400, /control/],
      [{ language: "es", lemma: "a\ud800", status: "known" }, 400, /broken/],
      [{ language: "es", lemma: "¿¡…!?", status: "known" }, 400, /letter or a digit/],
      [{ language: "es", lemma: "x".repeat(101), status: "known" }, 400, /at most 100/],
      [{ language: "xx", lemma: "café", status: "known" }, 400, /language: language must be one of en, es/],
      [{ language: "es\u0000", lemma: "café", status: "known" }, 400, /language/],
      [{ language: "es", lemma: "café" }, 400, /status/],
      [["es", "café", "known"], 400, /./],
      [null, 400, /./],
    ];
    for (const [body, status, message] of cases) {
      const res = await put(actors.learner, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await put(actors.learner, undefined, { rawBody: "{not json" })).status).toBe(400);
    expect((await put(actors.learner, undefined, { rawBody: JSON.stringify({ language: "es", lemma: "a".repeat(10_000), status: "known" }) })).status).toBe(413);
    for (const id of ["0", "-1", "abc", "99999999", "1e3", "\u0000"]) {
      const res = await call(getTokens, `/api/videos/${encodeURIComponent(id)}/tokens`, { token: actors.learner.token, params: { id } });
      expect(res.status, id).toBeGreaterThanOrEqual(400);
      expect(res.status, id).toBeLessThan(500);
    }
    expect(await t().db.select().from(wordStatuses)).toEqual(before);
  });
});

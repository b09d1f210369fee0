/**
 * Managing the word list on PGlite and Postgres (GET, DELETE and PUT /api/words/saved): only the
 * words a learner saved are listed (a word met only in a quiz is apart, under list=quizzes);
 * filters by status, language and video, a search of the word and its meanings, paging; removing
 * a word (a learning word goes back to new and loses its card, a known one stays known) and
 * putting it back in its place; every role keeps to their own words; hostile input is a 4xx.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteSaved, GET as getSaved, PUT as putSaved } from "@/app/api/words/saved/route";
import { PUT as putNote } from "@/app/api/words/notes/route";
import { PUT as putStatus } from "@/app/api/words/status/route";
import { getUserById } from "@/db/queries/users";
import { videos, wordCards, words, wordStatuses } from "@/db/schema";
import { recordQuizResult } from "@/lib/services/progress";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { seedActors, type Actor, type ActorName } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

type Listed = { lemma: string; language: string; status: string; savedAt: string | null; occurrence: { videoId: number } | null; meaning: { text: string } | null };

describe.each(testDbKinds)("managing the word list on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let actors: Record<ActorName, Actor>;
  let coffee: number;
  let lyon: number;

  const list = (who: Actor | undefined, query = "") => call(getSaved, `/api/words/saved${query}`, { token: who?.token });
  const lemmas = async (who: Actor, query = "") => {
    const { status, body } = await list(who, query);
    expect(status, query).toBe(200);
    return (body.words as Listed[]).map((w) => w.lemma);
  };
  const remove = (who: Actor | undefined, language: string, lemma: string) =>
    call(deleteSaved, `/api/words/saved?language=${encodeURIComponent(language)}&lemma=${encodeURIComponent(lemma)}`, { method: "DELETE", token: who?.token });
  const put = (who: Actor | undefined, body: unknown, init: { rawBody?: string } = {}) => call(putSaved, "/api/words/saved", { method: "PUT", token: who?.token, body, ...init });
  const setStatus = async (who: Actor, language: string, lemma: string, status: string) =>
    expect((await call(putStatus, "/api/words/status", { method: "PUT", token: who.token, body: { language, lemma, status } })).status).toBe(200);
  const row = async (who: Actor, language: string, lemma: string) =>
    (await t().db.select().from(wordStatuses).where(and(eq(wordStatuses.userId, who.id), eq(wordStatuses.language, language), eq(wordStatuses.lemma, lemma))))[0];
  const cardOf = async (who: Actor, language: string, lemma: string) =>
    (await t().db.select().from(wordCards).where(and(eq(wordCards.userId, who.id), eq(wordCards.language, language), eq(wordCards.lemma, lemma))))[0];
  /** A counted answer to the vocabulary quiz on `word`, as a video's quiz sends it. */
  const quiz = async (who: Actor, word: string, correct: boolean, at: Date) => {
    const [vocabulary] = await t().db.select().from(words).where(eq(words.word, word));
    const user = (await getUserById(t().db, { id: who.id }))!;
    const result = await recordQuizResult(t().db, user, { wordId: vocabulary!.id, correct: correct ? 1 : 0, incorrect: correct ? 0 : 1, learned: false }, at);
    expect(result.counted).toBe(true);
  };

  beforeAll(async () => {
    await seedDemoContent(t().db);
    actors = await seedActors(t().db, `saved-manage-${kind}`);
    const byTitle = async (title: string) => (await t().db.select({ id: videos.id }).from(videos).where(eq(videos.title, title)))[0]!.id;
    coffee = await byTitle("Ordering Coffee in Madrid");
    lyon = await byTitle("A Morning at the Market in Lyon");
    // Saved in this order, a moment apart: leche (with a note), café (then marked known), agua (then quizzed), marché.
    for (const [language, lemma] of [
      ["es", "leche"],
      ["es", "café"],
      ["es", "agua"],
      ["fr", "marché"],
    ] as const) {
      await setStatus(actors.learner, language, lemma, "learning");
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await setStatus(actors.learner, "es", "café", "known");
    expect((await call(putNote, "/api/words/notes", { method: "PUT", token: actors.learner.token, body: { language: "es", lemma: "leche", note: "Milk, my 100% note" } })).status).toBe(200);
    // A right answer on a saved word makes it known and keeps it saved; tostada is met only in a quiz.
    await quiz(actors.learner, "agua", true, new Date());
    await quiz(actors.learner, "tostada", true, new Date());
    await setStatus(actors.otherLearner, "es", "bueno", "learning");
  });

  it("lists only the words the learner saved: a word a quiz made 'learning' is listed apart", async () => {
    expect((await row(actors.learner, "es", "tostada"))?.status).toBe("learning");
    const { status, body } = await list(actors.learner);
    expect(status).toBe(200);
    expect(body.words.map((w: Listed) => w.lemma)).toEqual(["marché", "agua", "café", "leche"]);
    expect(body.total).toBe(4);
    expect(body.fromQuizzes).toBe(1);
    expect(body.languages).toEqual([
      { language: "es", count: 3 },
      { language: "fr", count: 1 },
    ]);
    const byLemma = Object.fromEntries(body.words.map((w: Listed) => [w.lemma, w]));
    expect(byLemma["café"]).toMatchObject({ status: "known", language: "es" });
    expect(byLemma.agua).toMatchObject({ status: "known" });
    expect(byLemma.leche).toMatchObject({ status: "learning", meaning: { text: "Milk, my 100% note", source: "note" } });
    expect(Date.parse(byLemma.leche.savedAt)).not.toBeNaN();

    const quizzes = await list(actors.learner, "?list=quizzes");
    expect(quizzes.body.words).toMatchObject([{ lemma: "tostada", status: "learning", savedAt: null }]);
    expect(quizzes.body.total).toBe(1);
  });

  it("narrows by status, language and video, names the videos, and pages what it finds", async () => {
    expect(await lemmas(actors.learner, "?status=known")).toEqual(["agua", "café"]);
    expect(await lemmas(actors.learner, "?status=learning")).toEqual(["marché", "leche"]);
    expect(await lemmas(actors.learner, "?status=ignored")).toEqual([]);
    expect(await lemmas(actors.learner, "?language=fr")).toEqual(["marché"]);
    expect(await lemmas(actors.learner, "?status=learning&language=es")).toEqual(["leche"]);

    const inCoffee = await list(actors.learner, `?videoId=${coffee}`);
    expect(inCoffee.body.words.map((w: Listed) => w.lemma)).toEqual(["agua", "café", "leche"]);
    expect(inCoffee.body.total).toBe(3);
    for (const word of inCoffee.body.words as Listed[]) expect(word.occurrence?.videoId).toBe(coffee);
    expect(await lemmas(actors.learner, `?videoId=${lyon}`)).toEqual(["marché"]);
    // A video of another language says none of them.
    expect(await lemmas(actors.learner, `?videoId=${lyon}&language=es`)).toEqual([]);

    const videoChoices = (await list(actors.learner)).body.videos as { id: number; title: string; count: number }[];
    expect(videoChoices.find((v) => v.id === coffee)).toMatchObject({ title: "Ordering Coffee in Madrid", count: 3 });
    expect(videoChoices.find((v) => v.id === lyon)).toMatchObject({ title: "A Morning at the Market in Lyon", count: 1 });
    expect(videoChoices[0]!.id).toBe(coffee);

    const first = await list(actors.learner, `?videoId=${coffee}&limit=2`);
    expect(first.body.words.map((w: Listed) => w.lemma)).toEqual(["agua", "café"]);
    expect(first.body.nextOffset).toBe(2);
    const rest = await list(actors.learner, `?videoId=${coffee}&limit=2&offset=2`);
    expect(rest.body.words.map((w: Listed) => w.lemma)).toEqual(["leche"]);
    expect(rest.body.nextOffset).toBeNull();
  });

  it("searches the word and its meanings, without case, taking wildcards literally", async () => {
    expect(await lemmas(actors.learner, "?q=LECH")).toEqual(["leche"]);
    expect(await lemmas(actors.learner, "?q=%20caf%C3%89%20")).toEqual(["café"]);
    // The learner's note, a video's vocabulary translation ("coffee", "water").
    expect(await lemmas(actors.learner, "?q=my%20100")).toEqual(["leche"]);
    expect(await lemmas(actors.learner, "?q=Coffee")).toEqual(["café"]);
    expect(await lemmas(actors.learner, "?q=wat")).toEqual(["agua"]);
    expect((await list(actors.learner, "?q=wat")).body.total).toBe(1);
    expect(await lemmas(actors.learner, "?q=%25")).toEqual(["leche"]);
    expect(await lemmas(actors.learner, "?q=_")).toEqual([]);
    expect(await lemmas(actors.learner, "?q=nothing-like-it")).toEqual([]);
    // Blank is no search.
    expect(await lemmas(actors.learner, "?q=%20%20")).toHaveLength(4);
    expect(await lemmas(actors.learner, "?q=toast&list=quizzes")).toEqual(["tostada"]);
    expect(await lemmas(actors.learner, "?q=toast")).toEqual([]);
    // Another learner's note finds nothing of theirs.
    expect(await lemmas(actors.otherLearner, "?q=note")).toEqual([]);
  });

  it("removes a learning word (back to new, its card gone) and puts it back in its place", async () => {
    expect(await cardOf(actors.learner, "es", "leche")).toBeDefined();
    const removed = await remove(actors.learner, "es", "leche");
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ language: "es", lemma: "leche", removed: true, status: "new", before: { status: "learning" } });
    expect(await lemmas(actors.learner)).toEqual(["marché", "agua", "café"]);
    expect(await row(actors.learner, "es", "leche")).toBeUndefined();
    expect(await cardOf(actors.learner, "es", "leche")).toBeUndefined();
    // Removing it again changes nothing.
    expect((await remove(actors.learner, "es", "leche")).body).toMatchObject({ removed: false, status: "new", before: null });

    const undone = await put(actors.learner, { language: "es", lemma: "leche", savedAt: removed.body.before.savedAt });
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({ language: "es", lemma: "leche", status: "learning", savedAt: removed.body.before.savedAt });
    expect(await lemmas(actors.learner)).toEqual(["marché", "agua", "café", "leche"]);
    expect(await cardOf(actors.learner, "es", "leche")).toBeDefined();
  });

  it("removes a known word from the list only: it stays known with its card", async () => {
    const card = await cardOf(actors.learner, "es", "café");
    const removed = await remove(actors.learner, "es", "café");
    expect(removed.body).toMatchObject({ removed: true, status: "known", before: { status: "known" } });
    expect(await lemmas(actors.learner)).toEqual(["marché", "agua", "leche"]);
    expect(await row(actors.learner, "es", "café")).toMatchObject({ status: "known", savedAt: null });
    expect(await cardOf(actors.learner, "es", "café")).toEqual(card);
    expect((await put(actors.learner, { language: "es", lemma: "café", savedAt: removed.body.before.savedAt })).body).toMatchObject({ status: "known" });
    expect(await lemmas(actors.learner)).toEqual(["marché", "agua", "café", "leche"]);
  });

  it("saves a word met in a quiz, keeping its card's schedule, and leaves a word not on the list alone", async () => {
    const card = await cardOf(actors.learner, "es", "tostada");
    expect(card?.reps).toBeGreaterThan(0);
    expect((await remove(actors.learner, "es", "tostada")).body).toMatchObject({ removed: false, status: "learning" });
    expect((await row(actors.learner, "es", "tostada"))?.status).toBe("learning");

    const saved = await put(actors.learner, { language: "es", lemma: "Tostada" });
    expect(saved.body).toMatchObject({ lemma: "tostada", status: "learning" });
    expect((await lemmas(actors.learner))[0]).toBe("tostada");
    expect(await lemmas(actors.learner, "?list=quizzes")).toEqual([]);
    expect(await cardOf(actors.learner, "es", "tostada")).toEqual(card);
    // Saving a new word makes it learning with a card, as the popover's Save does.
    expect((await put(actors.learner, { language: "es", lemma: "favor" })).body).toMatchObject({ status: "learning" });
    expect(await cardOf(actors.learner, "es", "favor")).toBeDefined();
    expect((await remove(actors.learner, "es", "favor")).body).toMatchObject({ removed: true, status: "new" });
    expect((await remove(actors.learner, "es", "tostada")).body).toMatchObject({ removed: true, status: "new" });
  });

  it("keeps each learner's list their own: another learner can neither see nor remove it", async () => {
    expect(await lemmas(actors.otherLearner)).toEqual(["bueno"]);
    expect(await lemmas(actors.otherLearner, `?videoId=${coffee}`)).toEqual(["bueno"]);
    expect((await remove(actors.otherLearner, "es", "leche")).body).toMatchObject({ removed: false, status: "new" });
    expect(await lemmas(actors.learner, "?language=es")).toContain("leche");
    expect((await row(actors.learner, "es", "leche"))?.savedAt).not.toBeNull();
    // A body naming another user is refused.
    expect((await put(actors.otherLearner, { language: "es", lemma: "leche", userId: actors.learner.id })).status).toBe(400);
    expect((await put(actors.otherLearner, { language: "es", lemma: "leche" })).status).toBe(200);
    expect(await lemmas(actors.otherLearner)).toEqual(["leche", "bueno"]);
    expect((await remove(actors.otherLearner, "es", "leche")).body).toMatchObject({ removed: true });
    expect(await lemmas(actors.learner, "?language=es")).toContain("leche");
  });

  it("gives admins and owners lists of their own, and the video filter follows who may see the video", async () => {
    for (const who of [actors.admin, actors.owner]) {
      expect(await lemmas(who)).toEqual([]);
      expect((await put(who, { language: "es", lemma: "agua" })).status).toBe(200);
      expect(await lemmas(who)).toEqual(["agua"]);
      expect((await remove(who, "es", "agua")).body).toMatchObject({ removed: true, status: "new" });
    }
    expect(await lemmas(actors.learner, "?language=es")).toContain("agua");
    await t().db.update(videos).set({ status: "unpublished" }).where(eq(videos.id, coffee));
    try {
      const hidden = await list(actors.learner, `?videoId=${coffee}`);
      expect(hidden.status).toBe(404);
      expect(hidden.body.message).toBe("Video not found");
      expect((await list(actors.learner)).body.videos.map((v: { id: number }) => v.id)).not.toContain(coffee);
      expect((await list(actors.admin, `?videoId=${coffee}`)).status).toBe(200);
      expect((await list(actors.owner, `?videoId=${coffee}`)).status).toBe(200);
    } finally {
      await t().db.update(videos).set({ status: "active" }).where(eq(videos.id, coffee));
    }
  });

  it("refuses anonymous callers", async () => {
    expect((await list(undefined)).status).toBe(401);
    expect((await remove(undefined, "es", "leche")).status).toBe(401);
    expect((await put(undefined, { language: "es", lemma: "leche" })).status).toBe(401);
    expect((await row(actors.learner, "es", "leche"))?.savedAt).not.toBeNull();
  });

  it("answers hostile input with a clear 4xx and changes nothing", async () => {
    const before = await t().db.select().from(wordStatuses).orderBy(wordStatuses.userId, wordStatuses.language, wordStatuses.lemma);
    const queries: [string, number, RegExp][] = [
      ["?status=mastered", 400, /status must be one of learning, known, ignored/],
      ["?status=new", 400, /status/],
      ["?list=all", 400, /list must be one of saved, quizzes/],
      ["?videoId=0", 400, /videoId must be a positive whole number/],
      ["?videoId=-1", 400, /videoId/],
      ["?videoId=abc", 400, /videoId/],
      ["?videoId=1e3", 400, /videoId/],
      ["?videoId=99999999999", 400, /videoId/],
      ["?videoId=99999999", 404, /Video not found/],
      [`?q=${"x".repeat(101)}`, 400, /q must be at most 100 characters/],
      ["?q=caf%00", 400, /NUL/],
      ["?q=caf%09e", 400, /q must not contain control characters/],
      ["?q=a&q=b", 400, /only once/],
      ["?limit=1000000000000", 400, /limit must be at most 200/],
      ["?offset=1e9", 400, /offset must be at most/],
      ["?language=xx", 400, /language must be one of/],
      ["?userId=someone", 400, /userId/],
    ];
    for (const [query, status, message] of queries) {
      const res = await list(actors.learner, query);
      expect(res.status, query).toBe(status);
      expect(res.body.message, query).toMatch(message);
      expect(res.body.message, query).not.toMatch(/select|sql|postgres/i);
    }
    const removals: [string, number, RegExp][] = [
      ["?language=es", 400, /lemma/],
      ["?lemma=leche", 400, /language/],
      ["?language=es&lemma=lec%00he", 400, /NUL/],
      [`?language=es&lemma=${"x".repeat(101)}`, 400, /at most 100/],
      ["?language=es&lemma=%C2%BF%C2%A1", 400, /letter or a digit/],
      ["?language=xx&lemma=leche", 400, /language must be one of/],
      ["?language=es&lemma=leche&userId=x", 400, /userId/],
    ];
    for (const [query, status, message] of removals) {
      const res = await call(deleteSaved, `/api/words/saved${query}`, { method: "DELETE", token: actors.learner.token });
      expect(res.status, query).toBe(status);
      expect(res.body.message, query).toMatch(message);
    }
    const bodies: [unknown, number, RegExp][] = [
      [{ language: "es", lemma: 7 }, 400, /lemma must be text/],
      [{ language: "es" }, 400, /lemma/],
      [{ language: "es", lemma: "caf\u0000é" }, 400, /NUL/],
      [{ language: "es", lemma: "a\ud800" }, 400, /broken/],
      [{ language: "es", lemma: "x".repeat(101) }, 400, /at most 100/],
      [{ language: "es", lemma: "leche", savedAt: "yesterday" }, 400, /savedAt must be a date and time/],
      [{ language: "es", lemma: "leche", savedAt: 1_700_000_000_000 }, 400, /savedAt/],
      [{ language: "es", lemma: "leche", savedAt: "1999-01-01T00:00:00Z" }, 400, /savedAt must not be before 2020/],
      [{ language: "es", lemma: "leche", savedAt: `2024-01-01T00:00:00${"0".repeat(100)}Z` }, 400, /savedAt/],
      [{ language: "es", lemma: "leche", status: "known" }, 400, /status/],
      [["es", "leche"], 400, /./],
      [null, 400, /./],
    ];
    for (const [body, status, message] of bodies) {
      const res = await put(actors.learner, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await put(actors.learner, undefined, { rawBody: "{not json" })).status).toBe(400);
    expect((await put(actors.learner, undefined, { rawBody: JSON.stringify({ language: "es", lemma: "a".repeat(10_000) }) })).status).toBe(413);
    expect(await t().db.select().from(wordStatuses).orderBy(wordStatuses.userId, wordStatuses.language, wordStatuses.lemma)).toEqual(before);
  });

  it("puts a word saved at a time still to come at now, first on the list", async () => {
    const removed = await remove(actors.learner, "fr", "marché");
    expect(removed.body.removed).toBe(true);
    const future = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const saved = await put(actors.learner, { language: "fr", lemma: "marché", savedAt: future });
    expect(saved.status).toBe(200);
    expect(Date.parse(saved.body.savedAt)).toBeLessThanOrEqual(Date.now());
    expect((await lemmas(actors.learner))[0]).toBe("marché");
  });
});

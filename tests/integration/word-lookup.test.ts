/**
 * GET /api/words/lookup and PUT/DELETE /api/words/notes on PGlite and Postgres, for every actor:
 * a word's meaning comes from the learner's own note, then an imported dictionary (credited),
 * then the AI (a local stand-in of the OpenAI API), whose answer is cached for everyone: the
 * second lookup of a word makes no call, whoever asks. AI lookups are limited per learner and
 * hour; notes are their writer's alone; hostile input is refused with 4xx.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as lookupRoute } from "@/app/api/words/lookup/route";
import { DELETE as deleteNoteRoute, PUT as putNoteRoute } from "@/app/api/words/notes/route";
import { importDictionaryFile } from "@/lib/words/meanings/dictionary-import";
import { LINE_CONTEXT_MESSAGE, NO_MEANING_MESSAGE } from "@/lib/words/meanings/lookup";
import { writeDictd } from "@/scripts/standins/dictd-writer";
import { setAiServer, setEnv } from "@/scripts/standins/env";
import { startFakeOpenAi, type FakeOpenAi } from "@/scripts/standins/fake-openai";
import { answerChat } from "@/scripts/standins/standin-answers";
import { seedActors, type Actor, type ActorName } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";
import { seedVideo, type VideoFixture } from "../helpers/videos";

const LINE = "Quiero un café con leche.";

let ai: FakeOpenAi;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "word-lookup-"));
  ai = await startFakeOpenAi({ transcribe: () => ({}), chat: (request) => answerChat(request) });
});
afterAll(async () => {
  setAiServer(undefined);
  await ai.close();
  await rm(dir, { recursive: true, force: true });
});

function lookupPath(params: Record<string, string | number>) {
  return `/api/words/lookup?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
}

describe.each(testDbKinds)("word lookup on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let actors: Record<ActorName, Actor>;
  let published: VideoFixture;
  let unpublished: VideoFixture;
  const aiCalls = () => ai.chats.filter((c) => c.schemaName === "word_meaning").length;
  const lookup = (who: Actor | undefined, params: Record<string, string | number>) => call(lookupRoute, lookupPath(params), { token: who?.token });
  const putNote = (who: Actor | undefined, body: unknown) => call(putNoteRoute, "/api/words/notes", { method: "PUT", token: who?.token, body });
  const deleteNote = (who: Actor | undefined, language: string, lemma: string) =>
    call(deleteNoteRoute, `/api/words/notes?${new URLSearchParams({ language, lemma })}`, { method: "DELETE", token: who?.token });

  beforeAll(async () => {
    actors = await seedActors(t().db, `lookup-${kind}`);
    published = await seedVideo(t().db, "published");
    unpublished = await seedVideo(t().db, "unpublished");
    const files = await writeDictd(
      dir,
      `${kind}-spa-eng`,
      [
        { headword: "leche", definition: "milk" },
        { headword: "querer", definition: "to want; to love" },
      ],
      { short: "Spanish-English FreeDict Dictionary ver. 0.3", info: "License: GNU GPL 3.0 or later" },
    );
    await importDictionaryFile(t().db, files.index);
  }, 120_000);

  afterEach(() => {
    setAiServer(undefined);
    setEnv({ WORD_LOOKUP_AI_PER_HOUR: undefined });
  });

  it("refuses anonymous callers", async () => {
    expect((await lookup(undefined, { language: "es", surface: "leche" })).status).toBe(401);
    expect((await putNote(undefined, { language: "es", lemma: "leche", note: "milk" })).status).toBe(401);
    expect((await deleteNote(undefined, "es", "leche")).status).toBe(401);
  });

  it("answers from an imported dictionary, credited by name and licence, for every signed-in actor", async () => {
    for (const who of Object.values(actors)) {
      const { status, body } = await lookup(who, { language: "es", nativeLanguage: "en", surface: "Leche", captionId: published.segmentId });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        source: "dictionary",
        lemma: "leche",
        dictionaries: [{ name: "Spanish-English FreeDict Dictionary", edition: "0.3", licence: "GNU GPL 3.0 or later", headword: "leche", definitions: ["milk"] }],
        ai: null,
        message: null,
      });
    }
  });

  it("looks up the lemma when the surface form is not in the dictionary", async () => {
    const { body } = await lookup(actors.learner, { language: "es", surface: "Quiero", lemma: "querer" });
    expect(body).toMatchObject({ source: "dictionary", dictionaries: [{ headword: "querer", definitions: ["to want; to love"] }] });
  });

  it("answers a vocabulary word with the video's own translation, with no dictionary and no AI provider", async () => {
    const { status, body } = await lookup(actors.learner, { language: "es", surface: "café", captionId: published.segmentId });
    expect(status).toBe(200);
    expect(body).toMatchObject({ source: "vocabulary", vocabulary: { translation: "coffee" }, dictionaries: [], ai: null, message: null });
    expect(body.lineTranslation).toBe("I would like a coffee with milk.");
  });

  it("gives a word nothing is known of the line's translation as context, and says plainly without a line", async () => {
    const inLine = await lookup(actors.learner, { language: "es", surface: "un", captionId: published.segmentId });
    expect(inLine.body).toMatchObject({ source: "none", message: LINE_CONTEXT_MESSAGE, lineTranslation: "I would like a coffee with milk.", vocabulary: null, ai: null });
    const alone = await lookup(actors.learner, { language: "es", surface: "un" });
    expect(alone.body).toMatchObject({ source: "none", message: NO_MEANING_MESSAGE, lineTranslation: null });
  });

  it("asks the AI once per word and line, for everyone: later lookups, by anyone, come from the cache", async () => {
    setAiServer(ai.url);
    const before = aiCalls();
    const first = await lookup(actors.learner, { language: "es", surface: "un", lemma: "un", captionId: published.segmentId });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      source: "ai",
      ai: { meanings: ["en-un", "en-un-2"], inLine: `en-un in "${LINE}"`, partOfSpeech: "noun", cached: false },
    });
    expect(aiCalls()).toBe(before + 1);
    const asked = JSON.parse(ai.chats.at(-1)!.messages.at(-1)!.content);
    expect(asked).toEqual({ language: "es", nativeLanguage: "en", word: "un", lemma: "un", line: LINE });

    for (const who of [actors.learner, actors.otherLearner, actors.admin, actors.owner]) {
      const again = await lookup(who, { language: "es", surface: "Un", lemma: "un", captionId: published.segmentId });
      expect(again.body).toMatchObject({ source: "ai", ai: { meanings: ["en-un", "en-un-2"], inLine: `en-un in "${LINE}"`, cached: true } });
    }
    // Without a line, the lemma's meanings alone are already known.
    expect((await lookup(actors.otherLearner, { language: "es", surface: "un" })).body).toMatchObject({ ai: { cached: true, inLine: null } });
    expect(aiCalls()).toBe(before + 1);
  });

  it("still shows a meaning the AI gave before when no AI provider is configured, credited to its model", async () => {
    const { status, body } = await lookup(actors.otherLearner, { language: "es", surface: "un", captionId: published.segmentId });
    expect(status).toBe(200);
    expect(body).toMatchObject({ source: "ai", message: null, ai: { meanings: ["en-un", "en-un-2"], model: "gpt-4o-mini", cached: true } });
  });

  it("asks the AI once when several look up the same new word at the same moment", async () => {
    setAiServer(ai.url);
    const before = aiCalls();
    const asked = { language: "es", surface: "tomar", lemma: "tomar", captionId: published.segmentId };
    const answers = await Promise.all([actors.learner, actors.otherLearner, actors.learner].map((who) => lookup(who, asked)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    for (const a of answers) expect(a.body).toMatchObject({ source: "ai", ai: { meanings: ["en-tomar", "en-tomar-2"] } });
    expect(aiCalls()).toBe(before + 1);
  });

  it("asks again for a line not yet asked about, and shares a line's answer across videos with the same text", async () => {
    setAiServer(ai.url);
    const before = aiCalls();
    expect((await lookup(actors.learner, { language: "es", surface: "con" })).body).toMatchObject({ ai: { cached: false, inLine: null } });
    // The lemma is known, its meaning in this line is not: one more call, for the line.
    const inLine = await lookup(actors.learner, { language: "es", surface: "con", captionId: published.segmentId });
    expect(inLine.body).toMatchObject({ ai: { cached: false, meanings: ["en-con", "en-con-2"], inLine: `en-con in "${LINE}"` } });
    expect(aiCalls()).toBe(before + 2);
    // The unpublished video's line has the same text: the same question, already answered.
    const sameText = await lookup(actors.admin, { language: "es", surface: "con", captionId: unpublished.segmentId });
    expect(sameText.body).toMatchObject({ ai: { cached: true, inLine: `en-con in "${LINE}"` } });
    expect(aiCalls()).toBe(before + 2);
  });

  it("holds each learner to WORD_LOOKUP_AI_PER_HOUR new AI lookups; cached answers and dictionaries stay free", async () => {
    setAiServer(ai.url);
    const fresh = await seedActors(t().db, `limit-${kind}`);
    setEnv({ WORD_LOOKUP_AI_PER_HOUR: "2" });
    expect((await lookup(fresh.learner, { language: "es", surface: `primera-${kind}` })).status).toBe(200);
    expect((await lookup(fresh.learner, { language: "es", surface: `segunda-${kind}` })).status).toBe(200);
    const before = aiCalls();
    const refused = await lookup(fresh.learner, { language: "es", surface: `tercera-${kind}` });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("rate_limited");
    expect(refused.body.message).toMatch(/the AI look up 2 new words in the last hour.*Try again in (60|59) minutes/);
    expect(aiCalls()).toBe(before);
    // Answers already cached (a word of a line, asked before), and dictionary meanings, are free.
    expect((await lookup(fresh.learner, { language: "es", surface: "un" })).body).toMatchObject({ ai: { cached: true } });
    expect((await lookup(fresh.learner, { language: "es", surface: "leche" })).body).toMatchObject({ source: "dictionary" });
    // Another learner has their own allowance.
    expect((await lookup(fresh.otherLearner, { language: "es", surface: `tercera-${kind}` })).status).toBe(200);
  });

  it("answers 503 with a clear message when the AI fails, and does not count the lookup", async () => {
    setAiServer(ai.url);
    const fresh = await seedActors(t().db, `fail-${kind}`);
    setEnv({ WORD_LOOKUP_AI_PER_HOUR: "1" });
    // 400 is not retried by the client: one failed call.
    ai.failNext(400);
    const failed = await lookup(fresh.learner, { language: "es", surface: `fallo-${kind}` });
    expect(failed.status).toBe(503);
    expect(failed.body.message).toMatch(/could not be looked up right now/);
    expect((await lookup(fresh.learner, { language: "es", surface: `fallo-${kind}` })).status).toBe(200);
  });

  it("puts the learner's own note first, theirs alone", async () => {
    setAiServer(ai.url);
    const saved = await putNote(actors.learner, { language: "es", lemma: "Leche", note: "what goes in my coffee" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ language: "es", lemma: "leche", note: "what goes in my coffee" });
    const mine = await lookup(actors.learner, { language: "es", surface: "leche", captionId: published.segmentId });
    expect(mine.body).toMatchObject({ source: "note", note: { text: "what goes in my coffee" }, dictionaries: [] });

    // Another learner neither sees nor removes it.
    expect((await lookup(actors.otherLearner, { language: "es", surface: "leche" })).body).toMatchObject({ source: "dictionary", note: null });
    expect((await deleteNote(actors.otherLearner, "es", "leche")).body).toEqual({ deleted: false });
    expect((await lookup(actors.learner, { language: "es", surface: "leche" })).body).toMatchObject({ source: "note" });

    // Editing replaces it; deleting brings the dictionary back.
    expect((await putNote(actors.learner, { language: "es", lemma: "leche", note: "milk!" })).body).toMatchObject({ note: "milk!" });
    expect((await lookup(actors.learner, { language: "es", surface: "LECHE" })).body).toMatchObject({ note: { text: "milk!" } });
    expect((await deleteNote(actors.learner, "es", "LECHE")).body).toEqual({ deleted: true });
    expect((await lookup(actors.learner, { language: "es", surface: "leche" })).body).toMatchObject({ source: "dictionary", note: null });
  });

  it("gives admins and owners notes of their own", async () => {
    for (const who of [actors.admin, actors.owner]) {
      expect((await putNote(who, { language: "es", lemma: "querer", note: `note of ${who.email}` })).status).toBe(200);
      expect((await lookup(who, { language: "es", surface: "quiero", lemma: "querer" })).body).toMatchObject({ note: { text: `note of ${who.email}` } });
    }
    expect((await lookup(actors.learner, { language: "es", surface: "quiero", lemma: "querer" })).body).toMatchObject({ source: "dictionary", note: null });
  });

  it("finds no line a learner may not see, and none that does not exist", async () => {
    expect((await lookup(actors.learner, { language: "es", surface: "café", captionId: unpublished.segmentId })).status).toBe(404);
    expect((await lookup(actors.learner, { language: "es", surface: "café", captionId: 2_147_483_000 })).status).toBe(404);
    expect((await lookup(actors.admin, { language: "es", surface: "café", captionId: unpublished.segmentId })).status).toBe(200);
  });

  it("refuses hostile and malformed input with 4xx and a clear message", async () => {
    const cases: [string, Promise<{ status: number; body: { message?: string } }>, number, RegExp][] = [
      ["NUL in the surface", lookup(actors.learner, { language: "es", surface: "ca\u0000fé" }), 400, /NUL/],
      ["a control character", lookup(actors.learner, { language: "es", surface: "ca\u0007fé" }), 400, /control characters/],
      ["a huge surface", lookup(actors.learner, { language: "es", surface: "a".repeat(100_000) }), 400, /at most 100/],
      ["no surface", lookup(actors.learner, { language: "es" }), 400, /surface/],
      ["a blank lemma", lookup(actors.learner, { language: "es", surface: "café", lemma: "   " }), 400, /lemma/],
      ["a bad language", lookup(actors.learner, { language: "español!", surface: "café" }), 400, /language/],
      ["a caption id that is not a number", lookup(actors.learner, { language: "es", surface: "café", captionId: "1 or 1=1" }), 400, /captionId/],
      ["a line in another language", lookup(actors.learner, { language: "fr", surface: "café", captionId: published.segmentId }), 400, /the line is in "es"/],
      ["an unknown parameter", lookup(actors.learner, { language: "es", surface: "café", userId: actors.otherLearner.id }), 400, /userId|Unrecognized/i],
      ["a note that is a number", putNote(actors.learner, { language: "es", lemma: "café", note: 5 }), 400, /note must be text/],
      ["a note with NUL", putNote(actors.learner, { language: "es", lemma: "café", note: "a\u0000b" }), 400, /NUL/],
      ["a note too long", putNote(actors.learner, { language: "es", lemma: "café", note: "x".repeat(2001) }), 400, /at most 2000/],
      ["a huge body", putNote(actors.learner, { language: "es", lemma: "café", note: "x".repeat(100_000) }), 413, /larger than/],
      ["a note for another user", putNote(actors.learner, { language: "es", lemma: "café", note: "x", userId: actors.otherLearner.id }), 400, /userId|Unrecognized/i],
      ["a lemma that is an array", putNote(actors.learner, { language: "es", lemma: ["café"], note: "x" }), 400, /lemma must be text/],
      ["deleting without a lemma", call(deleteNoteRoute, "/api/words/notes?language=es", { method: "DELETE", token: actors.learner.token }), 400, /lemma/],
    ];
    for (const [name, pending, status, message] of cases) {
      const { status: got, body } = await pending;
      expect(got, name).toBe(status);
      expect(body.message, name).toMatch(message);
    }
    const raw = await call(putNoteRoute, "/api/words/notes", { method: "PUT", token: actors.learner.token, rawBody: "{not json" });
    expect(raw.status).toBe(400);
  });
});

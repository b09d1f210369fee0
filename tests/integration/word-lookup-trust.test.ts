/**
 * What a learner cannot do with the word lookup, on PGlite and Postgres: decide the shared AI
 * meaning other learners see (a made-up word, or a real word with a made-up lemma, is answered to
 * them alone), send an overlong line to the AI, spend more than the instance's AI budget however
 * many accounts they make, or be made to spend their own allowance by a link on another site.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as lookupRoute } from "@/app/api/words/lookup/route";
import { resultRows } from "@/db/client";
import { saveProcessedContent } from "@/db/queries/processed";
import { captions, videos, wordMeanings } from "@/db/schema";
import { LOOKUP_LINE_MAX, lineAround } from "@/lib/words/meanings/lookup";
import { lineWords } from "@/lib/text/line-words";
import { setAiServer, setEnv } from "@/scripts/standins/env";
import { startFakeOpenAi, type FakeOpenAi } from "@/scripts/standins/fake-openai";
import { answerChat } from "@/scripts/standins/standin-answers";
import { seedActors, signedInUser, type Actor, type ActorName } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

/**
 * Next's cookie store exists only inside a request Next serves: here the session a browser's
 * cookie would hold is the token a test names, checked as any session is.
 */
const cookieSession = vi.hoisted(() => ({ token: null as string | null }));
vi.mock("@/lib/auth/server", async () => {
  const { verifySession } = await import("@/lib/auth/tokens");
  return { getCookieSession: async () => (cookieSession.token ? verifySession(cookieSession.token) : null) };
});

const LINE = "Me llamo Pablo y vivo en Valencia.";

let ai: FakeOpenAi;
beforeAll(async () => {
  ai = await startFakeOpenAi({ transcribe: () => ({}), chat: (request) => answerChat(request) });
});
afterAll(async () => {
  setAiServer(undefined);
  await ai.close();
});

const lookupPath = (params: Record<string, string | number>) => `/api/words/lookup?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

describe.each(testDbKinds)("word lookup trust on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let actors: Record<ActorName, Actor>;
  let captionId: number;
  let longCaptionId: number;
  const chats = () => ai.chats.filter((c) => c.schemaName === "word_meaning");
  const lookup = (who: Actor, params: Record<string, string | number>) => call(lookupRoute, lookupPath(params), { token: who.token });

  /** A published Spanish video of one line, its words and lemmas as processing stores them. */
  async function videoWithLine(text: string, analysed: { word: string; lemma: string }[]): Promise<number> {
    const [video] = await t().db.insert(videos).values({ title: `Line ${text.slice(0, 20)}`, youtubeId: "abcdefghijk", targetLanguage: "es", status: "active", processingProgress: 100 }).returning();
    await saveProcessedContent(t().db, video!.id, {
      durationMs: 4000,
      segments: [{ text, startMs: 0, endMs: 4000, translations: {} }],
      timings: [],
      words: [],
      quizzes: [],
      tokens: [lineWords(text, "es", analysed.map((a) => ({ ...a, partOfSpeech: "verb" as const })))],
    });
    const [caption] = await t().db.select({ id: captions.id }).from(captions).where(eq(captions.videoId, video!.id));
    return caption!.id;
  }

  beforeAll(async () => {
    actors = await seedActors(t().db, `trust-${kind}`);
    captionId = await videoWithLine(LINE, [{ word: "llamo", lemma: "llamar" }, { word: "vivo", lemma: "vivir" }]);
    const long = `${"palabra ".repeat(400)}quiero ${"palabra ".repeat(400)}`.trim();
    longCaptionId = await videoWithLine(long, [{ word: "quiero", lemma: "querer" }]);
  }, 120_000);

  afterEach(() => {
    setAiServer(undefined);
    setEnv({ WORD_LOOKUP_AI_PER_HOUR: undefined, WORD_LOOKUP_AI_SERVER_PER_HOUR: undefined, WORD_LOOKUP_AI_SERVER_PER_DAY: undefined });
  });

  const spentLookups = async () => Number(resultRows<{ n: number | string }>(await t().db.execute(sql`select count(*) as n from ai_lookup_spend`))[0]!.n);
  const storedLemmas = async () =>
    (await t().db.select({ lemma: wordMeanings.lemma, meanings: wordMeanings.meanings }).from(wordMeanings).where(eq(wordMeanings.language, "es"))).map((r) => r.lemma);

  it("answers a made-up word to its asker alone: the next learner's lookup of the line's real word is not the attacker's gloss", async () => {
    setAiServer(ai.url);
    const attack = await lookup(actors.learner, { language: "es", surface: "PERRO (a dog)", lemma: "llamar", captionId });
    expect(attack.status).toBe(200);
    expect(attack.body).toMatchObject({ source: "ai", ai: { cached: false } });
    expect(await storedLemmas()).not.toContain("llamar");

    const honest = await lookup(actors.otherLearner, { language: "es", surface: "llamo", lemma: "llamar", captionId });
    expect(honest.body).toMatchObject({ source: "ai", lemma: "llamar", ai: { cached: false, meanings: ["en-llamar", "en-llamar-2"], inLine: `en-llamo in "${LINE}"` } });
    expect(JSON.parse(chats().at(-1)!.messages.at(-1)!.content)).toEqual({ language: "es", nativeLanguage: "en", word: "llamo", lemma: "llamar", line: LINE });
    // The honest answer is the shared one from now on.
    const later = await lookup(actors.admin, { language: "es", surface: "llamo", lemma: "llamar", captionId });
    expect(later.body).toMatchObject({ ai: { cached: true, meanings: ["en-llamar", "en-llamar-2"] } });
    // And without a line, a made-up word is the asker's alone too.
    const before = await storedLemmas();
    expect((await lookup(actors.learner, { language: "es", surface: "PERRO (a dog)", lemma: "perro" })).body).toMatchObject({ ai: { cached: false } });
    expect(await storedLemmas()).toEqual(before);
  });

  it("keys a line's word by the lemma processing found, whatever lemma the caller sends", async () => {
    setAiServer(ai.url);
    const asked = await lookup(actors.learner, { language: "es", surface: "vivo", lemma: "perro", captionId });
    expect(asked.body).toMatchObject({ lemma: "vivir", ai: { meanings: ["en-vivir", "en-vivir-2"] } });
    const lemmas = await storedLemmas();
    expect(lemmas).toContain("vivir");
    expect(lemmas).not.toContain("perro");
    // Without a line, a form some video has is shared under its lemma.
    expect((await lookup(actors.otherLearner, { language: "es", surface: "vivir" })).body).toMatchObject({ ai: { cached: true, meanings: ["en-vivir", "en-vivir-2"] } });
  });

  it("sends the AI at most LOOKUP_LINE_MAX characters of a long line, around the word", async () => {
    setAiServer(ai.url);
    expect((await lookup(actors.learner, { language: "es", surface: "quiero", captionId: longCaptionId })).status).toBe(200);
    const line: string = JSON.parse(chats().at(-1)!.messages.at(-1)!.content).line;
    expect(line.length).toBeLessThanOrEqual(LOOKUP_LINE_MAX + 2);
    expect(line).toMatch(/^….* quiero .*…$/);
    expect(lineAround("corto", 0, 5)).toBe("corto");
  });

  it("holds all learners together to the server's hourly and daily AI budget, with a clear message", async () => {
    setAiServer(ai.url);
    const already = await spentLookups();
    const { GET: getMe } = await import("@/app/api/users/route");
    const accounts: Actor[] = [];
    for (const i of [1, 2, 3]) {
      const email = `budget-${kind}-${i}@example.com`;
      const who = await signedInUser(email);
      await call(getMe, "/api/users", { token: who.token });
      accounts.push({ ...who, email });
    }
    const as = (i: number) => accounts[i]!;
    setEnv({ WORD_LOOKUP_AI_SERVER_PER_HOUR: String(already + 2) });
    expect((await lookup(as(0), { language: "es", surface: `uno-${kind}` })).status).toBe(200);
    expect((await lookup(as(1), { language: "es", surface: `dos-${kind}` })).status).toBe(200);
    const before = chats().length;
    const refused = await lookup(as(2), { language: "es", surface: `tres-${kind}` });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/This server has used its AI budget for looking up new words \(\d+ an hour, for all learners together\)\. Try again in \d+ minutes?/);
    expect(chats().length).toBe(before);
    // Answers already cached for everyone still come.
    expect((await lookup(as(2), { language: "es", surface: "llamo", lemma: "llamar", captionId })).body).toMatchObject({ ai: { cached: true } });

    setEnv({ WORD_LOOKUP_AI_SERVER_PER_HOUR: "0", WORD_LOOKUP_AI_SERVER_PER_DAY: String(already + 2) });
    const daily = await lookup(as(2), { language: "es", surface: `cuatro-${kind}` });
    expect(daily.status).toBe(429);
    expect(daily.body.message).toMatch(/\d+ a day, for all learners together/);
    setEnv({ WORD_LOOKUP_AI_SERVER_PER_DAY: "0" });
    expect((await lookup(as(2), { language: "es", surface: `cuatro-${kind}` })).status).toBe(200);
  });

  it("does not count a failed AI call against the server's budget", async () => {
    setAiServer(ai.url);
    const before = await spentLookups();
    ai.failNext(400);
    expect((await lookup(actors.owner, { language: "es", surface: `fallo-${kind}` })).status).toBe(503);
    expect(await spentLookups()).toBe(before);
  });

  describe("with the session cookie", () => {
    const cookieLookup = (token: string, site: string, surface: string) => {
      cookieSession.token = token;
      return lookupRoute(new Request(`http://localhost:3000${lookupPath({ language: "es", surface })}`, { headers: { "sec-fetch-site": site } }), { params: Promise.resolve({}) });
    };
    afterEach(() => {
      cookieSession.token = null;
    });

    it("refuses a lookup another site's link makes the browser send, and spends nothing", async () => {
      setAiServer(ai.url);
      const before = chats().length;
      const crossSite = await cookieLookup(actors.learner.token, "cross-site", `enlace-${kind}`);
      expect(crossSite.status).toBe(403);
      expect((await crossSite.json()).message).toMatch(/Cross-site requests are not allowed/);
      expect((await cookieLookup(actors.learner.token, "same-site", `enlace-${kind}`)).status).toBe(403);
      expect(chats().length).toBe(before);
      expect((await cookieLookup(actors.learner.token, "same-origin", `enlace-${kind}`)).status).toBe(200);
      expect(chats().length).toBe(before + 1);
    });
  });

  it("stores no meaning under a lemma that no line of any video has", async () => {
    const rows = await t().db.select().from(wordMeanings).where(and(eq(wordMeanings.language, "es"), eq(wordMeanings.lemma, "perro (a dog)")));
    expect(rows).toEqual([]);
  });
});

/**
 * From a transcript to a playable video, against a local server speaking the OpenAI API:
 * vocabulary, translations and quizzes by structured chat calls, saved in one transaction that
 * replaces an earlier run, and read back through the player's endpoints.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getCaptions } from "@/app/api/videos/[id]/captions/route";
import { GET as getTranslations } from "@/app/api/videos/[id]/segment-translations/route";
import { GET as getTimings } from "@/app/api/videos/[id]/word-timings/route";
import { GET as getWords } from "@/app/api/videos/[id]/words/route";
import { GET as getQuiz } from "@/app/api/words/[id]/quiz/route";
import { GET as getMe } from "@/app/api/users/route";
import { saveProcessedContent } from "@/db/queries/processed";
import { languages, quizzes, videoLemmas, videoTokens, videos } from "@/db/schema";
import type { ProcessedContent } from "@/db/queries/processed";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { buildContent } from "@/lib/pipeline/build-content";
import { VOCABULARY_BATCH_LINES } from "@/lib/pipeline/vocabulary";
import { normalizeTranscript } from "@/lib/pipeline/transcript";
import { signedInUser } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { setAiServer } from "@/scripts/standins/env";
import { startFakeOpenAi, type ChatRequest, type FakeOpenAi } from "@/scripts/standins/fake-openai";
import { answerChat, transcriptOf } from "@/scripts/standins/standin-answers";
import { call } from "../helpers/learner-api";

/** The stand-in model (scripts/standins/standin-answers.ts), but for the answers it is told to garble. */
let garble = 0;
function answer(request: ChatRequest): unknown {
  if (garble > 0) {
    garble--;
    return request.schemaName === "vocabulary" ? "{not json" : { lines: "wrong shape" };
  }
  return answerChat(request);
}

/** Four lines over 80 s, words evenly timed: room for four quizzes 20 s apart. */
const transcript = (lines: string[]) => normalizeTranscript({ ...transcriptOf(lines, { every: 20, spoken: 15, duration: 80 }), language: "es" });

let ai: FakeOpenAi;
beforeAll(async () => {
  ai = await startFakeOpenAi({ transcribe: () => ({}), chat: answer });
  setAiServer(ai.url);
});
afterAll(async () => {
  setAiServer(undefined);
  await ai.close();
});

describe.each(testDbKinds)("processed content on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let owner: { id: string; token: string };
  let videoId: number;
  let codes: string[];

  beforeAll(async () => {
    const db = t().db;
    await seedDemoContent(db);
    owner = await signedInUser("owner@example.com");
    await call(getMe, "/api/users", { token: owner.token });
    codes = (await db.select({ code: languages.code }).from(languages)).map((l) => l.code);
    const [video] = await db.insert(videos).values({ youtubeId: "abcdefghijk", title: "Mercado", targetLanguage: "es", status: "processing" }).returning();
    videoId = video!.id;
  });

  const read = async (handler: Parameters<typeof call>[0], suffix: string) =>
    (await call(handler, `/api/videos/${videoId}${suffix}`, { token: owner.token, params: { id: String(videoId) } })).body;

  it("saves captions, timings, vocabulary, translations and quizzes the player reads", async () => {
    const lines = ["Buenos días en el mercado.", "Quiero comprar manzanas rojas.", "¿Cuánto cuestan las naranjas?", "Muchas gracias, hasta mañana."];
    const progress: number[] = [];
    const chatsBefore = ai.chats.length;
    const content = await buildContent(transcript(lines), { targetLanguage: "es", languages: codes, onProgress: (f) => void progress.push(f) });
    await saveProcessedContent(t().db, videoId, content);

    expect((await read(getCaptions, "/captions")).map((c: { text: string }) => c.text)).toEqual(lines);
    const timings = await read(getTimings, "/word-timings");
    expect(timings).toHaveLength(lines.join(" ").split(" ").length);
    expect(timings[0]).toMatchObject({ word: "Buenos", start: 0 });
    const words = await read(getWords, "/words");
    expect(words.map((w: { word: string }) => w.word)).toEqual(["mercado", "manzanas", "naranjas", "gracias"]);
    // Each word is timed by its spoken timing; its quiz comes once its line has been said.
    expect(words[1]).toMatchObject({ timestamp: timings.find((t: { word: string }) => t.word === "manzanas").start, quizTime: 35000 });
    const french = (await call(getTranslations, `/api/videos/${videoId}/segment-translations?language=fr`, { token: owner.token, params: { id: String(videoId) } })).body;
    expect(french.map((t: { translatedText: string }) => t.translatedText)).toEqual(lines.map((l) => `fr: ${l}`));
    const quiz = (await call(getQuiz, `/api/words/${words[1].id}/quiz?nativeLanguage=en`, { token: owner.token, params: { id: String(words[1].id) } })).body;
    expect(quiz.options).toHaveLength(4);
    expect(quiz.options[quiz.correctIndex]).toBe("en-manzanas");
    // One vocabulary call, then one translation call per other language; progress reaches the end.
    const otherLanguages = codes.length - 1;
    const chats = ai.chats.slice(chatsBefore);
    const vocabulary = chats.filter((c) => c.schemaName === "vocabulary");
    expect(vocabulary).toHaveLength(1);
    // The model chooses among each line's words that are not stop-words.
    expect(JSON.parse(vocabulary[0]!.messages.at(-1)!.content).lines[0]).toEqual({ index: 0, text: lines[0], candidates: ["Buenos", "días", "mercado"] });
    expect(chats.filter((c) => c.schemaName === "translations")).toHaveLength(otherLanguages);
    expect(progress.at(-1)).toBe(1);
  });

  it("keeps every word of every line with the lemma and part of speech the same call gave it", async () => {
    const lines = ["Buenos días en el mercado.", "Quiero comprar manzanas rojas."];
    const chatsBefore = ai.chats.length;
    const content = await buildContent(transcript(lines), { targetLanguage: "es", languages: ["es", "en"] });
    // The lemmas come in the vocabulary call: no call of their own.
    expect(ai.chats.slice(chatsBefore).map((c) => c.schemaName)).toEqual(["vocabulary", "translations"]);
    await saveProcessedContent(t().db, videoId, content);
    const rows = await t()
      .db.select()
      .from(videoTokens)
      .where(eq(videoTokens.videoId, videoId))
      .orderBy(asc(videoTokens.captionId), asc(videoTokens.position));
    expect(rows.map((r) => [r.surface, r.lemma, r.partOfSpeech, r.isContent])).toEqual([
      // The stand-in model's lemma is the word in lower case; stop-words get no analysis.
      ["Buenos", "buenos", "noun", true],
      ["días", "días", "noun", true],
      ["en", "en", null, false],
      ["el", "el", null, false],
      ["mercado", "mercado", "noun", true],
      ["Quiero", "quiero", "noun", true],
      ["comprar", "comprar", "noun", true],
      ["manzanas", "manzanas", "noun", true],
      ["rojas", "rojas", "noun", true],
    ]);
    expect(rows.every((r) => lines.some((l) => l.slice(r.start, r.end) === r.surface))).toBe(true);
    const lemmas = await t().db.select().from(videoLemmas).where(eq(videoLemmas.videoId, videoId));
    expect(lemmas).toHaveLength(7);
    // Saved again without words (content made elsewhere), the old words and counts go with the old lines.
    await saveProcessedContent(t().db, videoId, { ...content, tokens: undefined });
    expect(await t().db.select().from(videoTokens).where(eq(videoTokens.videoId, videoId))).toEqual([]);
    expect(await t().db.select().from(videoLemmas).where(eq(videoLemmas.videoId, videoId))).toEqual([]);
  });

  it("analyses a long video's lines in batches, every line in one of them", async () => {
    const lines = Array.from({ length: VOCABULARY_BATCH_LINES + 5 }, (_, i) => `Línea número ${i} del mercado.`);
    const chatsBefore = ai.chats.length;
    const long = normalizeTranscript({ ...transcriptOf(lines, { every: 5, spoken: 4 }), language: "es" });
    const content = await buildContent(long, { targetLanguage: "es", languages: ["es"] });
    const calls = ai.chats.slice(chatsBefore).filter((c) => c.schemaName === "vocabulary");
    expect(calls.map((c) => JSON.parse(c.messages.at(-1)!.content).lines.length)).toEqual([VOCABULARY_BATCH_LINES, 5]);
    expect(content.tokens).toHaveLength(lines.length);
    expect(content.tokens!.every((line) => line.some((w) => w.lemma === "mercado" && w.partOfSpeech === "noun"))).toBe(true);
  });

  it("asks again after a malformed answer or a server error, and stores only valid answers", async () => {
    const before = ai.chats.length;
    garble = 2;
    ai.failNext(500);
    const content = await buildContent(transcript(["Vamos a la playa mañana temprano."]), { targetLanguage: "es", languages: ["es", "en"] });
    expect(content.words.map((w) => w.word)).toEqual(["temprano"]);
    expect(content.segments[0]!.translations).toEqual({ en: "en: Vamos a la playa mañana temprano." });
    // The 500 was retried by the client; the two malformed answers were asked again.
    expect(ai.chats.length - before).toBe(4);
  });

  it("a second run replaces the first: no duplicates, nothing left of the old lines", async () => {
    const lines = ["Hola amigos del barrio.", "Hoy cocinamos paella valenciana."];
    await saveProcessedContent(t().db, videoId, await buildContent(transcript(lines), { targetLanguage: "es", languages: ["es", "en"] }));
    expect((await read(getCaptions, "/captions")).map((c: { text: string }) => c.text)).toEqual(lines);
    expect((await read(getWords, "/words")).map((w: { word: string }) => w.word)).toEqual(["amigos", "valenciana"]);
    expect(await read(getTranslations, "/segment-translations")).toHaveLength(2);
    const [video] = await t().db.select().from(videos).where(eq(videos.id, videoId));
    expect(video!.durationMs).toBe(80_000);
  });

  it("saves any text as it came, quotes, backslashes and emoji alike; a lone surrogate becomes U+FFFD", async () => {
    const line = 'Dijo "hola" \\ adiós 👋 {"a":1}';
    const content: ProcessedContent = {
      durationMs: 10_000,
      segments: [{ text: line, startMs: 0, endMs: 4000, translations: { en: "mal\ud800formado" } }],
      timings: line.split(" ").map((word, i) => ({ word, startMs: i * 500, endMs: i * 500 + 400, segmentIndex: 0 })),
      words: [{ word: "adiós", segmentIndex: 0, timestampMs: 1500, quizTimeMs: 4000, translations: { en: "goodbye" } }],
      quizzes: [{ wordIndex: 0, language: "en", question: "adiós", options: ["goodbye", '"hello"', "no\\", "👋"], correctIndex: 0 }],
    };
    await saveProcessedContent(t().db, videoId, content);
    expect((await read(getCaptions, "/captions")).map((c: { text: string }) => c.text)).toEqual([line]);
    expect((await read(getTimings, "/word-timings")).map((w: { word: string }) => w.word)).toEqual(line.split(" "));
    const english = (await call(getTranslations, `/api/videos/${videoId}/segment-translations?language=en`, { token: owner.token, params: { id: String(videoId) } })).body;
    expect(english.map((l: { translatedText: string }) => l.translatedText)).toEqual(["mal\ufffdformado"]);
    const [word] = await read(getWords, "/words");
    expect(word).toMatchObject({ word: "adiós", context: line });
    const [stored] = await t().db.select({ options: quizzes.options, correctIndex: quizzes.correctIndex }).from(quizzes).where(eq(quizzes.wordId, word.id));
    expect(stored).toEqual({ options: content.quizzes[0]!.options, correctIndex: 0 });
    // The quiz asks its right answer; its wrong options are drawn for each read.
    const quiz = (await call(getQuiz, `/api/words/${word.id}/quiz?nativeLanguage=en`, { token: owner.token, params: { id: String(word.id) } })).body;
    expect(quiz.options[quiz.correctIndex]).toBe("goodbye");
  });
});

/**
 * A line far longer than a caption (a transcript's, YouTube's, or a caption saved before captions
 * were capped) costs no more than AI_LINE_MAX characters in any prompt: processing's vocabulary
 * and translation calls and a learner's word lookup get it cut between words (around the word
 * asked about), while the line itself is kept whole for the player.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askWordMeaning } from "@/lib/ai/word-meaning";
import { buildContent } from "@/lib/pipeline/build-content";
import { normalizeTranscript } from "@/lib/pipeline/transcript";
import { AI_LINE_MAX } from "@/lib/validation/limits";
import { setAiServer } from "@/scripts/standins/env";
import { startFakeOpenAi, type FakeOpenAi } from "@/scripts/standins/fake-openai";
import { answerChat, transcriptOf } from "@/scripts/standins/standin-answers";

let ai: FakeOpenAi;
beforeAll(async () => {
  ai = await startFakeOpenAi({ transcribe: () => ({}), chat: answerChat });
  setAiServer(ai.url);
});
afterAll(async () => {
  setAiServer(undefined);
  await ai.close();
});

/** About 24 KB of words, each once, the word "mercado" near its end. */
const LONG = Array.from({ length: 3000 }, (_, i) => (i === 2900 ? "mercado" : `palabra${i}`)).join(" ");

const prompt = (request: FakeOpenAi["chats"][number]) => JSON.parse(request.messages.at(-1)!.content);
/** Whether `cut` is `line` from its start, cut between two words. */
const cutBetweenWords = (cut: string, line: string) => line === cut || line.startsWith(`${cut} `);

describe("a very long line", () => {
  it("goes to processing's prompts cut between words, and is kept whole", async () => {
    const lines = ["Buenos días en el mercado.", LONG];
    const transcript = normalizeTranscript({ ...transcriptOf(lines, { every: 30, spoken: 25, duration: 60 }), language: "es" });
    const before = ai.chats.length;
    const content = await buildContent(transcript, { targetLanguage: "es", languages: ["es", "en"] });
    expect(content.segments.map((s) => s.text)).toEqual(lines);

    const calls = ai.chats.slice(before);
    const vocabulary = calls.filter((c) => c.schemaName === "vocabulary").flatMap((c) => prompt(c).lines as { index: number; text: string; candidates: string[] }[]);
    const long = vocabulary.find((l) => l.index === 1)!;
    expect(long.text.length).toBeLessThanOrEqual(AI_LINE_MAX);
    expect(long.text.length).toBeGreaterThan(AI_LINE_MAX / 2);
    expect(cutBetweenWords(long.text, LONG)).toBe(true);
    // Its words to choose from are those of the part sent.
    expect(long.candidates.every((word) => long.text.split(" ").includes(word))).toBe(true);

    const translations = calls.filter((c) => c.schemaName === "translations").map(prompt);
    const sent = translations.flatMap((p) => p.lines as { index: number; text: string }[]);
    expect(sent.find((l) => l.index === 0)!.text).toBe(lines[0]);
    expect(cutBetweenWords(sent.find((l) => l.index === 1)!.text, LONG)).toBe(true);
    expect(sent.every((l) => l.text.length <= AI_LINE_MAX)).toBe(true);
    const contexts = translations.flatMap((p) => p.words as { context: string }[]).map((w) => w.context);
    expect(contexts.every((context) => context.length <= AI_LINE_MAX)).toBe(true);
    expect(calls.every((c) => c.messages.at(-1)!.content.length < 10 * AI_LINE_MAX)).toBe(true);
  });

  it("goes to a word lookup's prompt as the part around the word", async () => {
    const before = ai.chats.length;
    const answer = await askWordMeaning({ language: "es", nativeLanguage: "en", word: "mercado", lemma: "mercado", line: LONG });
    expect(answer.meanings.length).toBeGreaterThan(0);
    const { line } = prompt(ai.chats[before]!) as { line: string };
    expect(line.length).toBeLessThanOrEqual(AI_LINE_MAX);
    expect(line.split(" ")).toContain("mercado");
    expect(` ${LONG} `.includes(` ${line} `)).toBe(true);
  });
});

/** The OpenAI stand-ins answer the word popover's lookup in the schema the app validates. */
import { describe, expect, it } from "vitest";
import { wordMeaningAnswer, WORD_MEANING_SCHEMA_NAME } from "@/lib/ai/word-meaning";
import type { ChatRequest } from "@/scripts/standins/fake-openai";
import { answerChat } from "@/scripts/standins/standin-answers";
import { answerClipChat } from "@/tests/e2e/support/processing-clip";

const ask = (line: string | null): ChatRequest => ({
  schemaName: WORD_MEANING_SCHEMA_NAME,
  schema: {},
  model: "gpt-4o-mini",
  messages: [
    { role: "system", content: "..." },
    { role: "user", content: JSON.stringify({ language: "es", nativeLanguage: "en", word: "Compramos", lemma: "comprar", line }) },
  ],
});

describe("the OpenAI stand-ins' word lookups", () => {
  it("answer the lookup schema, with the line's meaning only when a line is given", () => {
    for (const answer of [answerChat, answerClipChat]) {
      const inLine = wordMeaningAnswer.parse(answer(ask("Compramos naranjas.")));
      expect(inLine).toEqual({ partOfSpeech: "noun", meanings: ["en-comprar", "en-comprar-2"], inLine: 'en-Compramos in "Compramos naranjas."' });
      expect(wordMeaningAnswer.parse(answer(ask(null))).inLine).toBeNull();
    }
  });
});

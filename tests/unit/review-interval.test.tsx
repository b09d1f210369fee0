/**
 * How long until a card comes back: counted in one unit (lib/words/cards/format.ts) and put in
 * words by the review screen's messages, which in English say exactly what `formatInterval` says.
 */
import { createTranslator } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WordMeaning } from "@/components/words/word-meaning";
import { formatInterval, intervalParts } from "@/lib/words/cards/format";
import { LINE_CONTEXT_MESSAGE, NO_MEANING_MESSAGE, type WordLookup } from "@/lib/words/meanings/lookup";
import type en from "@/messages/en.json";
import { catalogue, WithIntl } from "../helpers/intl";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("a card's interval", () => {
  it("is counted in its largest sensible unit", () => {
    expect(intervalParts(0)).toEqual({ unit: "minute", count: 1 });
    expect(intervalParts(10 * MINUTE)).toEqual({ unit: "minute", count: 10 });
    expect(intervalParts(3 * HOUR)).toEqual({ unit: "hour", count: 3 });
    expect(intervalParts(3 * DAY)).toEqual({ unit: "day", count: 3 });
    expect(intervalParts(60 * DAY)).toEqual({ unit: "month", count: 2 });
    expect(intervalParts(548 * DAY)).toEqual({ unit: "year", count: 1.5 });
  });

  it("reads the same in English", () => {
    expect(formatInterval(10 * MINUTE)).toBe("10 min");
    expect(formatInterval(MINUTE, "long")).toBe("1 minute");
    expect(formatInterval(10 * MINUTE, "long")).toBe("10 minutes");
    expect(formatInterval(HOUR)).toBe("1 hour");
    expect(formatInterval(3 * DAY)).toBe("3 days");
    expect(formatInterval(30 * DAY)).toBe("30 days");
    expect(formatInterval(45 * DAY)).toBe("2 months");
    expect(formatInterval(365 * DAY)).toBe("1 year");
    expect(formatInterval(548 * DAY)).toBe("1.5 years");
  });

  it("is said by the review screen's messages in English as formatInterval says it", () => {
    const t = createTranslator({ locale: "en", messages: catalogue("en") as typeof en, namespace: "review" });
    const samples = [0, 29_999, 30_000, MINUTE, 89_999, 90_000, 59 * MINUTE, HOUR - 1, HOUR, 90 * MINUTE, 23 * HOUR, DAY - 1, DAY, 3 * DAY, 30 * DAY, 31 * DAY, 45 * DAY, 200 * DAY, 364 * DAY, 365 * DAY, 548 * DAY, 3650 * DAY];
    for (const ms of samples) {
      expect(t("intervalShort", intervalParts(ms))).toBe(formatInterval(ms));
      expect(t("nextReview", intervalParts(ms))).toBe(`Next review in ${formatInterval(ms, "long")}.`);
    }
  });
});

describe("the word's meaning", () => {
  const lookup: WordLookup = {
    surface: "quiero",
    lemma: "querer",
    language: "es",
    nativeLanguage: "en",
    source: "ai",
    note: { text: "to want <b>", updatedAt: "2024-01-01T00:00:00Z" },
    vocabulary: null,
    dictionaries: [],
    ai: { partOfSpeech: "verb", meanings: ["to want", "to love"], inLine: "I want", model: "gpt-x", cached: true },
    lineTranslation: null,
    message: null,
  };
  const text = (data: WordLookup) =>
    renderToStaticMarkup(
      <WithIntl>
        <WordMeaning lookup={{ data, isPending: false, isError: false, error: null }} />
      </WithIntl>,
    )
      .replace(/<[^>]+>/g, "|")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&#x27;/g, "'");

  it("shows the note, the AI's meaning in the line and its credit as before", () => {
    const shown = text(lookup);
    expect(shown).toContain("|Your note: |to want <b>|");
    expect(shown).toContain("|Here: |I want|");
    expect(shown).toContain("|Meaning by AI (gpt-x)|");
  });

  it("says why there is no meaning, in English as the look-up says it", () => {
    const none = { ...lookup, source: "none" as const, note: null, ai: null, message: NO_MEANING_MESSAGE };
    expect(text(none)).toContain(`|${NO_MEANING_MESSAGE}|`);
    expect(text({ ...none, lineTranslation: "I want a coffee.", message: LINE_CONTEXT_MESSAGE })).toContain(`|${LINE_CONTEXT_MESSAGE}|`);
  });
});

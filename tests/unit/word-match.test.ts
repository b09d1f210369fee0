/**
 * One word-matching rule for processing and the player: the caption words the player lights for
 * a vocabulary word are the recogniser's words processing timed it by.
 */
import { describe, expect, it } from "vitest";
import type { ProcessedTiming } from "@/db/queries/processed";
import { placeVocabulary } from "@/lib/pipeline/vocabulary";
import { vocabularyTimingIndexes } from "@/lib/player/timing";
import { spokenSpans } from "@/lib/text/word-match";

type Case = { language: string; line: string; heard: string[]; word: string; lit: number[] };

/** Processing chooses `word` in `line`, heard as `heard` (500 ms each); the player then lights the caption words it timed. */
function chooseThenLight({ language, line, heard, word }: Case) {
  const timings: ProcessedTiming[] = heard.map((w, i) => ({ word: w, startMs: i * 500, endMs: (i + 1) * 500, segmentIndex: 0 }));
  const proposal = { word, lemma: word, partOfSpeech: "noun", cefr: "A1" as const, segmentIndex: 0 };
  const [chosen] = placeVocabulary([proposal], { segments: [{ text: line, startMs: 0, endMs: 10_000 }], timings, language, budget: 1 });
  expect(chosen, `processing keeps ${word}`).toBeDefined();
  const said = timings.map((t) => ({ word: t.word, start: t.startMs }));
  const lit = [...vocabularyTimingIndexes([{ word: chosen!.word, timestamp: chosen!.timestampMs }], said, language)].sort((a, b) => a - b);
  return { chosen: chosen!, lit, timings };
}

const CASES: Case[] = [
  // Capitals and punctuation on the recogniser's words; the word said twice: processing times the first.
  { language: "es", line: "¿Quiere un Café? Sí, café con leche.", heard: ["¿Quiere", "un", "Café?", "Sí,", "café", "con", "leche."], word: "café", lit: [2] },
  { language: "es", line: "¿Quiere un Café? Sí, café con LECHE.", heard: ["¿Quiere", "un", "Café?", "Sí,", "café", "con", "LECHE."], word: "leche", lit: [6] },
  // An elided clitic on the recogniser's word.
  { language: "fr", line: "Je bois de l'eau, merci.", heard: ["Je", "bois", "de", "l'eau,", "merci."], word: "eau", lit: [3] },
  // Japanese: a verb heard in pieces the segmenter cuts otherwise; a noun heard in two.
  { language: "ja", line: "私は毎朝コーヒーを飲みます。", heard: ["私", "は", "毎", "朝", "コー", "ヒー", "を", "飲み", "ます", "。"], word: "飲みます", lit: [7, 8] },
  { language: "ja", line: "私は毎朝コーヒーを飲みます。", heard: ["私", "は", "毎", "朝", "コー", "ヒー", "を", "飲み", "ます", "。"], word: "コーヒー", lit: [4, 5] },
  // Chinese: a recogniser's piece holding the end of one word and the start of the next.
  { language: "zh", line: "我每天早上喝咖啡。", heard: ["我", "每天", "早上", "喝咖", "啡。"], word: "咖啡", lit: [3, 4] },
];

describe("the player lights the word processing chose", () => {
  it.each(CASES)("$language: $word in $line", (c) => {
    const { chosen, lit, timings } = chooseThenLight(c);
    expect(lit).toEqual(c.lit);
    // The lit words are the ones processing timed the word by: it starts with the first.
    expect(timings[lit[0]!]!.startMs).toBe(chosen.timestampMs);
  });

  it("lights nothing for a word the line's timed words do not say, as processing times none", () => {
    const said = ["私", "は", "コー", "ヒー", "を", "飲", "み", "ます", "。"].map((word, i) => ({ word, start: i * 300 }));
    expect([...vocabularyTimingIndexes([{ word: "飲もう", timestamp: 1500 }], said, "ja")]).toEqual([]);
    expect([...vocabularyTimingIndexes([{ word: "mercado", timestamp: 0 }], [{ word: "Buenos", start: 0 }], "es")]).toEqual([]);
  });
});

describe("where a line's timed words say a word", () => {
  it("finds every occurrence, whatever the case and punctuation around it", () => {
    const heard = ["Café,", "café", "y", "¡CAFÉ!"].map((word) => ({ word }));
    expect(spokenSpans("café", heard, "es")).toEqual([0, 1, 3].map((i) => ({ first: i, last: i })));
    expect(spokenSpans("¿Café?", heard, "es")).toHaveLength(3);
  });

  it("in Japanese and Chinese, across pieces, each occurrence once", () => {
    const heard = ["水", "を", "飲", "み", "ます", "。", "水", "を"].map((word) => ({ word }));
    expect(spokenSpans("飲みます", heard, "ja")).toEqual([{ first: 2, last: 4 }]);
    expect(spokenSpans("水", heard, "ja")).toEqual([{ first: 0, last: 0 }, { first: 6, last: 6 }]);
    expect(spokenSpans("お茶", heard, "ja")).toEqual([]);
  });
});

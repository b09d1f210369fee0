/** The word popover's pure logic: timed words to analysed words, a line cut into words, a status applied at once, Recommended's order. */
import { describe, expect, it } from "vitest";
import type { LineWordDto, VideoTokens } from "@/lib/types/api";
import { isUnknownWord, lineParts, statusOfLemma, tokensForTimedWords, withWordStatus } from "@/lib/words/line-tokens";
import { inComfortableBand, preferComfortable } from "@/lib/words/comprehension/band";

function word(text: string, surface: string, lemma: string, extra: Partial<LineWordDto> = {}): LineWordDto {
  const start = text.indexOf(surface);
  return { position: 0, start, end: start + surface.length, surface, lemma, partOfSpeech: "noun", isContent: true, isProperNoun: false, status: "new", ...extra };
}

const LINE = "Buenos días, quisiera un café con leche, por favor.";
const WORDS = [word(LINE, "Buenos", "bueno"), word(LINE, "días", "día"), word(LINE, "quisiera", "querer"), word(LINE, "un", "uno", { isContent: false }), word(LINE, "café", "café"), word(LINE, "leche", "leche")];

describe("tokensForTimedWords", () => {
  it("finds each timed word's analysed word, punctuation and all", () => {
    const timed = ["Buenos", "días,", "quisiera", "un", "café", "con", "leche,", "por", "favor."].map((w) => ({ word: w }));
    const found = tokensForTimedWords(LINE, timed, WORDS).map((t) => t?.lemma);
    expect(found).toEqual(["bueno", "día", "querer", "uno", "café", undefined, "leche", undefined, undefined]);
  });

  it("gives every piece of a word written without spaces the same word", () => {
    const text = "水を飲みます";
    const drink = word(text, "飲みます", "飲む");
    const found = tokensForTimedWords(text, [{ word: "水" }, { word: "を" }, { word: "飲" }, { word: "み" }, { word: "ます" }], [word(text, "水", "水"), drink]);
    expect(found.map((t) => t?.lemma)).toEqual(["水", undefined, "飲む", "飲む", "飲む"]);
  });

  it("matches a timed word whatever its case, and skips one the text lacks", () => {
    const found = tokensForTimedWords(LINE, [{ word: "buenos" }, { word: "xyz" }, { word: "días" }], WORDS);
    expect(found.map((t) => t?.lemma)).toEqual(["bueno", undefined, "día"]);
  });
});

describe("lineParts", () => {
  it("keeps the text between words as written", () => {
    const parts = lineParts(LINE, WORDS.slice(0, 3));
    expect(parts.map((p) => (typeof p === "string" ? p : `[${p.lemma}]`)).join("")).toBe("[bueno] [día], [querer] un café con leche, por favor.");
  });

  it("drops words whose offsets overlap or fall outside the text", () => {
    const parts = lineParts("ab cd", [
      { ...WORDS[0]!, start: 0, end: 2 },
      { ...WORDS[1]!, start: 1, end: 4 },
      { ...WORDS[2]!, start: 3, end: 9 },
    ]);
    expect(parts.map((p) => (typeof p === "string" ? p : `[${p.lemma}]`))).toEqual(["[bueno]", " cd"]);
  });
});

describe("withWordStatus", () => {
  const tokens: VideoTokens = {
    videoId: 1,
    language: "es",
    comprehension: 0,
    lines: [
      { segmentIndex: 0, unknownWords: 5, words: WORDS },
      { segmentIndex: 1, unknownWords: 2, words: [word("leche y pan", "leche", "leche"), word("leche y pan", "pan", "pan")] },
    ],
    wordsToLearnFirst: [
      { lemma: "leche", occurrences: 2 },
      { lemma: "pan", occurrences: 1 },
    ],
  };

  it("marks the lemma in every line and counts unknown words again", () => {
    const known = withWordStatus(tokens, "leche", "known");
    expect(known.lines.flatMap((l) => l.words).filter((w) => w.lemma === "leche").map((w) => w.status)).toEqual(["known", "known"]);
    expect(known.lines.map((l) => l.unknownWords)).toEqual([4, 1]);
    expect(known.wordsToLearnFirst.map((w) => w.lemma)).toEqual(["pan"]);
    expect(statusOfLemma(known, "leche")).toBe("known");
    expect(statusOfLemma(known, "pan")).toBe("new");
    // The answer it was made from is left as it was (react-query compares by reference).
    expect(statusOfLemma(tokens, "leche")).toBe("new");
  });

  it("counts learning words as unknown, and keeps untouched lines as they were", () => {
    const learning = withWordStatus(tokens, "pan", "learning");
    expect(learning.lines[0]).toBe(tokens.lines[0]);
    expect(learning.lines[1]!.unknownWords).toBe(2);
    expect(isUnknownWord({ isContent: true, isProperNoun: false, status: "learning" })).toBe(true);
    expect(isUnknownWord({ isContent: true, isProperNoun: true, status: "new" })).toBe(false);
  });

  it("is the same answer when nothing changes", () => {
    expect(withWordStatus(tokens, "nada", "new")).toBe(tokens);
  });
});

describe("preferComfortable", () => {
  it("puts videos 90–98 % known first, each group in its order", () => {
    const cards = [50, null, 95, 99, 90, 98, 100].map((comprehension, id) => ({ id, comprehension }));
    expect(preferComfortable(cards).map((c) => c.comprehension)).toEqual([95, 90, 98, 50, null, 99, 100]);
    expect(inComfortableBand(89.5)).toBe(false);
  });
});

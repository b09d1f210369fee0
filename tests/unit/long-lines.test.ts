/**
 * One very long line (a transcript's, YouTube's, a caption saved before captions were capped):
 * reading its words and finding a word in its timed words take time in proportion to its length,
 * and what goes to the AI of it is cut between words, around the word asked about.
 */
import { describe, expect, it } from "vitest";
import { clipAround, clipLine } from "@/lib/text/clip";
import { tokenize } from "@/lib/text/tokens";
import { spokenSpans } from "@/lib/text/word-match";
import { bestCpuMs } from "../helpers/cost";

/**
 * Eight times the input takes at most about eight times as long: work that grows with the square
 * takes sixty-four. Twice that, and some slack, keeps timer noise on a busy machine out.
 */
function expectLinear(what: string, work: (size: number) => unknown, size: number) {
  const small = bestCpuMs(() => work(size));
  const bound = 16 * small + 300;
  const large = bestCpuMs(() => work(8 * size));
  expect(large, `${what}: ${size} took ${small.toFixed(1)} ms, eight times as much`).toBeLessThan(bound);
}

describe("a very long line", () => {
  it.each([
    ["es", "<b "],
    ["es", "hola "],
  ])("is read into words in linear time (%s, %j repeated)", (language, unit) => {
    expectLinear(`tokenize ${JSON.stringify(unit)}`, (size) => tokenize(unit.repeat(Math.ceil(size / unit.length)), language), 10_000);
  });

  it("keeps every word when read in pieces", () => {
    const words = Array.from({ length: 3000 }, (_, i) => `palabra${i}`);
    const tokens = tokenize(words.join(" "), "es");
    expect(tokens.map((t) => t.text)).toEqual(words);
    const line = words.join(" ");
    expect(tokens.every((t) => line.slice(t.start, t.end) === t.text)).toBe(true);
  });

  it("has a word found among its timed words in linear time (Chinese, written without spaces)", () => {
    const timings = (size: number) => Array.from({ length: size }, (_, i) => ({ word: "猫", start: i }));
    expectLinear("spokenSpans", (size) => spokenSpans("猫", timings(size), "zh"), 10_000);
    expect(spokenSpans("猫猫", timings(5), "zh")).toEqual([
      { first: 0, last: 1 },
      { first: 2, last: 3 },
    ]);
  });
});

describe("a line for a prompt", () => {
  const line = Array.from({ length: 400 }, (_, i) => `w${i}`).join(" ");

  it("is cut between words, within the limit", () => {
    const cut = clipLine(line, 100);
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(line.startsWith(`${cut} `)).toBe(true);
    expect(clipLine("corta", 100)).toBe("corta");
    // Never half a character.
    expect(clipLine("a" + "😀".repeat(10), 4)).toBe("a😀");
  });

  it("keeps the word it is about", () => {
    const cut = clipAround(line, "w300", 100);
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(cut.split(" ")).toContain("w300");
    expect(line.includes(cut)).toBe(true);
    expect(line.includes(` ${cut} `)).toBe(true);
    expect(clipAround(line, "w399", 100).endsWith("w399")).toBe(true);
    expect(clipAround(line, "nada", 100)).toBe(clipLine(line, 100));
  });
});

import { describe, expect, it } from "vitest";
import { BATCH_LINES, batches } from "@/lib/pipeline/translate";

const line = (index: number) => ({ index, text: `line ${index}` });
const word = (index: number, lineIndex: number) => ({ index, word: `w${index}`, context: "", lineIndex });

describe("translation batches", () => {
  it("sends many lines per call, each word with its line", () => {
    const lines = Array.from({ length: BATCH_LINES * 2 + 5 }, (_, i) => line(i));
    const out = batches(lines, [word(0, 3), word(1, BATCH_LINES + 1), word(2, BATCH_LINES * 2 + 4)]);
    expect(out.map((b) => b.lines.length)).toEqual([BATCH_LINES, BATCH_LINES, 5]);
    expect(out.map((b) => b.words.map((w) => w.index))).toEqual([[0], [1], [2]]);
  });

  it("sends words alone when their lines are not being translated", () => {
    const out = batches([line(0)], [word(0, 0), word(1, 7), word(2, 9)]);
    expect(out).toEqual([
      { lines: [line(0)], words: [{ index: 0, word: "w0", context: "" }] },
      { lines: [], words: [{ index: 1, word: "w1", context: "" }, { index: 2, word: "w2", context: "" }] },
    ]);
    expect(batches([], [])).toEqual([]);
  });
});

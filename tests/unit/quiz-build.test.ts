import { describe, expect, it } from "vitest";
import { buildQuiz } from "@/lib/quiz/build";

const pool = ["milk", "bread", "Coffee", "water", "milk", "  ", "tea", "sugar"];

describe("a word's quiz", () => {
  it("has the right answer among three distinct distractors, none a spelling of the answer", () => {
    const quiz = buildQuiz("7:en", "coffee", pool)!;
    expect(quiz.options).toHaveLength(4);
    expect(quiz.options[quiz.correctIndex]).toBe("coffee");
    expect(new Set(quiz.options.map((o) => o.toLowerCase())).size).toBe(4);
    expect(quiz.options.filter((o) => o.toLowerCase() === "coffee")).toEqual(["coffee"]);
    for (const option of quiz.options) expect(["coffee", ...pool]).toContain(option);
  });

  it("is the same every time for a word and language, whatever order the pool arrives in", () => {
    const quiz = buildQuiz("7:en", "coffee", pool);
    expect(buildQuiz("7:en", "coffee", [...pool])).toEqual(quiz);
    const shuffled = [...pool].reverse();
    expect(buildQuiz("7:en", "coffee", shuffled)).toEqual(quiz);
  });

  it("puts the right answer in different places for different words", () => {
    const positions = new Set(Array.from({ length: 40 }, (_, id) => buildQuiz(`${id}:en`, "coffee", pool)!.correctIndex));
    expect(positions).toEqual(new Set([0, 1, 2, 3]));
  });

  it("puts the right answer in each place about equally often, whatever the answers' words", () => {
    // Real translations of a small vocabulary: every place should come up for about a quarter of the words.
    const meanings = ["coffee", "toast", "water", "day", "south", "nurse", "sister", "to read", "market", "peaches", "price", "basket"];
    const counts = [0, 0, 0, 0];
    let words = 0;
    for (let id = 1; id <= 200; id++) {
      for (const [i, answer] of meanings.entries()) {
        const quiz = buildQuiz(`${id * meanings.length + i}:en`, answer, meanings.filter((m) => m !== answer))!;
        counts[quiz.correctIndex]!++;
        words++;
      }
    }
    for (const count of counts) expect(count / words).toBeGreaterThan(0.2);
  });

  it("gives up without three distinct distractors, or without an answer", () => {
    expect(buildQuiz("1:en", "x", ["y", "y", "X", "z"])).toBeNull();
    expect(buildQuiz("1:en", " ", ["a", "b", "c"])).toBeNull();
    expect(buildQuiz("1:en", "x", ["a", "b", "c"])).not.toBeNull();
  });
});

/**
 * Quizzes that test: the options come in a new order at each attempt (the right answer spread over
 * all four places, by a chi-square bound on seeded draws), the overlay keeps one attempt's order,
 * and a word's wrong options are drawn from the language's wider vocabulary, its part of speech
 * first (a demo word's reach beyond its own video).
 */
import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { QuizOverlay } from "@/components/player/quiz-overlay";
import { WithIntl } from "../helpers/intl";
import { drawDistractors, drawQuiz, optionText, type Candidate } from "@/lib/quiz/distractors";
import { seededRandom, shuffleQuiz } from "@/lib/quiz/shuffle";

/** Pearson's chi-square of counts against an even spread. */
function chiSquare(counts: readonly number[]): number {
  const expected = counts.reduce((a, b) => a + b, 0) / counts.length;
  return counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
}
/** Chi-square with 3 degrees of freedom exceeds this once in 1000 for an even spread. */
const CHI2_3_P999 = 16.27;

const quiz = { wordId: 1, word: "café", nativeLanguage: "en", options: ["toast", "water", "day", "coffee"], correctIndex: 3 };

describe("a quiz's options at each attempt", () => {
  it("keep the right answer right, wherever it goes", () => {
    for (let i = 0; i < 50; i++) {
      const shown = shuffleQuiz(quiz, seededRandom(`attempt-${i}`));
      expect([...shown.options].sort()).toEqual([...quiz.options].sort());
      expect(shown.options[shown.correctIndex]).toBe("coffee");
    }
    expect(shuffleQuiz({ ...quiz, options: [], correctIndex: -1 }, seededRandom(1))).toMatchObject({ options: [], correctIndex: -1 });
  });

  it("put the right answer in each of the four places about equally often over many attempts", () => {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[shuffleQuiz(quiz, seededRandom(`attempt-${i}`)).correctIndex]!++;
    for (const count of counts) expect(count).toBeGreaterThan(0);
    expect(chiSquare(counts)).toBeLessThan(CHI2_3_P999);
  });

  it("stay in one order while an attempt is open, and change from one attempt to the next", () => {
    const render = (attempt: string) => {
      const html = renderToStaticMarkup(
        <WithIntl>
          <QuizOverlay word="café" sentence={null} language="es" quiz={quiz} attempt={attempt} loading={false} onAnswer={() => {}} onClose={() => {}} />
        </WithIntl>,
      );
      return [...html.matchAll(/<span class="min-w-0 flex-1">([^<]*)<\/span>/g)].map((m) => m[1]);
    };
    expect(render("a")).toEqual(render("a"));
    const orders = new Set(Array.from({ length: 12 }, (_, i) => render(`visit-${i}`).join("|")));
    expect(orders.size).toBeGreaterThan(4);
    for (const order of orders) expect(order.split("|").sort()).toEqual([...quiz.options].sort());
  });
});

describe("a word's wrong options", () => {
  const nouns: Candidate[] = ["toast", "water", "day", "south", "nurse", "sister"].map((text) => ({ text, partOfSpeech: "noun" }));
  const verbs: Candidate[] = ["to read", "to take"].map((text) => ({ text, partOfSpeech: "verb" }));

  it("are three distinct meanings, none a spelling of the answer, of its part of speech when there are enough", () => {
    for (let i = 0; i < 50; i++) {
      const drawn = drawDistractors("coffee", [...verbs, { text: "Coffee", partOfSpeech: "noun" }, ...nouns, { text: "water", partOfSpeech: "noun" }], "noun", seededRandom(i))!;
      expect(drawn).toHaveLength(3);
      expect(new Set(drawn).size).toBe(3);
      for (const text of drawn) expect(nouns.map((n) => n.text)).toContain(text);
    }
    // Too few nouns: the other words top them up.
    const topped = drawDistractors("coffee", [...nouns.slice(0, 1), ...verbs], "noun", seededRandom(3))!;
    expect([...topped].sort()).toEqual(["to read", "to take", "toast"]);
    expect(drawDistractors("coffee", nouns.slice(0, 2), "noun", seededRandom(3))).toBeNull();
  });

  it("take a definition's first sense, and leave out one too long to read as an option", () => {
    expect(optionText("to read; to gather (grapes)")).toBe("to read");
    expect(optionText("  market\nfair")).toBe("market");
    expect(optionText("x".repeat(61))).toBeUndefined();
    expect(optionText(" ; ")).toBeUndefined();
  });

  it("put the right answer in each place about equally often when drawn", () => {
    const counts = [0, 0, 0, 0];
    const random = seededRandom("draws");
    for (let i = 0; i < 4000; i++) counts[drawQuiz("coffee", drawDistractors("coffee", nouns, "noun", random)!, random).correctIndex]!++;
    expect(chiSquare(counts)).toBeLessThan(CHI2_3_P999);
  });

  it("reach beyond a demo word's own video: café's come from the other Spanish video too", () => {
    type Demo = { title: string; targetLanguage: string; vocabulary: { word: string; translations: Record<string, string> }[] };
    const demo = (JSON.parse(readFileSync("db/seed/demo-content.json", "utf8")) as { videos: Demo[] }).videos;
    const coffee = demo.find((v) => v.title === "Ordering Coffee in Madrid")!;
    const spanish = demo.filter((v) => v.targetLanguage === "es");
    const candidates = spanish.flatMap((v) => v.vocabulary.filter((w) => w.word !== "café").map((w) => ({ text: w.translations.en!, partOfSpeech: null, video: v.title })));
    const own = new Set(coffee.vocabulary.map((w) => w.translations.en));
    const seen = new Set<string>();
    const sets = new Set<string>();
    const random = seededRandom("café");
    for (let i = 0; i < 200; i++) {
      const drawn = drawDistractors("coffee", candidates, null, random)!;
      drawn.forEach((text) => seen.add(text));
      sets.add([...drawn].sort().join("|"));
    }
    const beyond = [...seen].filter((text) => !own.has(text));
    expect(beyond.length).toBeGreaterThanOrEqual(3);
    // Not the same three every time: with seven candidates, many of the 35 possible sets come up.
    expect(sets.size).toBeGreaterThan(15);
  });
});

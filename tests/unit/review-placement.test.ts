import { describe, expect, it } from "vitest";
import { placeReviews, type ReviewCandidate } from "@/lib/words/cards/placement";
import { quizPacing, quizToTrigger } from "@/lib/player/timing";

const every = { mode: "every" } as const;
const spaced = (seconds: number) => ({ mode: "spaced", gapMs: seconds * 1000 }) as const;
const line = (captionId: number, endTime: number, hasVocabulary = false) => ({ captionId, endTime, hasVocabulary });

describe("where a video quizzes due words", () => {
  // The video's own quizzes open at 10 s (word 1) and 70 s (word 2).
  const vocabulary = [
    { id: 1, at: 10_000 },
    { id: 2, at: 70_000 },
  ];

  it("puts a word at the end of a line it is said in: an extra quiz where there is 20 s of room, else in the nearest vocabulary quiz's place", () => {
    const candidates: ReviewCandidate[] = [{ lemma: "a", lines: [line(1, 20_000), line(2, 40_350)] }];
    expect(placeReviews(candidates, vocabulary, every)).toEqual([{ lemma: "a", line: line(2, 40_350), quizTime: 40_350, replaces: null }]);
    // Said only 10 s from a vocabulary quiz: it takes that quiz's place.
    expect(placeReviews([{ lemma: "b", lines: [line(1, 20_350)] }], vocabulary, every)).toEqual([{ lemma: "b", line: line(1, 20_350), quizTime: 20_350, replaces: 1 }]);
    // Said between two quizzes 2 s apart: whichever it replaced, the other would be 1 s from it.
    const close = [
      { id: 1, at: 10_000 },
      { id: 2, at: 12_000 },
    ];
    expect(placeReviews([{ lemma: "c", lines: [line(1, 11_350)] }], close, every)).toEqual([]);
  });

  it("takes the place of at most half of the video's quizzes, never twice the same", () => {
    const four = [10_000, 30_000, 50_000, 70_000].map((at, i) => ({ id: i + 1, at }));
    const words = [12_000, 33_000, 55_000, 75_000].map((end, i) => ({ lemma: `w${i}`, lines: [line(i, end)] }));
    const placed = placeReviews(words, four, every);
    expect(placed.map((r) => r.replaces)).toEqual([1, 2]);
    // A video with one quiz keeps it.
    expect(placeReviews(words.slice(0, 1), four.slice(0, 1), every)).toEqual([]);
  });

  it("keeps reviews 20 s apart (or the learner's longer gap), the most overdue first, at most five", () => {
    const candidates = [
      { lemma: "first", lines: [line(1, 40_000)] },
      { lemma: "close", lines: [line(2, 45_000)] },
      { lemma: "later", lines: [line(3, 95_000)] },
    ];
    expect(placeReviews(candidates, vocabulary, every).map((r) => r.lemma)).toEqual(["first", "later"]);
    expect(placeReviews(candidates, [], spaced(10)).map((r) => r.lemma)).toEqual(["first", "later"]);
    expect(placeReviews(candidates, [], spaced(60)).map((r) => r.lemma)).toEqual(["first"]);
    const many = Array.from({ length: 8 }, (_, i) => ({ lemma: `w${i}`, lines: [line(i, 200_000 + i * 30_000)] }));
    expect(placeReviews(many, [], every)).toHaveLength(5);
  });

  it("prefers a line where it is an extra quiz, then one without a vocabulary word, then the one farthest from the video's quizzes", () => {
    const word = { lemma: "a", lines: [line(1, 40_000, true), line(2, 35_000), line(3, 42_000)] };
    expect(placeReviews([word], vocabulary, every)[0]!.line.captionId).toBe(3);
    const replacing = { lemma: "a", lines: [line(1, 11_000, true), line(2, 14_000), line(3, 40_000)] };
    expect(placeReviews([replacing], vocabulary, every)[0]).toMatchObject({ line: { captionId: 3 }, replaces: null });
    expect(placeReviews([{ ...replacing, lines: replacing.lines.slice(0, 2) }], vocabulary, every)[0]).toMatchObject({ line: { captionId: 2 }, replaces: 1 });
  });

  it("spaced, takes a turn of the pacing: the learner's gap after the quiz before it, the quizzes too soon after it left out", () => {
    // 1.65 s after the quiz at 10 s: too soon. 29.65 s after it: not a 30 s gap, but a 20 s one.
    const word = { lemma: "a", lines: [line(1, 12_000), line(2, 40_000)] };
    expect(placeReviews([word], vocabulary, spaced(30))).toEqual([]);
    expect(placeReviews([word], vocabulary, spaced(20))).toEqual([{ lemma: "a", line: line(2, 40_000), quizTime: 40_000, replaces: null }]);
    // Before the first quiz shown, the video's quizzes after it within the gap are left out by the pacing.
    expect(placeReviews([{ lemma: "b", lines: [line(1, 5_000)] }], vocabulary, spaced(30))).toMatchObject([{ lemma: "b", replaces: null }]);
    // A second review may not bring back a quiz that then comes too soon before the first one.
    // Quizzes at 10 s and 36 s: the pacing leaves out the second. A review at 5 s would leave out
    // the first instead and bring the second back, 9 s before a review at 45 s.
    const two = [
      { id: 1, at: 10_000 },
      { id: 2, at: 36_000 },
    ];
    const first = { lemma: "first", lines: [line(1, 45_350)] };
    const second = { lemma: "second", lines: [line(2, 5_350)] };
    expect(placeReviews([first], two, spaced(30)).map((r) => r.lemma)).toEqual(["first"]);
    expect(placeReviews([second], two, spaced(30)).map((r) => r.lemma)).toEqual(["second"]);
    expect(placeReviews([first, second], two, spaced(30)).map((r) => r.lemma)).toEqual(["first"]);
  });

  it("places nothing when the learner has quizzes off", () => {
    const candidates = [{ lemma: "a", lines: [line(1, 40_000)] }];
    expect(placeReviews(candidates, [], quizPacing({ pauseOnHighlight: false, quizFrequency: "every", quizGapSeconds: 30 }))).toEqual([]);
    expect(placeReviews(candidates, [], quizPacing({ pauseOnHighlight: true, quizFrequency: "off", quizGapSeconds: 30 }))).toEqual([]);
  });
});

describe("a review among the video's quizzes as they come", () => {
  // A vocabulary word at 10 s; reviews (negative ids) at 15 s and 40 s.
  const items = [
    { id: 1, timestamp: 10_000 },
    { id: -1, timestamp: 15_000 },
    { id: -2, timestamp: 40_000 },
  ];
  const isReview = (w: { id: number }) => w.id < 0;
  const at = (ms: number) => ms - 350;

  it("comes where it was placed, whatever the pacing: the player never spaces a review out", () => {
    expect(quizToTrigger(items, at(15_000) - 10, at(15_000), new Set([1]), { pacing: every, lastQuizAt: at(10_000), isReview })?.word.id).toBe(-1);
    expect(quizToTrigger(items, at(15_000) - 10, at(15_000), new Set([1]), { pacing: spaced(30), lastQuizAt: at(10_000), isReview })?.word.id).toBe(-1);
    // A vocabulary word right after a review still comes at every word.
    expect(quizToTrigger(items, at(10_000) - 10, at(10_000), new Set(), { pacing: every, lastQuizAt: at(9_000), isReview })?.word.id).toBe(1);
    expect(quizToTrigger(items, at(40_000) - 10, at(40_000), new Set([1, -1]), { pacing: { mode: "off" }, isReview })).toBeUndefined();
  });

  it("spaced, a review is the first quiz after a jump, and the next quiz keeps the learner's gap from it", () => {
    const pacing = spaced(10);
    expect(quizToTrigger(items, 0, at(15_000) + 100, new Set([1]), { pacing, lastQuizAt: null, isReview, lines: [{ id: 7, startTime: 11_000, endTime: 15_000 }], lineOf: () => 7 })?.word.id).toBe(-1);
    const after = { pacing, lastQuizAt: at(15_000), isReview };
    expect(quizToTrigger([{ id: 2, timestamp: 24_000 }], 0, at(24_000), new Set(), after)).toBeUndefined();
    expect(quizToTrigger([{ id: 2, timestamp: 25_000 }], at(25_000) - 10, at(25_000), new Set(), after)?.word.id).toBe(2);
  });
});

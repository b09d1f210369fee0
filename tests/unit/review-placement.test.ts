import { describe, expect, it } from "vitest";
import { placeReviews, type ReviewCandidate } from "@/lib/player/review-placement";
import { quizPacing, quizToTrigger, REVIEW_GAP_MS } from "@/lib/player/timing";

const every = { mode: "every" } as const;
const spaced = (seconds: number) => ({ mode: "spaced", gapMs: seconds * 1000 }) as const;
const line = (captionId: number, endTime: number, hasVocabulary = false) => ({ captionId, endTime, hasVocabulary });

describe("where a video quizzes due words", () => {
  // The video's own quizzes open at 10 s and 70 s.
  const vocabulary = [10_000, 70_000];

  it("puts a word at the end of a line it is said in, 20 s from the video's quizzes when every word is quizzed", () => {
    const candidates: ReviewCandidate[] = [{ lemma: "a", lines: [line(1, 20_000), line(2, 40_350)] }];
    expect(placeReviews(candidates, vocabulary, every)).toEqual([{ lemma: "a", line: line(2, 40_350), quizTime: 40_350 }]);
    // Said only 10 s from a vocabulary quiz: no room.
    expect(placeReviews([{ lemma: "b", lines: [line(1, 20_350)] }], vocabulary, every)).toEqual([]);
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

  it("prefers a line without a vocabulary word, then the one farthest from the video's quizzes", () => {
    const word = { lemma: "a", lines: [line(1, 40_000, true), line(2, 35_000), line(3, 42_000)] };
    expect(placeReviews([word], vocabulary, every)[0]!.line.captionId).toBe(3);
    // Spaced, the video's quizzes do not rule a line out, but the farthest still wins.
    expect(placeReviews([{ lemma: "a", lines: [line(1, 12_000), line(2, 40_000)] }], vocabulary, spaced(30))[0]!.line.captionId).toBe(2);
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

  it("at every word, a review waits 20 s from the last quiz shown; the video's own quizzes always come", () => {
    expect(quizToTrigger(items, at(15_000) - 10, at(15_000), new Set([1]), { pacing: every, lastQuizAt: at(10_000), isReview })).toBeUndefined();
    expect(quizToTrigger(items, at(40_000) - 10, at(40_000), new Set([1]), { pacing: every, lastQuizAt: at(10_000), isReview })?.word.id).toBe(-2);
    // A vocabulary word right after a review still comes.
    expect(quizToTrigger(items, at(10_000) - 10, at(10_000), new Set(), { pacing: every, lastQuizAt: at(9_000), isReview, lastWasReview: true })?.word.id).toBe(1);
  });

  it("spaced, a review is the first quiz after a jump, and the next quiz keeps 20 s from it", () => {
    const pacing = spaced(10);
    expect(quizToTrigger(items, 0, at(15_000) + 100, new Set([1]), { pacing, lastQuizAt: null, isReview, lines: [{ id: 7, startTime: 11_000, endTime: 15_000 }], lineOf: () => 7 })?.word.id).toBe(-1);
    const after = { pacing, lastQuizAt: at(15_000), isReview, lastWasReview: true };
    expect(quizToTrigger([{ id: 2, timestamp: 15_000 + REVIEW_GAP_MS - 1000 }], 0, at(15_000 + REVIEW_GAP_MS - 1000), new Set(), after)).toBeUndefined();
    expect(quizToTrigger([{ id: 2, timestamp: 15_000 + REVIEW_GAP_MS }], at(15_000 + REVIEW_GAP_MS) - 10, at(15_000 + REVIEW_GAP_MS), new Set(), after)?.word.id).toBe(2);
  });
});

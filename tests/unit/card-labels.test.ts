import { describe, expect, it } from "vitest";
import { goalPercent } from "@/components/home/welcome-block";
import { progressLabel } from "@/components/video/video-card";

describe("video card progress", () => {
  it("says how many words there are to learn until the learner starts", () => {
    expect(progressLabel({ progress: 0, wordsLearned: 0, totalWords: 7 })).toBe("7 words to learn");
    expect(progressLabel({ progress: 0, wordsLearned: 0, totalWords: 1 })).toBe("1 word to learn");
  });

  it("then shows the percent learned", () => {
    expect(progressLabel({ progress: 28, wordsLearned: 2, totalWords: 7 })).toBe("28% complete");
    // One word of many may round down to 0 %: it still counts as started.
    expect(progressLabel({ progress: 0, wordsLearned: 1, totalWords: 200 })).toBe("0% complete");
  });
});

describe("today's progress", () => {
  it("is quizzes over the goal, capped at 100 percent", () => {
    expect(goalPercent(0, 30)).toBe(0);
    expect(goalPercent(15, 30)).toBe(50);
    expect(goalPercent(45, 30)).toBe(100);
    expect(goalPercent(3, 0)).toBe(100);
  });
});

import { describe, expect, it } from "vitest";
import { goalPercent, welcomeText } from "@/components/home/welcome-block";
import { cardCategoryName, progressLabel } from "@/components/video/video-card";

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

describe("video card category", () => {
  const rome = { categoryName: "Travel", categoryIds: [3, 2], categoryNames: ["Travel", "Food & Drink"] };
  it("names the category the list is filtered by, not the video's first", () => {
    expect(cardCategoryName(rome, 2)).toBe("Food & Drink");
    expect(cardCategoryName(rome, 3)).toBe("Travel");
  });
  it("names the first category when unfiltered, or filtered by one the video is not in", () => {
    expect(cardCategoryName(rome)).toBe("Travel");
    expect(cardCategoryName(rome, 9)).toBe("Travel");
  });
});

describe("welcome heading", () => {
  const none = { totalQuizzes: 0, streak: 0, longestStreak: 0 };
  it("welcomes a new account", () => {
    expect(welcomeText("Quinn", none)).toBe("Welcome, Quinn!");
    expect(welcomeText("Quinn", undefined)).toBe("Welcome, Quinn!");
  });
  it("welcomes back someone who has answered a quiz or kept a streak", () => {
    expect(welcomeText("Quinn", { ...none, totalQuizzes: 1 })).toBe("Welcome back, Quinn!");
    expect(welcomeText("Quinn", { ...none, streak: 2, longestStreak: 2 })).toBe("Welcome back, Quinn!");
    // A broken streak still means they have been here.
    expect(welcomeText("Quinn", { ...none, longestStreak: 4 })).toBe("Welcome back, Quinn!");
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

describe("authenticator QR code", () => {
  it("re-encodes the SVG supabase-js hands over, so a '#' does not end the address", async () => {
    const { qrImageSource } = await import("@/components/settings/two-factor-settings");
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#000000" d="M0 0h1v1H0z"/></svg>';
    const source = qrImageSource(`data:image/svg+xml;utf-8,${svg}`);
    expect(source.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true);
    expect(source).not.toContain("#");
    expect(decodeURIComponent(source.slice(source.indexOf(",") + 1))).toBe(svg);
    expect(qrImageSource("data:image/png;base64,AAAA")).toBe("data:image/png;base64,AAAA");
  });
});

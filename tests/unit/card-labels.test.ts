import { createTranslator } from "next-intl";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { goalPercent, WelcomeText } from "@/components/home/welcome-block";
import { cardCategoryName, ProgressLabel } from "@/components/video/video-card";
import { formatInterval, intervalParts } from "@/lib/words/cards/format";
import type en from "@/messages/en.json";
import { catalogue, WithIntl } from "../helpers/intl";

/** What a component says in English, as the page renders it (inside the catalogue's provider). */
const english = (node: ReactNode) => renderToStaticMarkup(WithIntl({ children: node }));

describe("video card progress", () => {
  const progressLabel = (video: { progress: number; wordsLearned: number; totalWords: number }) => english(createElement(ProgressLabel, { video }));

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
  const welcomeText = (firstName: string | null, activity: typeof none | undefined, username: string | null = null) =>
    english(createElement(WelcomeText, { user: { firstName, username }, activity }));
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
  it("names the learner by first name, else username, else 'User'", () => {
    expect(welcomeText(" ", none, "quinn42")).toBe("Welcome, quinn42!");
    expect(welcomeText(null, none)).toBe("Welcome, User!");
  });
});

describe("home's messages in English", () => {
  const t = createTranslator({ locale: "en", messages: catalogue("en") as typeof en, namespace: "home" });
  it("say minutes of the goal, quizzes, streak and due words as before", () => {
    expect(t("goalProgress", { minutes: 12, goal: 30 })).toBe("12 / 30 min");
    expect(t("quizzesToday", { count: 1 })).toBe("1 quiz today");
    expect(t("quizzesToday", { count: 0 })).toBe("0 quizzes today");
    expect(t("streak", { count: 1 })).toBe("1 day streak");
    expect(t("streak", { count: 5 })).toBe("5 day streak");
    expect(t("wordsDue", { count: 1 })).toBe("1 word due");
    expect(t("reviewNow", { count: 1 })).toBe("Review it now, just before you would forget it.");
    expect(t("reviewNow", { count: 3 })).toBe("Review them now, just before you would forget them.");
    expect(t("languageOffer", { language: "German", count: 1 })).toBe("German (1 video)");
    expect(t("languageOffer", { language: "German", count: 2 })).toBe("German (2 videos)");
  });
  it("say when the next review is as formatInterval does", () => {
    const DAY = 24 * 60 * 60_000;
    for (const ms of [0, 90_000, 59 * 60_000, 3 * 60 * 60_000, DAY, 3 * DAY, 45 * DAY, 365 * DAY, 548 * DAY]) {
      expect(t("nextReview", intervalParts(ms))).toBe(`Next review in ${formatInterval(ms, "long")}.`);
    }
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

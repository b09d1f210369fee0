/**
 * The daily goal is minutes of study, on home and the profile alike: time with a video playing is
 * reported (here when the learner leaves the video) and counted toward it; quizzes stay a figure
 * of their own.
 */
import type { Page } from "@playwright/test";
import { confirmedAccount, onboard } from "./support/accounts";
import { LearnerApi } from "./support/api";
import { expectNoViolationsInBothThemes } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { signInWithCookie } from "./support/session-cookie";

type Day = { secondsStudied: number; quizzesCompleted: number };

const mediaSeconds = (page: Page) => page.evaluate(() => document.querySelector("video")!.currentTime);

test("minutes studied count toward the daily goal, on home and the profile", async ({ page, request }) => {
  const learner = await confirmedAccount(request, { prefix: "goal" });
  await onboard(request, learner, { nativeLanguage: "en", targetLanguage: "es", dailyGoal: 1 });
  const api = await LearnerApi.signIn(request, learner);
  // No quiz stops the video while it plays.
  await api.updateSettings({ pauseOnHighlight: false });
  await signInWithCookie(page, learner);
  await expect(page.getByTestId("today-progress-count")).toHaveText("0 / 1 min");
  await expect(page.getByTestId("today-quizzes")).toHaveText("0 quizzes today");

  await page.getByTestId("popular-videos").getByRole("article").filter({ hasText: "Ordering Coffee in Madrid" }).getByRole("link").click();
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(() => mediaSeconds(page), { timeout: 15_000 }).toBeGreaterThan(3);
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/home$/);
  // Leaving the video reported the seconds it played.
  await expect.poll(async () => (await api.get<Day>("/api/users/daily-progress")).secondsStudied).toBeGreaterThanOrEqual(3);

  // A minute more, as the next report would bring it.
  const saved = await page.evaluate(async (userId) => {
    const response = await fetch(`/api/users/${userId}/study-time`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seconds: 60 }) });
    return (await response.json()) as { counted: number };
  }, api.userId);
  expect(saved.counted).toBeGreaterThan(50);
  await page.reload();
  await expect(page.getByTestId("today-progress-count")).toHaveText("1 / 1 min");
  await expect(page.getByTestId("today-progress-percent")).toHaveText("Goal completed!");

  await api.learnWords("Ordering Coffee in Madrid", 2);
  await page.goto("/profile");
  const card = page.getByTestId("daily-goal-card");
  await expect(card).toContainText("1 / 1 min");
  await expect(card).toContainText("Goal completed!");
  await expect(page.getByText("1 minute per day")).toBeVisible();
  await expectNoViolationsInBothThemes(page, "profile with the goal met");
  // Quizzes are counted apart from the goal.
  await expect(page.getByTestId("quizzes-completed")).toHaveText("2");
  await page.goto("/home");
  await expect(page.getByTestId("today-quizzes")).toHaveText("2 quizzes today");
});

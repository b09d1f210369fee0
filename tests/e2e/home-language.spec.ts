/**
 * Home is about the language the learner studies: its rows lead with it, and a language with no
 * videos (the demo content has Spanish, French, German and Italian ones only) is explained, with
 * the languages that have some offered instead.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { confirmedAccount, onboard } from "./support/accounts";
import { expectNoViolationsInBothThemes } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { signInWithCookie } from "./support/session-cookie";

const SPANISH = ["Introducing Yourself in Spanish", "Ordering Coffee in Madrid"];
const GERMAN = ["Asking for Directions in Berlin", "My Daily Routine in German"];

const sorted = (titles: string[]) => [...titles].sort();
/** The titles of a row's first grid: the videos in the language it leads with. */
const leadTitles = (page: Page, row: string) => page.getByTestId(row).getByRole("list").first().getByRole("article").getByRole("heading");

async function learnerOf(request: APIRequestContext, page: Page, targetLanguage: string) {
  const learner = await confirmedAccount(request, { prefix: `home-${targetLanguage}` });
  await onboard(request, learner, { nativeLanguage: "en", targetLanguage, dailyGoal: 30 });
  await signInWithCookie(page, learner);
}

test("a Spanish learner's rows lead with Spanish videos; the others follow, and another language can lead", async ({ page, request }) => {
  await learnerOf(request, page, "es");
  const popular = page.getByTestId("popular-videos");
  await expect.poll(async () => sorted(await leadTitles(page, "popular-videos").allTextContents())).toEqual(SPANISH);
  await expect(popular.getByRole("heading", { name: "In other languages" })).toBeVisible();
  await expect(page.getByTestId("popular-videos-other-languages").getByRole("article")).toHaveCount(4);
  await expect.poll(async () => sorted(await page.getByTestId("recommended-videos").getByRole("article").getByRole("heading").allTextContents())).toEqual(SPANISH);

  const languages = page.getByRole("navigation", { name: "Video language" });
  await expect(languages.getByRole("button").first()).toHaveText("Spanish 2 videos");
  await expect(languages.getByRole("button", { name: "Spanish 2 videos" })).toHaveAttribute("aria-pressed", "true");
  await expectNoViolationsInBothThemes(page, "home led by the target language");
  await languages.getByRole("button", { name: "German 2 videos" }).click();
  await expect(languages.getByRole("button", { name: "German 2 videos" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => sorted(await leadTitles(page, "popular-videos").allTextContents())).toEqual(GERMAN);
  await expect.poll(async () => sorted(await page.getByTestId("recommended-videos").getByRole("article").getByRole("heading").allTextContents())).toEqual(GERMAN);
});

test("a Japanese learner is told there are no Japanese videos yet, and offered the languages that have some", async ({ page, request }) => {
  await learnerOf(request, page, "ja");
  const popular = page.getByTestId("popular-videos");
  const recommended = page.getByTestId("recommended-videos");
  for (const row of [popular, recommended]) {
    await expect(row.getByTestId("row-empty")).toContainText("No videos found. There are no videos in Japanese yet.");
  }
  // Popular still shows what there is, after the explanation.
  await expect(page.getByTestId("popular-videos-other-languages").getByRole("article")).toHaveCount(6);
  await expect(recommended.getByRole("article")).toHaveCount(0);
  await expectNoViolationsInBothThemes(page, "home of a learner of a language with no videos");
  const offers = popular.getByTestId("row-empty").getByRole("button");
  await expect(offers).toHaveText(["German (2 videos)", "Spanish (2 videos)", "French (1 video)", "Italian (1 video)"]);

  await offers.filter({ hasText: "Spanish" }).click();
  await expect(page.getByTestId("row-empty")).toHaveCount(0);
  await expect.poll(async () => sorted(await leadTitles(page, "popular-videos").allTextContents())).toEqual(SPANISH);
  await expect.poll(async () => sorted(await recommended.getByRole("article").getByRole("heading").allTextContents())).toEqual(SPANISH);
  const languages = page.getByRole("navigation", { name: "Video language" });
  await expect(languages.getByRole("button", { name: "Spanish 2 videos" })).toHaveAttribute("aria-pressed", "true");

  // Back to Japanese: the explanation again.
  await languages.getByRole("button", { name: "Japanese 0 videos" }).click();
  await expect(recommended.getByTestId("row-empty")).toContainText("There are no videos in Japanese yet.");
});

test("on a phone the language strip scrolls by itself: the page does not scroll sideways", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await learnerOf(request, page, "ja");
  await expect(page.getByRole("navigation", { name: "Video language" }).getByRole("button")).toHaveCount(5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
});

/**
 * A due word quizzed inside another video: the learner saves nehmen (a vocabulary word of the
 * Berlin video), which gives it a card due at once; in the daily-routine video, where it is said
 * in its sixth line, the quiz overlay asks it at the end of that line, marked as a review; the right
 * answer reschedules the card, so it is no longer due.
 */
import type { Page } from "@playwright/test";
import { LearnerApi } from "./support/api";
import { expectNoViolationsInBothThemes } from "./support/axe";
import { expect, test } from "./support/fixtures";

/** Sets the media's time straight on the <video>, as a seek the player did not ask for. */
const seekMedia = (page: Page, ms: number) =>
  page.evaluate((to) => {
    document.querySelector("video")!.currentTime = to / 1000;
  }, ms);

type DueCards = { cards: { lemma: string; due: string }[]; nextDueAt: string | null };

test("a due word is quizzed in another video, marked as a review, and its due date moves", async ({ signedInPage: page, learner, request }) => {
  const api = await LearnerApi.signIn(request, learner);
  // At every word the demo videos' quizzes (10 s apart) leave no room 20 s from them all; spaced, a review takes its turn.
  await api.updateSettings({ quizFrequency: "spaced", quizGapSeconds: 30 });
  await api.setWordStatus("de", "nehmen", "learning");
  const before = await api.get<DueCards>("/api/review/due?language=de");
  expect(before.cards.map((c) => c.lemma)).toEqual(["nehmen"]);

  const video = await api.videoByTitle("My Daily Routine in German");
  const reviews = page.waitForResponse((r) => r.url().endsWith(`/api/videos/${video.id}/due-reviews`) && r.ok());
  await page.goto(`/video/${video.id}`);
  await expect(page.getByRole("heading", { level: 1, name: video.title })).toBeVisible();
  await reviews;
  await page.evaluate(async () => {
    const video = document.querySelector("video")!;
    if (!(video.readyState >= 1)) await new Promise((resolve) => video.addEventListener("loadedmetadata", resolve, { once: true }));
  });

  // From the start, paused (playing on would reach Morgen's quiz first), to just past the end of
  // "Wenn es regnet, nehme ich lieber die U-Bahn." (29.965 s): the review comes up as that line's
  // catch-up. Jumped again should the first jump land before the reviews reached the player.
  const quiz = page.getByRole("dialog", { name: /^Review nehme/ });
  await expect(async () => {
    await seekMedia(page, 0);
    await expect.poll(() => page.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuenow")).toBe("0");
    await seekMedia(page, 30_300);
    await expect(quiz).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(quiz).toHaveAttribute("data-quiz-kind", "review");
  await expect(quiz).toHaveAccessibleDescription(/word you're reviewing/);
  await expect(quiz.getByTestId("quiz-sentence")).toHaveText("Wenn es regnet, nehme ich lieber die U-Bahn.");
  await expect(quiz.getByRole("group", { name: "Options" }).getByRole("button")).toHaveCount(4);
  await expectNoViolationsInBothThemes(page, "a review quiz in the player");

  const answered = page.waitForResponse((r) => r.url().endsWith("/api/review/answers") && r.request().method() === "POST");
  await quiz.getByRole("button", { name: /to take/ }).click();
  await expect(quiz.getByText("Correct!")).toBeVisible();
  const answer = await answered;
  expect(answer.ok()).toBe(true);
  expect(answer.request().postDataJSON()).toEqual({ language: "de", lemma: "nehmen", grade: "good", videoId: video.id });
  await quiz.getByRole("button", { name: "Continue" }).click();
  await expect(quiz).toHaveCount(0);

  // Rescheduled: no longer due, and the next due time is the card's new one, in the future.
  const after = await api.get<DueCards>("/api/review/due?language=de");
  expect(after.cards).toEqual([]);
  expect(Date.parse(after.nextDueAt!)).toBeGreaterThan(Date.parse(before.cards[0]!.due));
  expect(Date.parse(after.nextDueAt!)).toBeGreaterThan(Date.now());
});

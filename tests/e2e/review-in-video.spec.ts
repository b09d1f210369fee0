/**
 * A due word quizzed inside another video, with the default settings (a quiz at every vocabulary
 * word): the learner saves nehmen (a vocabulary word of the Berlin video), which gives it a card due
 * at once; in the daily-routine video, where it is said in its sixth line, 4.4 s after Fahrrad's
 * quiz, the review takes that quiz's place: played from within Fahrrad's line, no Fahrrad quiz
 * comes (not even as catch-up), and at the end of nehmen's line the quiz overlay asks it, marked as
 * a review. The right answer reschedules the card, so it is no longer due; the video's next quiz
 * comes as before.
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
type DueReviews = { reviews: { lemma: string; quizTime: number; replacesWordId: number | null }[] };

test("with the default settings, playing a video quizzes a due word it says as a review, and the answer moves its due date", async ({ signedInPage: page, learner, request }) => {
  const api = await LearnerApi.signIn(request, learner);
  await api.setWordStatus("de", "nehmen", "learning");
  const before = await api.get<DueCards>("/api/review/due?language=de");
  expect(before.cards.map((c) => c.lemma)).toEqual(["nehmen"]);

  const video = await api.videoByTitle("My Daily Routine in German");
  const fahrrad = (await api.get<{ id: number; word: string }[]>(`/api/videos/${video.id}/words`)).find((w) => w.word === "Fahrrad")!;
  const reviews = page.waitForResponse((r) => r.url().endsWith(`/api/videos/${video.id}/due-reviews`) && r.ok());
  await page.goto(`/video/${video.id}`);
  await expect(page.getByRole("heading", { level: 1, name: video.title })).toBeVisible();
  expect(((await (await reviews).json()) as DueReviews).reviews).toEqual([expect.objectContaining({ lemma: "nehmen", quizTime: 29_965, replacesWordId: fahrrad.id })]);
  await page.evaluate(async () => {
    const video = document.querySelector("video")!;
    if (!(video.readyState >= 1)) await new Promise((resolve) => video.addEventListener("loadedmetadata", resolve, { once: true }));
  });

  // Into "Wenn es regnet, nehme ich lieber die U-Bahn." (25.973 s): Fahrrad's quiz (25.17 s, the line
  // before) was jumped over and would come as catch-up, but the review has its place. Then played on.
  await seekMedia(page, 26_100);
  await expect.poll(() => page.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuenow")).toBe("26");
  await page.getByRole("button", { name: "Play", exact: true }).click();
  const quiz = page.getByRole("dialog");
  await expect(quiz).toBeVisible({ timeout: 10_000 });
  await expect(quiz).toHaveAccessibleName(/^Review nehme/);
  await expect(quiz).toHaveAttribute("data-quiz-kind", "review");
  const pausedAt = await page.evaluate(() => document.querySelector("video")!.currentTime * 1000);
  expect(pausedAt).toBeGreaterThan(29_000);
  expect(pausedAt).toBeLessThan(30_500);
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
  await expect(page.getByRole("dialog", { name: /^Review/ })).toHaveCount(0);

  // Rescheduled: no longer due, and the next due time is the card's new one, in the future.
  const after = await api.get<DueCards>("/api/review/due?language=de");
  expect(after.cards).toEqual([]);
  expect(Date.parse(after.nextDueAt!)).toBeGreaterThan(Date.parse(before.cards[0]!.due));
  expect(Date.parse(after.nextDueAt!)).toBeGreaterThan(Date.now());

  // Playback goes on to the video's own next quiz (Mitbewohner, at the last line's end).
  await expect(page.getByRole("dialog", { name: /Mitbewohner/ })).toHaveAttribute("data-quiz-kind", "vocabulary", { timeout: 15_000 });
});

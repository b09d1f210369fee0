/**
 * The whole study loop as a new learner meets it on a default install, with no AI provider (the
 * player app has none): sign up, confirm and onboard; in "Ordering Coffee in Madrid" tap a
 * vocabulary word (café: its meaning is the video's own translation) and a word that is not one
 * (quisiera, of querer: nothing is known of it, so the popover gives the line's translation as
 * context, and the learner writes a meaning of their own); save both; download them for Anki, each
 * note with its Meaning; review them; take querer off the list and put it back (its card is new,
 * so due again); then "Introducing Yourself in Spanish", which says quiero, asks it as a review
 * while it plays, and the right answer reschedules the card.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { LearnerApi } from "./support/api";
import { expect, test } from "./support/fixtures";
import { latestLink, uniqueEmail } from "./support/mailbox";
import { OnboardingPage, SignupPage } from "./support/pages";
import { readAnkiPackage } from "../helpers/anki-package";

test.describe.configure({ timeout: 120_000 });

type DueReviews = { reviews: { lemma: string; surface: string; captionId: number; quizTime: number }[] };
type DueCards = { cards: { lemma: string; due: string }[]; nextDueAt: string | null };

/** Opens a word of the transcript by its lemma; its popover is the dialog named after the word as said. */
async function openWord(page: Page, lemma: string, surface: string) {
  await page.getByTestId("transcript").locator(`[data-lemma="${lemma}"]`).first().click();
  const popover = page.getByRole("dialog", { name: surface, exact: true });
  await expect(popover).toBeVisible();
  return popover;
}

test("a new learner's words, without an AI provider: meanings, save, Anki, review, and a review quiz inside another video", async ({ page, request }, testInfo) => {
  // Sign up, confirm from the mailbox, onboard: English → Spanish.
  const email = uniqueEmail("loop");
  const password = "secret-123";
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.fill({ firstName: "Lou", lastName: "Loop", email, password });
  await signup.submit();
  await page.goto(await latestLink(request, email));
  await expect(page).toHaveURL(/\/onboarding$/);
  await new OnboardingPage(page).complete("English", "Spanish", "30 minutes per day");
  await expect(page).toHaveURL(/\/home$/);
  const api = await LearnerApi.signIn(request, { email, password });

  // A vocabulary word: its meaning is the video's own translation, credited as such.
  const coffee = await api.videoByTitle("Ordering Coffee in Madrid");
  await page.goto(`/video/${coffee.id}`);
  let popover = await openWord(page, "café", "café");
  await expect(popover.getByTestId("word-meaning")).toContainText("coffee");
  await expect(popover.getByTestId("word-credit")).toHaveText("Translation from the videos' vocabulary");
  await popover.getByRole("button", { name: "Save" }).click();
  await expect(popover.getByTestId("word-popover-status")).toHaveText("Learning");
  await page.keyboard.press("Escape");
  await expect(popover).toBeHidden();

  // A word that is not: no stored meaning, so the line's translation is its context; the learner's
  // own note becomes its meaning, saved with Save.
  popover = await openWord(page, "querer", "quisiera");
  await expect(popover.getByTestId("word-meaning")).toContainText("No meaning of this word is stored yet");
  await expect(popover.getByText("Good morning, I would like a coffee with milk, please.")).toBeVisible();
  await popover.getByRole("textbox", { name: /Your note/ }).fill("to want");
  await popover.getByRole("button", { name: "Save" }).click();
  await expect(popover.getByTestId("word-popover-status")).toHaveText("Learning");
  await page.keyboard.press("Escape");

  // Both on the word list, with their meanings; the Anki download has them too.
  await page.goto("/saved");
  const row = (lemma: string) => page.locator(`[data-testid="saved-word"][data-lemma="${lemma}"]`);
  await expect(row("café").getByTestId("saved-word-meaning")).toContainText("coffee");
  await expect(row("querer").getByTestId("saved-word-meaning")).toHaveText("Your note: to want");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export to Anki (.apkg)" }).click();
  const file = testInfo.outputPath("words.apkg");
  await (await download).saveAs(file);
  const notes = (await readAnkiPackage(new Uint8Array(readFileSync(file)))).notes.map((n) => n.byName);
  expect(notes.map((n) => n.Lemma).sort()).toEqual(["café", "querer"]);
  expect(notes.find((n) => n.Lemma === "café")!.Meaning).toContain("coffee");
  expect(notes.find((n) => n.Lemma === "querer")!.Meaning).toContain("to want");

  // Reviewed: both cards answered Good, nothing left due.
  await page.goto("/review");
  for (let left = 2; left > 0; left--) {
    await expect(page.getByText(`${left} word${left > 1 ? "s" : ""} left`)).toBeVisible();
    await page.getByRole("button", { name: /Show meaning/ }).click();
    await expect(page.getByTestId("review-answer")).toBeVisible();
    await page.getByRole("button", { name: /^Good/ }).click();
  }
  await expect.poll(async () => (await api.get<DueCards>("/api/review/due?language=es")).cards).toEqual([]);

  // Taken off the list and put back: a new card, due at once.
  await page.goto("/saved");
  await row("querer").getByRole("button", { name: "Remove querer" }).click();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("“querer” is back in your words")).toBeVisible();
  const due = await api.get<DueCards>("/api/review/due?language=es");
  expect(due.cards.map((c) => c.lemma)).toEqual(["querer"]);

  // Another video that says it (quiero) asks it as a review while it plays, at the end of its line.
  const intro = await api.videoByTitle("Introducing Yourself in Spanish");
  const reviews = page.waitForResponse((r) => r.url().endsWith(`/api/videos/${intro.id}/due-reviews`) && r.ok());
  await page.goto(`/video/${intro.id}`);
  const [review] = ((await reviews.then((r) => r.json())) as DueReviews).reviews;
  expect(review).toMatchObject({ lemma: "querer", surface: "quiero" });
  const captions = await api.get<{ id: number; startTime: number }[]>(`/api/videos/${intro.id}/captions`);
  const line = captions.find((c) => c.id === review!.captionId)!;
  await page.evaluate(async (to) => {
    const video = document.querySelector("video")!;
    if (!(video.readyState >= 1)) await new Promise((resolve) => video.addEventListener("loadedmetadata", resolve, { once: true }));
    video.currentTime = to / 1000;
  }, line.startTime + 100);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  const quiz = page.getByRole("dialog", { name: /^Review quiero/ });
  await expect(quiz).toBeVisible({ timeout: 20_000 });
  await expect(quiz).toHaveAttribute("data-quiz-kind", "review");
  await expect(quiz.getByRole("group", { name: "Options" }).getByRole("button")).toHaveCount(4);
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/review/answers") && r.request().method() === "POST");
  await quiz.getByRole("button", { name: /to want/ }).click();
  await expect(quiz.getByText("Correct!")).toBeVisible();
  expect((await answered).ok()).toBe(true);

  // Rescheduled: no longer due.
  const after = await api.get<DueCards>("/api/review/due?language=es");
  expect(after.cards).toEqual([]);
  expect(Date.parse(after.nextDueAt!)).toBeGreaterThan(Date.now());
});

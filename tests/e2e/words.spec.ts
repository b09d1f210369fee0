/**
 * Every word of a line: a tap on a caption word opens its popover (a bottom sheet on a phone),
 * named by the word, with Save, Known and Ignore; playback pauses while it is open and resumes
 * on close; Save marks the word as learning in the captions and the transcript at once.
 */
import type { Page } from "@playwright/test";
import { LearnerApi } from "./support/api";
import { expectNoViolationsInBothThemes } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { transcriptLines } from "./support/pages";

test.describe.configure({ timeout: 180_000 });

const playButton = (page: Page) => page.getByRole("button", { name: "Play", exact: true });
const pauseButton = (page: Page) => page.getByRole("button", { name: "Pause", exact: true });

async function openVideo(page: Page, title: string) {
  await page.getByTestId("popular-videos").getByRole("article").filter({ hasText: title }).getByRole("link").click();
  await expect(page).toHaveURL(/\/video\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("tap a caption word: its popover, Save marks it learning everywhere, Escape resumes playback", async ({ signedInPage: page, learner, request }) => {
      // No quizzes: only the word popover is a dialog here.
      await (await LearnerApi.signIn(request, learner)).updateSettings({ pauseOnHighlight: false });
      await openVideo(page, "Ordering Coffee in Madrid");
      const transcriptLeche = page.getByTestId("transcript").locator('[data-lemma="leche"]');
      await expect(transcriptLeche.first()).toHaveAttribute("data-word-status", "new");
      await expect(page.getByTestId("comprehension").first()).toHaveAttribute("data-comprehension", /^\d+$/);

      await playButton(page).click();
      await expect(pauseButton(page)).toBeVisible();
      const captionWord = page.getByTestId("captions").getByRole("button", { name: "leche," });
      await expect(captionWord).toHaveAttribute("data-lemma", "leche", { timeout: 10_000 });
      if (viewport.width < 640) {
        // A phone's caption is small, and a finger is not: a tap just above the word still takes it.
        const word = (await captionWord.boundingBox())!;
        expect(word.height).toBeLessThan(24);
        await captionWord.click({ position: { x: word.width / 2, y: -3 }, timeout: 10_000 });
      } else {
        await captionWord.click();
      }

      // Named by the word, without the comma the caption writes after it.
      const popover = page.getByRole("dialog", { name: "leche", exact: true });
      await expect(popover).toBeVisible();
      // Playback waits while the learner reads (read from the media: the sheet on a phone hides the page's controls from assistive tech).
      await expect.poll(() => page.evaluate(() => document.querySelector("video")!.paused)).toBe(true);
      await expect(popover.getByTestId("word-popover-status")).toHaveText("New");
      // No dictionary, no AI provider and no vocabulary word "leche" on this server: the line's translation gives its sense, and it says so.
      await expect(popover.getByTestId("word-meaning")).toContainText("the line's translation shows its sense here");
      await expect(popover).toContainText("Good morning, I would like a coffee with milk, please.");
      for (const name of ["Save", "Known", "Ignore"]) await expect(popover.getByRole("button", { name, exact: true })).toBeVisible();
      if (viewport.width < 640) {
        // A bottom sheet: it spans the phone's width at its bottom edge.
        const box = (await popover.boundingBox())!;
        expect(box.width).toBeGreaterThan(viewport.width - 2);
        expect(box.y + box.height).toBeGreaterThan(viewport.height - 2);
      }
      await expectNoViolationsInBothThemes(page, `the word popover at ${viewport.width} px`);

      await popover.getByRole("button", { name: "Save", exact: true }).click();
      await expect(popover.getByTestId("word-popover-status")).toHaveText("Learning");
      await expect(popover.getByRole("button", { name: "Save", exact: true })).toHaveAttribute("aria-pressed", "true");
      await expect(captionWord).toHaveAttribute("data-word-status", "learning");
      const count = await transcriptLeche.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) await expect(transcriptLeche.nth(i)).toHaveAttribute("data-word-status", "learning");

      await page.keyboard.press("Escape");
      await expect(popover).toHaveCount(0);
      await expect(pauseButton(page)).toBeVisible();

      // The status is the server's too: after a reload the word is still learning.
      await page.reload();
      await expect(page.getByTestId("transcript").locator('[data-lemma="leche"]').first()).toHaveAttribute("data-word-status", "learning");
    });
  });
}

test("a keyboard user reaches the words of the current line, and the player keys still work", async ({ signedInPage: page, learner, request }) => {
  await (await LearnerApi.signIn(request, learner)).updateSettings({ pauseOnHighlight: false });
  await openVideo(page, "Ordering Coffee in Madrid");
  await playButton(page).click();
  await expect(pauseButton(page)).toBeVisible();
  const word = page.getByTestId("captions").getByRole("button", { name: "Buenos" });
  await expect(word).toBeVisible();
  await page.keyboard.press("k");
  await expect(playButton(page)).toBeVisible();
  await word.focus();
  await page.keyboard.press("Enter");
  const popover = page.getByRole("dialog", { name: "Buenos", exact: true });
  await expect(popover).toBeVisible();
  // Keys typed in the popover are its own: Space does not start the video.
  await page.keyboard.press(" ");
  await expect(playButton(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(popover).toHaveCount(0);
  await expect(word).toBeFocused();
  // Paused before the popover opened: closing it does not start playback.
  await expect(playButton(page)).toBeVisible();
  await page.keyboard.press("m");
  await expect(page.getByRole("button", { name: "Unmute" })).toBeVisible();
});

test("the transcript's words are reached with Tab, one stop a line, and the arrows move among them", async ({ signedInPage: page, learner, request }) => {
  await (await LearnerApi.signIn(request, learner)).updateSettings({ pauseOnHighlight: false });
  await openVideo(page, "Ordering Coffee in Madrid");
  const lines = transcriptLines(page);
  const firstLine = page.getByTestId("transcript").locator("[data-caption-id]").first();
  const firstWords = firstLine.locator("button[data-lemma]");
  // The line's words come once the learner's words have loaded (plain text until then).
  await expect.poll(() => firstWords.count()).toBeGreaterThan(2);
  await lines.first().focus();

  // One Tab from the line's time: its first word; the arrows and End walk the line's words.
  await page.keyboard.press("Tab");
  await expect(firstWords.first()).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(firstWords.nth(1)).toBeFocused();
  await page.keyboard.press("End");
  await expect(firstWords.last()).toBeFocused();
  // The next Tab leaves the line's words for the next line's time, and Shift+Tab comes back to the word last reached.
  await page.keyboard.press("Tab");
  await expect(lines.nth(1)).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(firstWords.last()).toBeFocused();

  // Enter opens the word's popover; Escape closes it and gives the focus back to the word.
  const said = (await firstWords.last().textContent())!;
  await page.keyboard.press("Enter");
  const popover = page.getByRole("dialog", { name: said, exact: true });
  await expect(popover).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(popover).toHaveCount(0);
  await expect(firstWords.last()).toBeFocused();
  // A word's Enter opened its meaning, not the line: the video did not start.
  await expect(playButton(page)).toBeVisible();
});

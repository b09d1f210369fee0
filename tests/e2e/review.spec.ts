/**
 * The review screen: a saved word is due at once; the home screen says so and leads to /review,
 * whose "Review" region shows it in a line with the word marked; Space reveals the meaning (a note
 * written there becomes it), key 3 grades it Good, the count drops and the empty state says when the next review is.
 */
import { LearnerApi } from "./support/api";
import { addSessionCookie } from "./support/session-cookie";
import { expectNoViolationsInBothThemes } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { countAnimationFrames } from "./support/pages";

test.describe.configure({ timeout: 120_000 });

test("a saved word: 1 word due on home, reviewed with Space and 3, then nothing due", async ({ browser, baseURL, signedInPage: page, learner, request }) => {
  await (await LearnerApi.signIn(request, learner)).setWordStatus("es", "leche", "learning");

  // The prompt and the header's count come with the page's HTML: nothing appears above the videos
  // once scripts run, pushing them down (a layout shift on a phone).
  const html = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await addSessionCookie(html, learner);
  const first = await html.newPage();
  await first.goto("/home");
  await expect(first.getByTestId("review-due").getByRole("heading", { name: "1 word due" })).toBeVisible();
  await expect(first.getByTestId("header-review")).toContainText("1 due");
  await html.close();

  await page.goto("/home");
  const prompt = page.getByTestId("review-due");
  await expect(prompt.getByRole("heading", { name: "1 word due" })).toHaveAttribute("data-due-count", "1");
  await expect(prompt).toContainText("Review it now, just before you would forget it.");
  await prompt.getByRole("link", { name: "Review" }).click();
  await expect(page).toHaveURL(/\/review$/);

  const region = page.getByRole("region", { name: "Review" });
  await expect(region.locator("[data-due-count]")).toHaveAttribute("data-due-count", "1");
  await expect(region.getByTestId("review-line").locator("mark")).toHaveText(/^leche$/i);
  await expect(region.getByRole("button", { name: /Replay/ })).toBeVisible();

  await page.keyboard.press("Space");
  const answer = region.getByTestId("review-answer");
  await expect(answer.getByTestId("word-meaning")).toBeVisible();
  // Each grade says when the word would come back.
  await expect(answer.getByRole("button", { name: /^Again\s*\d+ min$/ })).toBeVisible();
  await expectNoViolationsInBothThemes(page, "the review card, revealed");
  // The back takes the learner's own note, which from then on is the word's meaning.
  const note = answer.getByTestId("word-note-editor");
  await note.getByLabel("Your note").fill("what goes in a café con leche");
  await note.getByRole("button", { name: "Save note" }).click();
  await expect(answer.getByTestId("word-meaning")).toContainText("Your note: what goes in a café con leche");

  await page.keyboard.press("3");
  await expect(region.locator("[data-due-count]")).toHaveAttribute("data-due-count", "0");
  const empty = region.getByTestId("review-empty");
  await expect(empty).toContainText("No words due.");
  await expect(empty).toContainText(/Next review in \d+ (minute|hour|day)s?\./);
  await expect(empty.getByRole("button", { name: "Practice anyway" })).toBeVisible();
  await expect(empty.getByRole("link", { name: "Back to home" })).toBeVisible();
});

test("/review opened where the browser blocks sound says to press Replay, and Replay plays the line", async ({ signedInPage: page, learner, request }) => {
  await (await LearnerApi.signIn(request, learner)).setWordStatus("es", "leche", "learning");
  // As most browsers do by default: media may not start before the page has been touched. The
  // page's play() is refused with NotAllowedError until this document's first pointer or key press
  // (the test browser's own activation carries over from the sign-in, so it is tracked here).
  await page.addInitScript(() => {
    let touched = false;
    for (const type of ["pointerdown", "keydown"]) addEventListener(type, (event) => (touched ||= event.isTrusted), true);
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!touched) return Promise.reject(new DOMException("play() failed because the user didn't interact with the document first.", "NotAllowedError"));
      return play.call(this);
    };
  });
  const { framesAsked } = await countAnimationFrames(page);
  await page.goto("/review");
  const region = page.getByRole("region", { name: "Review" });
  await expect(region.getByTestId("review-sound-blocked")).toHaveText("Your browser held back the sound: press Replay to hear the line.");
  // The silent line waits for Replay without a frame loop: a second goes by with (almost) no frame asked for.
  const silent = await framesAsked();
  await page.waitForTimeout(1000);
  expect((await framesAsked()) - silent).toBeLessThan(5);
  const audio = () =>
    page.evaluate(() => {
      const { paused, currentTime } = document.querySelector<HTMLAudioElement>("[data-testid=review-audio]")!;
      return { paused, currentTime };
    });
  expect((await audio()).paused).toBe(true);
  await region.getByRole("button", { name: /Replay/ }).click();
  await expect(region.getByTestId("review-sound-blocked")).toHaveCount(0);
  // The line plays: the audio moves on from where the line starts.
  const start = (await audio()).currentTime;
  await expect.poll(async () => (await audio()).currentTime).toBeGreaterThan(start);
});

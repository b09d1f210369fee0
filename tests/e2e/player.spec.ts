/** The video page through the HTML5 adapter: word-timed captions, quizzes at vocabulary words, the control row, keyboard control. */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { loadDemoContent } from "@/db/seed";
import { formatMediaTime } from "@/lib/format";
import type { Account } from "./support/accounts";
import { LearnerApi } from "./support/api";
import { expect, test } from "./support/fixtures";
import { countAnimationFrames, transcriptLines } from "./support/pages";
import { installProbe, litInOrder, readProbe } from "@/scripts/standins/highlight-probe";

async function openVideo(page: Page, title: string) {
  await page.getByTestId("popular-videos").getByRole("article").filter({ hasText: title }).getByRole("link").click();
  await expect(page).toHaveURL(/\/video\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

const playButton = (page: Page) => page.getByRole("button", { name: "Play", exact: true });
const pauseButton = (page: Page) => page.getByRole("button", { name: "Pause", exact: true });
const mediaMs = (page: Page) => page.evaluate(() => document.querySelector("video")!.currentTime * 1000);
/** The media's length once the <video> knows it. */
const mediaDurationMs = (page: Page) =>
  page.evaluate(async () => {
    const video = document.querySelector("video")!;
    if (!(video.duration > 0)) await new Promise((resolve) => video.addEventListener("loadedmetadata", resolve, { once: true }));
    return video.duration * 1000;
  });
/** Quizzes off (the learner's setting), so seeking about brings none up. */
async function withoutQuizzes(request: APIRequestContext, learner: Account) {
  await (await LearnerApi.signIn(request, learner)).updateSettings({ pauseOnHighlight: false });
}
/** Sets the media's time straight on the <video>, as a seek the player did not ask for (to skip playing up to a moment). */
const seekMedia = (page: Page, ms: number) =>
  page.evaluate((to) => {
    document.querySelector("video")!.currentTime = to / 1000;
  }, ms);
const currentLine = (page: Page) =>
  transcriptLines(page).evaluateAll((buttons) => buttons.findIndex((b) => b.getAttribute("aria-current") === "true"));

/** The last transcript line that has begun at the media's time (each line's button names its start, "at m:ss"). */
const lineBegun = async (page: Page) => {
  const now = await page.evaluate(() => document.querySelector("video")!.currentTime);
  const starts = await transcriptLines(page).evaluateAll((buttons) =>
    buttons.map((b) => {
      const [, m, s] = /at (\d+):(\d+)/.exec(b.getAttribute("aria-label") ?? b.textContent ?? "") ?? [];
      return Number(m) * 60 + Number(s);
    }),
  );
  return starts.findLastIndex((start) => start <= Math.floor(now));
};

const options = (quiz: Locator) => quiz.getByRole("group", { name: "Options" }).getByRole("button");

/**
 * The quiz card lies inside the window and nothing covers it (the sticky header, the page's edge):
 * the topmost element at each of its edges and at its heading is the card's own.
 */
async function expectFullyVisible(page: Page, card: Locator) {
  await expect(card).toBeVisible();
  const view = page.viewportSize()!;
  // Measured until it holds: the page may still be scrolling the card into view (smoothly), and
  // a box read before the scroll ends is not where the card comes to rest.
  const outOfSight = async () => {
    const box = (await card.boundingBox())!;
    const heading = (await card.getByRole("heading").boundingBox())!;
    const edges = [
      box.y >= 0 || "top above the window",
      box.x >= 0 || "left of the window",
      box.y + box.height <= view.height + 0.5 || "bottom below the window",
      box.x + box.width <= view.width + 0.5 || "right of the window",
    ].filter((edge) => edge !== true);
    // The middle of each edge, just inside (the corners are rounded off), and the word asked about.
    const points = [
      [box.x + box.width / 2, box.y + 3],
      [box.x + box.width / 2, box.y + box.height - 3],
      [box.x + 3, box.y + box.height / 2],
      [box.x + box.width - 3, box.y + box.height / 2],
      [heading.x + heading.width / 2, heading.y + heading.height / 2],
    ];
    const covered = await card.evaluate(
      (element, at) => at.filter(([x, y]) => !element.contains(document.elementFromPoint(x!, y!))).map(([x, y]) => `covered at ${x},${y}`),
      points,
    );
    return [...edges, ...covered];
  };
  await expect.poll(outOfSight).toEqual([]);
}

test("captions light up word by word, the quiz pauses playback, and the result reaches home", async ({ signedInPage: page }) => {
  await openVideo(page, "Ordering Coffee in Madrid");
  const firstLineText = "Buenos días, quisiera un café con leche, por favor.";
  await installProbe(page);
  await playButton(page).click();
  await expect(pauseButton(page)).toBeVisible();
  const cafe = page.locator('[data-start-ms="2968"]');
  // Any state past upcoming: the assertion's own polling (up to 500 ms) may miss the short speaking window.
  await expect(cafe).toHaveAttribute("data-word-state", /speaking|spoken|highlighted/, { timeout: 8000 });
  await expect(page.getByTestId("caption-translation")).toHaveText("Good morning, I would like a coffee with milk, please.");

  // café's quiz time is 5935 ms: playback pauses 350 ms before, with the quiz.
  const quiz = page.getByRole("dialog");
  await expect(quiz).toBeVisible({ timeout: 10_000 });
  await expect(quiz.getByRole("heading", { name: "café" })).toBeVisible();
  // The line the word was said in stays in sight.
  await expect(quiz.getByTestId("quiz-sentence")).toHaveText(firstLineText);
  await expect(quiz.getByTestId("quiz-sentence").locator("mark")).toHaveText("café");
  await expect(playButton(page)).toBeVisible();
  const pausedAt = await page.evaluate(() => document.querySelector("video")!.currentTime * 1000);
  expect(pausedAt).toBeGreaterThanOrEqual(5585);
  expect(pausedAt).toBeLessThan(6085);
  // Every word of the first line lit, one after another (how soon is the bench's: BENCH_ONLY=highlight);
  // café, the vocabulary word, stays highlighted.
  const firstLine = loadDemoContent().videos.find((v) => v.title === "Ordering Coffee in Madrid")!.segments[0]!;
  const log = await readProbe(page);
  const lit = litInOrder(log).filter((w) => w.startMs < firstLine.endTime);
  expect(lit.map((w) => w.text)).toEqual(firstLine.words.map((w) => w.word));
  expect(log.words["2968"]?.highlighted).toBeTruthy();
  await expect(options(quiz)).toHaveCount(4);
  // Nothing tells the answer before a pick.
  await expect(quiz.locator("[data-correct]")).toHaveCount(0);

  await quiz.getByRole("button", { name: /coffee/ }).click();
  await expect(quiz.getByText("Correct!")).toBeVisible();
  // The other options are locked.
  await expect(quiz.getByRole("button", { name: /coffee/ })).toHaveAttribute("aria-pressed", "true");
  await expect(quiz.getByRole("button", { name: /coffee/ })).toHaveAttribute("data-correct", "true");
  await expect(options(quiz).and(page.locator(":disabled"))).toHaveCount(3);
  await quiz.getByRole("button", { name: "Continue" }).click();
  await expect(quiz).toHaveCount(0);
  await expect(pauseButton(page)).toBeVisible();

  // On to just before tostada's quiz time (16071 ms, so 15721 ms), seeking over the 10 s between
  // rather than playing them: no quiz lay in the jump, and playback reaches tostada's.
  await seekMedia(page, 15_300);
  // A wrong answer at the next word, chosen with the keyboard: the right one is shown, by text too.
  await expect(quiz).toBeVisible({ timeout: 10_000 });
  await expect(quiz.getByRole("heading", { name: "tostada" })).toBeVisible();
  const texts = await options(quiz).allTextContents();
  const wrong = texts.findIndex((o) => !o.includes("toast"));
  await page.keyboard.press(String(wrong + 1));
  await expect(quiz.getByText("Try again")).toBeVisible();
  await expect(options(quiz).nth(wrong)).toHaveAttribute("aria-pressed", "true");
  await expect(options(quiz).nth(wrong)).not.toHaveAttribute("data-correct");
  const right = quiz.locator('[data-correct="true"]');
  await expect(right).toHaveCount(1);
  await expect(right).toContainText("toast");
  await expect(right).toContainText("Right answer");
  // 'Try again' goes after 2 s; the right answer stays marked, and Continue goes on.
  await expect(quiz.getByText("Try again")).toHaveCount(0, { timeout: 4000 });
  await expect(right).toContainText("Right answer");
  await page.keyboard.press("Enter");
  await expect(quiz).toHaveCount(0);

  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId("today-quizzes")).toHaveText("2 quizzes today");
  await expect(page.getByTestId("continue-learning").getByRole("heading", { name: "Ordering Coffee in Madrid" })).toBeVisible();
});

test("a forward jump past a quiz brings it up as catch-up; keys control playback", async ({ signedInPage: page }) => {
  await openVideo(page, "Ordering Coffee in Madrid");
  await playButton(page).click();
  await expect(pauseButton(page)).toBeVisible();
  await page.keyboard.press("k");
  await expect(playButton(page)).toBeVisible();
  await page.keyboard.press(" ");
  await expect(pauseButton(page)).toBeVisible();

  // The next line skips café's quiz time (5.6 s), in the line just before: it comes up at once.
  await page.keyboard.press("ArrowRight");
  const quiz = page.getByRole("dialog");
  await expect(quiz.getByRole("heading", { name: "café" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(quiz).toHaveCount(0);
  await expect(pauseButton(page)).toBeVisible();
});

test("the transcript lists every line and seeks; the speed menu changes playback and hands the keys back to the page", async ({ signedInPage: page, learner, request }) => {
  await withoutQuizzes(request, learner);
  await openVideo(page, "A Morning at the Market in Lyon");
  await expect(transcriptLines(page)).toHaveCount(8);
  const third = transcriptLines(page).nth(2);
  await third.click();
  await expect(third).toHaveAttribute("aria-current", "true");
  await expect(pauseButton(page)).toBeVisible();

  await page.getByRole("button", { name: /^Speed / }).click();
  await page.getByRole("menuitemradio", { name: "0.75×" }).click();
  await expect(page.getByRole("button", { name: "Speed 0.75×" })).toBeVisible();
  expect(await page.evaluate(() => document.querySelector("video")!.playbackRate)).toBe(0.75);
  // The focus is back on the player, where Space pauses (not the menu) and ← moves a line (not the
  // speed). Paused first: playing on, the video may have reached the next line meanwhile.
  await expect(page.getByRole("region", { name: "Video player" })).toBeFocused();
  await page.keyboard.press(" ");
  await expect(playButton(page)).toBeVisible();
  await expect(page.getByRole("menu")).toHaveCount(0);
  // Paused on a line, or (a slow machine took long over the menu) in the pause after one: either
  // way ← goes to the line before the last one that has begun.
  const paused = await lineBegun(page);
  expect(paused).toBeGreaterThanOrEqual(2);
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => currentLine(page)).toBe(paused - 1);
  expect(await page.evaluate(() => document.querySelector("video")!.playbackRate)).toBe(0.75);

  // The player's settings are the learner's: the next visit keeps the speed, the hidden translation and the pause after each line.
  await page.getByRole("button", { name: "Hide translation" }).click();
  await page.getByRole("button", { name: "Pause after each line" }).click();
  await page.reload();
  await expect(page.getByRole("button", { name: "Speed 0.75×" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Show translation" })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("button", { name: "Pause after each line" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => page.evaluate(() => document.querySelector("video")!.playbackRate)).toBe(0.75);
});

test("a link to a line (?t=) opened afresh starts the video there, and with autoplay on it plays from there", async ({ signedInPage: page, learner, request }) => {
  const api = await LearnerApi.signIn(request, learner);
  await api.updateSettings({ pauseOnHighlight: false });
  const { id } = await api.videoByTitle("A Morning at the Market in Lyon");
  // A whole page load, as from a saved word's link in another tab or the Anki export: the page's
  // HTML carries the <video>, whose length often arrives before the page's scripts have started.
  await page.goto(`/video/${id}?t=5`);
  await expect.poll(() => mediaMs(page)).toBeGreaterThanOrEqual(5000);
  await expect(transcriptLines(page).nth(await lineBegun(page))).toHaveAttribute("aria-current", "true");
  await expect(playButton(page)).toBeVisible();

  await api.updateSettings({ autoplayVideos: true });
  await page.goto(`/video/${id}?t=5`);
  await expect(pauseButton(page)).toBeVisible();
  await expect.poll(() => mediaMs(page)).toBeGreaterThan(5200);
});

test("the seek bar seeks by click, drag and its keys, and shows elapsed / total time and what has loaded", async ({ signedInPage: page, learner, request }) => {
  await withoutQuizzes(request, learner);
  await openVideo(page, "Ordering Coffee in Madrid");
  const seek = page.getByRole("slider", { name: "Seek" });
  const durationMs = await mediaDurationMs(page);
  await expect(page.getByTestId("player-duration")).toHaveText(formatMediaTime(durationMs));
  await expect(seek).toHaveAttribute("aria-valuemax", String(Math.floor(durationMs / 1000)));
  await expect.poll(() => page.getByTestId("seek-buffered").evaluate((el) => parseFloat((el as HTMLElement).style.width))).toBeGreaterThan(0);
  const near = (fraction: number) => async () => Math.abs((await mediaMs(page)) - fraction * durationMs);
  const box = (await seek.boundingBox())!;
  const y = box.y + box.height / 2;

  // A click half way along.
  await page.mouse.click(box.x + box.width * 0.5, y);
  await expect.poll(near(0.5)).toBeLessThan(durationMs * 0.02);
  await expect(page.getByTestId("player-time")).toHaveText(formatMediaTime(await mediaMs(page)));
  await expect(seek).toHaveAttribute("aria-valuenow", String(Math.floor((await mediaMs(page)) / 1000)));
  // The click left the focus alone: ← is still the page's line shortcut.
  await expect(seek).not.toBeFocused();

  // A drag from a fifth to four fifths: the media seeks once, where it is let go.
  await page.mouse.move(box.x + box.width * 0.2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.8, y, { steps: 4 });
  // The bar shows where it would go while the media stays put.
  await expect.poll(async () => Math.abs(Number(await seek.getAttribute("aria-valuenow")) - (0.8 * durationMs) / 1000)).toBeLessThanOrEqual(1);
  await expect.poll(near(0.5)).toBeLessThan(durationMs * 0.02);
  await page.mouse.up();
  await expect.poll(near(0.8)).toBeLessThan(durationMs * 0.02);

  // Keys on the focused bar: 5 s back and ahead, start and end.
  await seek.focus();
  const at = await mediaMs(page);
  await page.keyboard.press("ArrowLeft");
  await expect.poll(async () => Math.abs((await mediaMs(page)) - (at - 5000))).toBeLessThan(100);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect.poll(async () => Math.abs((await mediaMs(page)) - (at + 5000))).toBeLessThan(100);
  await page.keyboard.press("Home");
  await expect.poll(() => mediaMs(page)).toBe(0);
  await expect(page.getByTestId("player-time")).toHaveText("0:00");
});

test("a paused video keeps no frame loop running on the device, and a seek while paused still moves the line and the clock", async ({ signedInPage: page, learner, request }) => {
  await withoutQuizzes(request, learner);
  const { framesAsked } = await countAnimationFrames(page);
  await page.reload();
  await openVideo(page, "Ordering Coffee in Madrid");
  // Playing, the captions follow the media frame by frame.
  await playButton(page).click();
  const playing = await framesAsked();
  await expect.poll(framesAsked).toBeGreaterThan(playing + 10);
  await pauseButton(page).click();
  await expect(playButton(page)).toBeVisible();
  // Paused, a second goes by with (almost) no frame asked for: the screen is not redrawn for nothing.
  const paused = await framesAsked();
  await page.waitForTimeout(1000);
  expect((await framesAsked()) - paused).toBeLessThan(5);
  // A seek while paused moves the line and the clock all the same.
  const line = await currentLine(page);
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => currentLine(page)).toBe(line + 1);
  await expect(page.getByTestId("player-time")).toHaveText(formatMediaTime(await mediaMs(page)));
});

test("M mutes, F puts the whole player with its captions fullscreen, ? lists the shortcuts", async ({ signedInPage: page, learner, request }) => {
  await withoutQuizzes(request, learner);
  await openVideo(page, "Ordering Coffee in Madrid");
  const muted = () => page.evaluate(() => document.querySelector("video")!.muted);
  await page.keyboard.press("m");
  await expect(page.getByRole("button", { name: "Unmute" })).toBeVisible();
  expect(await muted()).toBe(true);
  await page.getByRole("button", { name: "Unmute" }).click();
  await expect(page.getByRole("button", { name: "Mute", exact: true })).toBeVisible();
  expect(await muted()).toBe(false);
  await page.getByRole("slider", { name: "Volume" }).fill("0.5");
  expect(await page.evaluate(() => document.querySelector("video")!.volume)).toBe(0.5);

  await playButton(page).click();
  await expect(page.getByTestId("captions")).toBeVisible();
  await page.keyboard.press("f");
  const inFullscreen = (selector: string) => page.evaluate((s) => !!document.fullscreenElement?.querySelector(s), selector);
  await expect.poll(() => inFullscreen('[data-testid="captions"]')).toBe(true);
  expect(await inFullscreen('[role="slider"][aria-label="Seek"]')).toBe(true);
  expect(await page.evaluate(() => document.fullscreenElement?.tagName)).toBe("DIV");
  await expect(page.getByRole("button", { name: "Fullscreen" })).toHaveAttribute("aria-pressed", "true");

  // The list opens inside the fullscreen player, where it can be seen.
  await page.keyboard.press("?");
  const list = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(list).toBeVisible();
  expect(await inFullscreen('[role="dialog"]')).toBe(true);
  for (const does of ["Play or pause", "Previous line", "Mute or unmute", "Fullscreen", "Show these shortcuts"]) await expect(list.getByText(does, { exact: true })).toBeVisible();
  await list.getByRole("button", { name: "Close" }).click();
  await expect(list).toHaveCount(0);
  await page.keyboard.press("f");
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  await expect(page.getByRole("button", { name: "Fullscreen" })).toHaveAttribute("aria-pressed", "false");

  // The button opens the list too, and closing it gives the keys back to the page.
  await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
  await expect(list).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(list).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Video player" })).toBeFocused();
  await page.keyboard.press("k");
  await expect(playButton(page)).toBeVisible();
});

test("'Pause after each line' stops with the line still on screen", async ({ signedInPage: page }) => {
  await openVideo(page, "Ordering Coffee in Madrid");
  await page.getByRole("button", { name: "Pause after each line" }).click();
  // Played from a second before the first line's end rather than from the start.
  await mediaDurationMs(page);
  await seekMedia(page, 4500);
  await playButton(page).click();
  await expect(pauseButton(page)).toBeVisible();
  // The first line ends at 5485 ms (café's quiz comes 100 ms after): playback stops before, the line shown.
  await expect(playButton(page)).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId("captions").locator("[data-word-state]")).toHaveText(["Buenos", "días,", "quisiera", "un", "café", "con", "leche,", "por", "favor."]);
  const at = await page.evaluate(() => document.querySelector("video")!.currentTime * 1000);
  expect(at).toBeGreaterThan(5300);
  expect(at).toBeLessThanOrEqual(5485);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a jump over several lines asks about none of them; Skip closes a quiz unanswered", async ({ signedInPage: page }) => {
  await openVideo(page, "Ordering Coffee in Madrid");
  await expect(page.getByTestId("vocabulary-count")).toHaveText("This video teaches 4 words.");
  const transcript = transcriptLines(page);
  // To the fourth line (16.5 s): café's line and the empty ones after it were jumped over; tostada's
  // (the line just before) is asked.
  await transcript.nth(3).click();
  const quiz = page.getByRole("dialog");
  await expect(quiz.getByRole("heading", { name: "tostada" })).toBeVisible();
  await quiz.getByRole("button", { name: "Skip" }).click();
  await expect(quiz).toHaveCount(0);
  await expect(pauseButton(page)).toBeVisible();
  // Two lines on again, past agua's line: no quiz comes up.
  await transcript.nth(6).click();
  await expect(transcript.nth(6)).toHaveAttribute("aria-current", "true");
  // Frames go by as it plays on from the line's start (30389 ms): still no quiz.
  await expect.poll(() => mediaMs(page)).toBeGreaterThan(30_389 + 300);
  await expect(quiz).toHaveCount(0);
});

test("the transcript seeks; a lit word shows its meaning; a wrong answer teaches; the recap ends the video", async ({ signedInPage: page }) => {
  await openVideo(page, "A Morning at the Market in Lyon");
  await expect(transcriptLines(page)).toHaveCount(8);
  await page.getByRole("button", { name: /^Speed / }).click();
  await page.getByRole("menuitemradio", { name: "0.75×" }).click();
  const lastLine = transcriptLines(page).last();
  await lastLine.click();
  await expect(lastLine).toHaveAttribute("aria-current", "true");
  await expect(pauseButton(page)).toBeVisible();
  const rate = await page.evaluate(() => document.querySelector("video")!.playbackRate);
  expect(rate).toBe(0.75);

  // "Show Definitions" (on by default): once panier is said, "basket" shows under it.
  const definition = page.getByTestId("captions").getByTestId("word-definition");
  await expect(definition).toHaveText("basket", { timeout: 10_000 });
  await expect(definition.locator("..").locator("[data-word-state]")).toHaveText("panier");

  // The quiz at panier (39234 ms, so 38884 ms), reached by seeking to just before it in the same
  // line rather than playing there: a wrong pick shows the right answer, and Continue plays on to the end.
  await seekMedia(page, 38_500);
  const quiz = page.getByRole("dialog");
  await expect(quiz.getByRole("heading", { name: "panier" })).toBeVisible({ timeout: 10_000 });
  const texts = await options(quiz).allTextContents();
  await options(quiz).nth(texts.findIndex((o) => !o.includes("basket"))).click();
  await expect(quiz.locator('[data-correct="true"]')).toContainText("basket");
  await quiz.getByRole("button", { name: "Continue" }).click();

  // The recap: the score, the word met (wrong), and the next video to watch.
  const recap = page.getByRole("dialog", { name: "Video complete" });
  await expect(recap).toBeVisible({ timeout: 15_000 });
  await expect(recap.getByTestId("recap-score")).toHaveText("0 of 1 quiz right");
  await expect(recap.getByTestId("recap-words").getByRole("listitem")).toHaveText(["Wrong:panierbasket"]);
  const next = recap.getByTestId("recap-next");
  await expect(next).toBeVisible();
  const title = await next.textContent();
  expect(title).not.toBe("A Morning at the Market in Lyon");
  await recap.getByRole("link", { name: "Next video" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title! })).toBeVisible();
});

test("with quizzes off in settings, the video plays past its words", async ({ signedInPage: page }) => {
  await page.goto("/settings");
  await page.getByRole("combobox", { name: "Quizzes" }).click();
  await page.getByRole("option", { name: "At most one every few seconds" }).click();
  await expect(page.getByLabel("Seconds between quizzes")).toHaveValue("30");
  await page.getByRole("combobox", { name: "Quizzes" }).click();
  await page.getByRole("option", { name: "Off" }).click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Your settings have been saved successfully.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Quizzes" })).toHaveText("Off");

  await page.goto("/home");
  await openVideo(page, "Ordering Coffee in Madrid");
  // The second line, past café's quiz time, plays on with no quiz (and no catch-up).
  await transcriptLines(page).nth(1).click();
  await expect(pauseButton(page)).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.querySelector("video")!.currentTime), { timeout: 10_000 }).toBeGreaterThan(7);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the quiz opened by a transcript click is fully in sight at every size", async ({ signedInPage: page }) => {
  const quiz = page.getByRole("dialog");
  const line = (n: number) => transcriptLines(page).nth(n);
  /** At `size`, a click on line `n` jumps past `word`'s quiz time: its quiz comes up (catch-up), whole in the window; then skipped, and playback paused. */
  async function quizAt(size: { width: number; height: number }, n: number, word: string, before?: () => Promise<void>) {
    await page.setViewportSize(size);
    await before?.();
    await line(n).click();
    await expect(quiz.getByRole("heading", { name: word })).toBeVisible();
    await expectFullyVisible(page, quiz);
    await quiz.getByRole("button", { name: "Skip" }).click();
    await expect(quiz).toHaveCount(0);
    await pauseButton(page).click();
    await expect(playButton(page)).toBeVisible();
  }

  await openVideo(page, "Ordering Coffee in Madrid");
  // The transcript beside the player: a click on it leaves the player where it is.
  await quizAt({ width: 1280, height: 800 }, 1, "café");
  // The transcript under the player, scrolled to its end, the player out of sight.
  await quizAt({ width: 900, height: 800 }, 3, "tostada", async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.getByTestId("player")).not.toBeInViewport({ ratio: 1 });
  });
  await quizAt({ width: 700, height: 800 }, 5, "agua");
  // A word is asked once a visit: the phones' sizes on a new one, loaded at the first of them.
  await page.setViewportSize({ width: 375, height: 700 });
  await page.reload();
  await quizAt({ width: 375, height: 700 }, 1, "café");
  await quizAt({ width: 844, height: 390 }, 3, "tostada");
});

test("on a landscape phone (844×390) the whole player is in sight below the header, so Play starts it where it is", async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 844, height: 390 });
  await openVideo(page, "Ordering Coffee in Madrid");
  const frame = page.getByTestId("player-frame");
  const headerBottom = async () => (await page.locator("header").first().boundingBox())!.height;
  // Picture and control row inside the window, under the sticky header, before any scrolling.
  await expect(playButton(page)).toBeInViewport({ ratio: 1 });
  const before = (await frame.boundingBox())!;
  expect(before.y).toBeGreaterThanOrEqual(await headerBottom());
  expect(before.y + before.height).toBeLessThanOrEqual(390);
  await playButton(page).click();
  await expect(pauseButton(page)).toBeVisible();
  await expect(page.getByTestId("captions")).toBeVisible();
  // Nothing moved: the page did not scroll the player's top under the header.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect((await frame.boundingBox())!.y).toBe(before.y);
});

test("at 375 px a caption with a word's meaning under it covers at most a third of the picture, clear of the control row", async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openVideo(page, "Ordering Coffee in Madrid");
  await playButton(page).click();
  const definition = page.getByTestId("captions").getByTestId("word-definition");
  await expect(definition).toHaveText("coffee", { timeout: 10_000 });
  await page.keyboard.press("k");
  await expect(playButton(page)).toBeVisible();
  const picture = (await page.getByTestId("player").boundingBox())!;
  const captions = (await page.getByTestId("captions").boundingBox())!;
  const controls = (await page.getByTestId("player-controls").boundingBox())!;
  expect(captions.height).toBeLessThanOrEqual(picture.height / 3);
  expect(captions.y + captions.height).toBeLessThanOrEqual(controls.y);
  // Unfolded, the translation joins it under the line.
  await page.getByTestId("caption-translation-fold").click();
  await expect(page.getByTestId("caption-translation")).toHaveText("Good morning, I would like a coffee with milk, please.");
  const unfolded = (await page.getByTestId("captions").boundingBox())!;
  expect(unfolded.y + unfolded.height).toBeLessThanOrEqual(controls.y);
  // Folded again, then translations switched off and on in the control row: the learner asked to read it, so it shows unfolded.
  await page.getByTestId("caption-translation-fold").click();
  await expect(page.getByTestId("caption-translation")).toBeHidden();
  await page.getByRole("button", { name: "Hide translation" }).click();
  await expect(page.getByTestId("caption-translation")).toHaveCount(0);
  await page.getByRole("button", { name: "Show translation" }).click();
  await expect(page.getByTestId("caption-translation")).toBeVisible();
  await expect(page.getByTestId("caption-translation-fold")).toHaveAttribute("aria-expanded", "true");
});

test("at 1280 px nothing of the picture shows through under the control row, along the player's bottom edge", async ({ signedInPage: page, learner, request }) => {
  await withoutQuizzes(request, learner);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openVideo(page, "Ordering Coffee in Madrid");
  // Half-way through (the picture behind the row is the lesson's bright title card).
  const duration = await mediaDurationMs(page);
  await page.evaluate(
    (at) =>
      new Promise((resolve) => {
        const video = document.querySelector("video")!;
        video.addEventListener("seeked", resolve, { once: true });
        video.currentTime = at;
      }),
    duration / 2000,
  );
  await page.waitForTimeout(300);
  const frame = (await page.getByTestId("player-frame").boundingBox())!;
  // The frame's bottom 4 px, clear of its rounded corners.
  const band = await page.screenshot({ clip: { x: frame.x + 24, y: frame.y + frame.height - 4, width: frame.width - 48, height: 4 } });
  const brightest = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext("2d")!;
    context.drawImage(bitmap, 0, 0);
    const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let max = 0;
    for (let i = 0; i < data.length; i += 4) max = Math.max(max, data[i]!, data[i + 1]!, data[i + 2]!);
    return max;
  }, band.toString("base64"));
  expect(brightest).toBeLessThanOrEqual(12);
});

test("an unknown video is the not-found screen", async ({ signedInPage: page }) => {
  await page.goto("/video/999999");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});

test("the page's security policy lets only the YouTube embed frame in, and no other site frame the page", async ({ signedInPage: page }) => {
  const response = await page.goto("/");
  const policy = response!.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("frame-src https://www.youtube-nocookie.com");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(response!.headers()["x-frame-options"]).toBe("DENY");

  // A frame from anywhere else is refused by the browser.
  const violation = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener("securitypolicyviolation", (e) => resolve(e.effectiveDirective), { once: true });
        const frame = document.createElement("iframe");
        frame.src = "https://example.org/";
        document.body.append(frame);
      }),
  );
  expect(violation).toBe("frame-src");
});

/** The video page through the HTML5 adapter: word-timed captions, quizzes at vocabulary words, the control row, keyboard control. */
import type { APIRequestContext, Page } from "@playwright/test";
import { loadDemoContent } from "@/db/seed";
import { formatMediaTime } from "@/lib/format";
import type { Account } from "./support/accounts";
import { LearnerApi } from "./support/api";
import { expect, test } from "./support/fixtures";
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
const currentLine = (page: Page) =>
  page.getByTestId("transcript").getByRole("button").evaluateAll((buttons) => buttons.findIndex((b) => b.getAttribute("aria-current") === "true"));

test("captions light up word by word, the quiz pauses playback, and the result reaches home", async ({ signedInPage: page }) => {
  await openVideo(page, "Ordering Coffee in Madrid");
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
  await expect(quiz.getByRole("button")).toHaveCount(4);

  await quiz.getByRole("button", { name: /coffee/ }).click();
  await expect(quiz.getByText("Correct!")).toBeVisible();
  // The other options are locked.
  await expect(quiz.getByRole("button", { name: /coffee/ })).toHaveAttribute("aria-pressed", "true");
  await quiz.getByRole("button", { name: "Continue" }).click();
  await expect(quiz).toHaveCount(0);
  await expect(pauseButton(page)).toBeVisible();

  // A wrong answer at the next word, chosen with the keyboard.
  await expect(quiz).toBeVisible({ timeout: 15_000 });
  await expect(quiz.getByRole("heading", { name: "llevar" })).toBeVisible();
  const options = await quiz.getByRole("group", { name: "Options" }).getByRole("button").allTextContents();
  const wrong = options.findIndex((o) => !o.includes("to take away"));
  await page.keyboard.press(String(wrong + 1));
  await expect(quiz.getByText("Try again")).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(quiz).toHaveCount(0);

  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId("today-progress-count")).toHaveText("2 / 30 quizzes");
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

  // Two lines ahead skips café's quiz time (5.6 s): it comes up at once.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  const quiz = page.getByRole("dialog");
  await expect(quiz.getByRole("heading", { name: "café" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(quiz).toHaveCount(0);
});

test("the transcript lists every line and seeks; the speed menu changes playback and hands the keys back to the page", async ({ signedInPage: page, learner, request }) => {
  await withoutQuizzes(request, learner);
  await openVideo(page, "A Morning at the Market in Lyon");
  const transcript = page.getByTestId("transcript");
  await expect(transcript.getByRole("button")).toHaveCount(8);
  const third = transcript.getByRole("button").nth(2);
  await third.click();
  await expect(third).toHaveAttribute("aria-current", "true");
  await expect(pauseButton(page)).toBeVisible();

  await page.getByRole("button", { name: /^Speed / }).click();
  await page.getByRole("menuitemradio", { name: "0.75×" }).click();
  await expect(page.getByRole("button", { name: "Speed 0.75×" })).toBeVisible();
  expect(await page.evaluate(() => document.querySelector("video")!.playbackRate)).toBe(0.75);
  // The focus is back on the player, where ← moves a line (not the speed) and Space pauses (not the menu).
  await expect(page.getByRole("region", { name: "Video player" })).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => currentLine(page)).toBeLessThan(2);
  await page.keyboard.press(" ");
  await expect(playButton(page)).toBeVisible();
  await expect(page.getByRole("menu")).toHaveCount(0);
  expect(await page.evaluate(() => document.querySelector("video")!.playbackRate)).toBe(0.75);
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

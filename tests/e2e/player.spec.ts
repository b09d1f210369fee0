/** The video page through the HTML5 adapter: word-timed captions, quizzes at vocabulary words, keyboard control. */
import type { Page } from "@playwright/test";
import { loadDemoContent } from "@/db/seed";
import { expect, test } from "./support/fixtures";
import { installProbe, litInOrder, readProbe } from "@/scripts/standins/highlight-probe";

async function openVideo(page: Page, title: string) {
  await page.getByTestId("popular-videos").getByRole("article").filter({ hasText: title }).getByRole("link").click();
  await expect(page).toHaveURL(/\/video\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

const playButton = (page: Page) => page.getByRole("button", { name: "Play", exact: true });
const pauseButton = (page: Page) => page.getByRole("button", { name: "Pause", exact: true });

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

test("the transcript lists every line and seeks; the speed changes playback", async ({ signedInPage: page }) => {
  await openVideo(page, "A Morning at the Market in Lyon");
  const transcript = page.getByTestId("transcript");
  await expect(transcript.getByRole("button")).toHaveCount(8);
  await page.getByTestId("speed").selectOption("0.75");
  const lastLine = transcript.getByRole("button").last();
  await lastLine.click();
  await expect(lastLine).toHaveAttribute("aria-current", "true");
  await expect(pauseButton(page).or(page.getByRole("dialog"))).toBeVisible();
  const rate = await page.evaluate(() => document.querySelector("video")!.playbackRate);
  expect(rate).toBe(0.75);
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

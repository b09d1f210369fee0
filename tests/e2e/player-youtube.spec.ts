/**
 * The video page through the YouTube adapter, against a local stand-in of the embed
 * (support/youtube-standin.ts) that reports its time only every 250 ms, like the real one: the
 * captions must still light up word by word between reports (how soon: the highlight bench), the
 * quiz must pause the embed and Continue resume it.
 */
import type { APIRequestContext, Frame, Page } from "@playwright/test";
import { loadDemoContent } from "@/db/seed";
import type { Account } from "./support/accounts";
import { LearnerApi } from "./support/api";
import { expect, test } from "./support/fixtures";
import { transcriptLines } from "./support/pages";
import { highlightWindow } from "@/lib/player/timing";
import { installProbe, litInOrder, readProbe } from "@/scripts/standins/highlight-probe";
import type { StandinState } from "@/scripts/standins/youtube-standin";
import { YOUTUBE_EMBED_ORIGIN } from "./support/servers";
import { YOUTUBE_VIDEO } from "@/scripts/standins/youtube-video";


const playButton = (page: Page) => page.getByRole("button", { name: "Play", exact: true });
const pauseButton = (page: Page) => page.getByRole("button", { name: "Pause", exact: true });

/** The stand-in's record, read inside its frame; `time` is its true media time now. */
function standin(frame: Frame): Promise<StandinState & { time: number }> {
  return frame.evaluate(() => {
    const state = (window as unknown as { standin: StandinState & { time: () => number } }).standin;
    return { ...state, time: state.time() };
  });
}

/** Opens the YouTube copy and waits until the page is listening to the embed. */
async function openYouTubeVideo(page: Page, request: APIRequestContext, learner: Account): Promise<Frame> {
  const api = await LearnerApi.signIn(request, learner);
  const video = await api.videoByTitle(YOUTUBE_VIDEO.title);
  await page.goto(`/video/${video.id}`);
  await expect(page.getByRole("heading", { level: 1, name: YOUTUBE_VIDEO.title })).toBeVisible();
  const iframe = page.locator("iframe");
  await expect(iframe).toHaveAttribute("src", new RegExp(`^${YOUTUBE_EMBED_ORIGIN}/embed/${YOUTUBE_VIDEO.youtubeId}\\?`));
  const frame = await (await iframe.elementHandle())!.contentFrame();
  expect(frame).toBeTruthy();
  await expect.poll(async () => (await standin(frame!)).listening).toBe(true);
  return frame!;
}

/**
 * Whether the page drew a frame well inside `fromWall`..`toWall` (wall times), at least
 * `CLOCK_MARGIN_MS` from either end: the page's clock reads the media's time at every frame, so such
 * a frame must show the word as it is then, however few frames a busy machine draws around it.
 */
function drewInside(frames: readonly number[], fromWall: number, toWall: number): boolean {
  return frames.some((f) => f >= fromWall + CLOCK_MARGIN_MS && f <= toWall - CLOCK_MARGIN_MS);
}
/** How far the page's estimate of the embed's time may stray between two of its reports. */
const CLOCK_MARGIN_MS = 100;

const commandsOf = async (frame: Frame) => (await standin(frame)).commands.map((c) => c.func);

test("captions light up word by word between the embed's reports, the quiz pauses it, and the result reaches home", async ({ signedInPage: page, learner, request }) => {
  const frame = await openYouTubeVideo(page, request, learner);
  // Played once the page has settled (its words marked in the transcript, nothing loading): the
  // page's own loading is not what competes with the first line's frames.
  await expect(page.getByTestId("transcript").locator("[data-lemma]").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await installProbe(page);
  await playButton(page).click();
  await expect(pauseButton(page)).toBeVisible();

  // café's quiz opens 350 ms before 5935 ms: the page pauses the embed there.
  const quiz = page.getByRole("dialog");
  await expect(quiz.getByRole("heading", { name: "café" })).toBeVisible({ timeout: 15_000 });
  await expect.poll(async () => (await standin(frame)).playerState).toBe(2);
  const paused = await standin(frame);
  expect(paused.commands.map((c) => c.func)).toEqual(["playVideo", "pauseVideo"]);
  expect(paused.time).toBeGreaterThanOrEqual(5585);
  expect(paused.time).toBeLessThan(6085);

  // The first line's words light one after another, each speaking, then spoken (or, for
  // vocabulary, highlighted). How soon after its time each lights is the bench's (BENCH_ONLY=highlight).
  const firstLine = loadDemoContent().videos.find((v) => v.slug === YOUTUBE_VIDEO.slug)!.segments[0]!;
  const log = await readProbe(page);
  const lit = litInOrder(log).filter((w) => w.startMs < firstLine.endTime);
  expect(lit.map((w) => w.text)).toEqual(firstLine.words.map((w) => w.word));
  // Speaking is seen in every word whose window the page drew a frame in: a word's window is about
  // half a second, and a busy machine can draw no frame in all of it (the page then shows the word
  // spoken at its next frame, as it should). Its wall times follow from the stand-in's clock while it played.
  const { anchors } = await standin(frame);
  const playing = anchors.find((a) => a.playing)!;
  const wallAt = (ms: number) => playing.wall + (ms - playing.mediaMs) / playing.rate;
  const drawnIn = firstLine.words.filter((w) => {
    const { from, to } = highlightWindow(w);
    return drewInside(log.frames, wallAt(Math.max(from, firstLine.startTime)), wallAt(to));
  });
  expect(drawnIn.length, "the page drew frames inside some words' windows").toBeGreaterThan(0);
  for (const w of drawnIn) expect(log.words[w.start]?.speaking, `${w.word} speaking`).toBeTruthy();
  const speaking = lit.flatMap((w) => log.words[w.startMs]!.speaking?.wall ?? []);
  expect(speaking).toEqual([...speaking].sort((a, b) => a - b));
  for (const w of lit) {
    const { speaking: seen, spoken, highlighted } = log.words[w.startMs]!;
    const after = spoken ?? highlighted;
    if (seen && after) expect(after.wall).toBeGreaterThan(seen.wall);
  }
  expect(log.words["2968"]?.highlighted).toBeTruthy();

  await quiz.getByRole("button", { name: /coffee/ }).click();
  await expect(quiz.getByText("Correct!")).toBeVisible();
  await quiz.getByRole("button", { name: "Continue" }).click();
  await expect(quiz).toHaveCount(0);
  // Continue resumes the embed 300 ms later.
  await expect.poll(async () => (await standin(frame)).playerState).toBe(1);
  expect(await commandsOf(frame)).toEqual(["playVideo", "pauseVideo", "playVideo"]);
  await expect(pauseButton(page)).toBeVisible();

  // A wrong answer at the next word, with the keyboard: reached by a transcript click on the line
  // after it (catch-up) rather than 10 s of playing.
  await transcriptLines(page).nth(3).click();
  await expect(quiz.getByRole("heading", { name: "tostada" })).toBeVisible();
  await expect.poll(async () => (await standin(frame)).playerState).toBe(2);
  const options = await quiz.getByRole("group", { name: "Options" }).getByRole("button").allTextContents();
  await page.keyboard.press(String(options.findIndex((o) => !o.includes("toast")) + 1));
  await expect(quiz.getByText("Try again")).toBeVisible();
  await expect(quiz.locator('[data-correct="true"]')).toContainText("toast");
  await page.keyboard.press("Enter");
  await expect(quiz).toHaveCount(0);
  await expect.poll(async () => (await standin(frame)).playerState).toBe(1);

  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId("today-quizzes")).toHaveText("2 quizzes today");
});

test("a forward seek through the embed brings up the skipped quiz as catch-up", async ({ signedInPage: page, learner, request }) => {
  const frame = await openYouTubeVideo(page, request, learner);
  await playButton(page).click();
  await expect(pauseButton(page)).toBeVisible();
  await expect(page.getByTestId("captions")).toBeVisible();

  // The second line starts at 6385 ms, past café's quiz (5585 ms) in the line before: café comes up.
  await transcriptLines(page).nth(1).click();
  const quiz = page.getByRole("dialog");
  await expect(quiz.getByRole("heading", { name: "café" })).toBeVisible();
  await expect.poll(async () => (await standin(frame)).playerState).toBe(2);
  const state = await standin(frame);
  const seek = state.commands.find((c) => c.func === "seekTo");
  expect(seek?.args).toEqual([6.385, true]);
  expect(state.time).toBeGreaterThanOrEqual(6385);
  expect(state.time).toBeLessThan(6900);
  expect(state.commands.at(-1)?.func).toBe("pauseVideo");

  await page.keyboard.press("Escape");
  await expect(quiz).toHaveCount(0);
  await expect.poll(async () => (await standin(frame)).playerState).toBe(1);
});

test("messages from another origin or another frame do not move the player", async ({ signedInPage: page, learner, request }) => {
  const frame = await openYouTubeVideo(page, request, learner);
  const fake = JSON.stringify({ event: "infoDelivery", info: { currentTime: 20, playerState: 1, playbackRate: 1 }, id: 1, channel: "widget" });

  // From the page itself (its own origin) ...
  await page.evaluate((message) => window.postMessage(message, "*"), fake);
  // ... and from a second frame on the embed's origin that is not the player's.
  await page.evaluate((src) => {
    const rogue = document.createElement("iframe");
    rogue.src = src;
    rogue.dataset.testid = "rogue";
    document.body.append(rogue);
  }, `${YOUTUBE_EMBED_ORIGIN}/embed/Rogue000001?origin=${encodeURIComponent(new URL(page.url()).origin)}`);
  const rogue = await (await page.getByTestId("rogue").elementHandle())!.contentFrame();
  await expect.poll(() => rogue!.evaluate(() => document.readyState)).toBe("complete");
  await rogue!.evaluate((message) => parent.postMessage(message, "*"), fake);

  await page.waitForTimeout(500);
  await expect(page.getByTestId("player-time")).toHaveText("0:00");
  await expect(playButton(page)).toBeVisible();
  await expect(page.getByTestId("captions")).toHaveCount(0);

  // The embed itself still drives it.
  await playButton(page).click();
  await expect(pauseButton(page)).toBeVisible();
  await expect(page.getByTestId("captions")).toBeVisible();
  expect((await standin(frame)).playerState).toBe(1);
});

test("the page's own controls drive the embed: seek bar (click, drag, keys), mute (M) and volume", async ({ signedInPage: page, learner, request }) => {
  await (await LearnerApi.signIn(request, learner)).updateSettings({ pauseOnHighlight: false });
  const frame = await openYouTubeVideo(page, request, learner);
  // The length is the embed's (the stand-in's videos last 60 s); what it has loaded shows.
  await expect(page.getByTestId("player-duration")).toHaveText("1:00");
  const seek = page.getByRole("slider", { name: "Seek" });
  await expect(seek).toHaveAttribute("aria-valuemax", "60");
  const seeks = async () => (await standin(frame)).commands.filter((c) => c.func === "seekTo").map((c) => c.args);
  const box = (await seek.boundingBox())!;
  const y = box.y + box.height / 2;

  await page.mouse.click(box.x + box.width * 0.5, y);
  await expect.poll(async () => (await seeks()).length).toBe(1);
  const [clicked] = (await seeks())[0] as [number, boolean];
  expect(Math.abs(clicked - 30)).toBeLessThan(1);
  await expect.poll(() => page.getByTestId("seek-buffered").evaluate((el) => parseFloat((el as HTMLElement).style.width))).toBeGreaterThan(50);

  // A drag sends one seek, where it is let go.
  await page.mouse.move(box.x + box.width * 0.2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.8, y, { steps: 6 });
  await page.mouse.up();
  await expect.poll(async () => (await seeks()).length).toBe(2);
  const [dragged] = (await seeks())[1] as [number, boolean];
  expect(Math.abs(dragged - 48)).toBeLessThan(1);

  await seek.focus();
  await page.keyboard.press("Home");
  await expect.poll(async () => (await seeks()).at(-1)).toEqual([0, true]);

  // M is still the page's with the bar focused; the embed is told, and says so back.
  await page.keyboard.press("m");
  await expect.poll(async () => (await standin(frame)).muted).toBe(true);
  await expect(page.getByRole("button", { name: "Unmute" })).toBeVisible();
  await page.getByRole("button", { name: "Unmute" }).click();
  await expect.poll(async () => (await standin(frame)).muted).toBe(false);
  await page.getByRole("slider", { name: "Volume" }).fill("0.35");
  await expect.poll(async () => (await standin(frame)).volume).toBe(35);
  expect(await commandsOf(frame)).toEqual(expect.arrayContaining(["mute", "unMute", "setVolume"]));
});

/**
 * Caption highlight lag in Chromium (SPEC §4 "Captions", §9: a word lights 200 ms before it is
 * spoken). The production server runs on a temporary database prepared like the YouTube browser
 * tests' (demo content plus a YouTube-only copy of a demo video), embedding from a local stand-in
 * of YouTube's embed that reports its time every 250 ms. The same demo video plays through the
 * HTML5 adapter and through the YouTube adapter, once per rate in BENCH_HIGHLIGHT_RATES, with
 * quizzes off so nothing pauses it. Each word's lag is the true media time at the first animation
 * frame its element shows `speaking` (the <video>'s currentTime, or the stand-in's clock) minus the
 * moment it should (scripts/standins/highlight-probe.ts). Baseline, from the same passes: the lag
 * of a player that moved only on coarse updates: `timeupdate` events, or the embed's reports.
 * Also per player: how many frames late words light, and the page's main-thread task time per
 * frame drawn while it plays (Chrome's TaskDuration metric), beside the same page paused.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Frame, Page } from "@playwright/test";
import { loadDemoContent } from "@/db/seed";
import { framesLate, installProbe, litFromTimes, mediaAt, readProbe, wordLags, type WordLag } from "@/scripts/standins/highlight-probe";
import { startStandin, STANDIN_REPORT_MS, type StandinState } from "@/scripts/standins/youtube-standin";
import { YOUTUBE_VIDEO } from "@/scripts/standins/youtube-video";
import { api, launchChromium, signInLearner, startApp, type AppServer } from "./app-server";
import { ms, stats, verdict, type Stats } from "./util";

const HTML5_TITLE = "Ordering Coffee in Madrid";

type Player = { name: string; title: string; kind: "html5" | "youtube" };
const PLAYERS: Player[] = [
  { name: "HTML5 <video>", title: HTML5_TITLE, kind: "html5" },
  { name: "YouTube embed (stand-in)", title: YOUTUBE_VIDEO.title, kind: "youtube" },
];

function rates(): number[] {
  const raw = process.env.BENCH_HIGHLIGHT_RATES ?? "1,1,1.5";
  const list = raw.split(",").map((r) => Number(r.trim()));
  if (list.length === 0 || list.some((r) => ![0.5, 0.75, 1, 1.25, 1.5].includes(r))) {
    throw new Error(`BENCH_HIGHLIGHT_RATES must list speeds the player offers (0.5, 0.75, 1, 1.25, 1.5), got ${JSON.stringify(raw)}`);
  }
  return list;
}

/** The demo learner, signed in, with quizzes off so playback never pauses. */
async function signIn(browser: Browser, baseURL: string): Promise<{ page: Page; token: string }> {
  const signedIn = await signInLearner(browser, baseURL);
  await api(baseURL, "/api/settings", { method: "POST", token: signedIn.token, body: JSON.stringify({ pauseOnHighlight: false }) });
  return signedIn;
}

type StandinView = StandinState & { time: number };
const readStandin = (frame: Frame) =>
  frame.evaluate("({ ...window.standin, time: window.standin.time() })") as Promise<StandinView>;

/** One pass from the start at `rate` until the last word has ended; returns each word's lag. */
type PassResult = { lags: WordLag[]; frameGaps: number[]; late: number[]; playing: MainThread; idle: MainThread };

/** Main-thread task time (Chrome's Performance.getMetrics TaskDuration) over the frames drawn meanwhile. */
type MainThread = { taskMs: number; frames: number };
type Mark = { taskMs: number; wall: number };

async function mainThreadMeter(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const mark = async (): Promise<Mark> => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    const task = metrics.find((m) => m.name === "TaskDuration")?.value ?? NaN;
    return { taskMs: task * 1000, wall: (await page.evaluate("performance.timeOrigin + performance.now()")) as number };
  };
  const between = (from: Mark, to: Mark, frames: readonly number[]): MainThread => ({
    taskMs: to.taskMs - from.taskMs,
    frames: frames.filter((f) => f > from.wall && f <= to.wall).length,
  });
  return { mark, between, detach: () => cdp.detach() };
}

async function pass(page: Page, player: Player, videoId: number, rate: number, untilMs: number, litFrom: Map<number, number>): Promise<PassResult> {
  await page.goto(`/video/${videoId}`);
  await page.getByRole("heading", { level: 1, name: player.title }).waitFor();
  let frame: Frame | null = null;
  if (player.kind === "youtube") {
    frame = await (await page.locator("iframe").elementHandle())!.contentFrame();
    await frame!.waitForFunction(() => (window as unknown as { standin?: { listening: boolean } }).standin?.listening);
  }
  await installProbe(page);
  // Every pass, 1× too: the player keeps the learner's last speed (a 1× pass after a 1.5× one would play at 1.5×).
  await page.getByRole("button", { name: /^Speed / }).click();
  await page.getByRole("menuitemradio", { name: `${rate}×` }).click();
  await page.getByRole("menu").waitFor({ state: "detached" });
  const meter = await mainThreadMeter(page);
  // The same page paused, for the same length of time the player will be measured on the screen.
  const idleFrom = await meter.mark();
  await page.waitForTimeout(IDLE_MS);
  const idleTo = await meter.mark();
  await page.getByRole("button", { name: "Play", exact: true }).click();
  const playFrom = await meter.mark();
  const timeout = untilMs / rate + 30_000;
  // Predicates as functions: the page's security policy refuses strings (no 'unsafe-eval').
  if (frame) await frame.waitForFunction((until) => (window as unknown as { standin: { time: () => number } }).standin.time() >= until, untilMs, { timeout, polling: 100 });
  else await page.waitForFunction((until) => document.querySelector("video")!.currentTime * 1000 >= until, untilMs, { timeout, polling: 100 });
  const playTo = await meter.mark();
  await meter.detach();
  const log = await readProbe(page);
  const frameGaps = log.frames.slice(1).map((f, i) => f - log.frames[i]!);
  const thread = { idle: meter.between(idleFrom, idleTo, log.frames), playing: meter.between(playFrom, playTo, log.frames) };
  let lags: WordLag[];
  if (!frame) lags = wordLags(log, litFrom, (seen) => seen.videoMs ?? NaN, log.timeupdates.map((t) => t.ms));
  else {
    const standin = await readStandin(frame);
    const reported = standin.reports.filter((r) => r.playerState === 1).map((r) => r.currentTimeMs);
    lags = wordLags(log, litFrom, (seen) => mediaAt(standin.anchors, seen.wall), reported);
  }
  // Frames drawn after a word was due and before the one it lit in (0: lit in the first frame after its time).
  const late = lags.map((w) => {
    const lit = log.words[w.startMs]!.speaking!;
    return framesLate(log.frames, lit.wall - w.lag / rate, lit.frame);
  });
  return { lags, frameGaps, late, ...thread };
}

const IDLE_MS = 2000;
const perFrame = (t: MainThread[]) => {
  const taskMs = t.reduce((sum, x) => sum + x.taskMs, 0);
  const frames = t.reduce((sum, x) => sum + x.frames, 0);
  return frames > 0 ? taskMs / frames : NaN;
};

const triple = (s: Stats) => `${ms(s.p50, 6)} /${ms(s.p95, 6)} /${ms(s.max, 6)}`;

export async function benchHighlight(targetP95: number): Promise<void> {
  const passRates = rates();
  const demo = loadDemoContent().videos.find((v) => v.slug === YOUTUBE_VIDEO.slug)!;
  const litFrom = litFromTimes(demo);
  const lastEnd = Math.max(...demo.segments.flatMap((s) => s.words.map((w) => w.end)));
  console.log(`\nChromium · caption highlight lag: "${HTML5_TITLE}" (${litFrom.size} words) played ${passRates.map((r) => `${r}×`).join(", ")} through each player`);

  const standin = await startStandin();
  const dataDir = mkdtempSync(path.join(tmpdir(), "lingoreel-bench-highlight-"));
  let app: AppServer | undefined;
  let browser: Browser | undefined;
  try {
    app = await startApp({ env: { DATA_DIR: dataDir, YOUTUBE_EMBED_ORIGIN: standin.origin }, prepare: "scripts/standins/prepare-youtube-db.ts" });
    browser = await launchChromium();
    const { page, token } = await signIn(browser, app.baseURL);
    const videos = await api<{ id: number; title: string }[]>(app.baseURL, "/api/videos", { token });
    const idOf = (title: string) => {
      const found = videos.find((v) => v.title === title);
      if (found) return found.id;
      throw new Error(`No video titled ${JSON.stringify(title)} on the bench server`);
    };

    console.log(`  lag = true media time at the first frame a word's element shows data-word-state="speaking" − when it should (200 ms before its start, or its line's start for a line's first word), in real ms (media ms ÷ rate)`);
    console.log(`  polling only = the same for a player that moved only on coarse updates: the <video>'s timeupdate events / the stand-in embed's infoDelivery reports (every ${STANDIN_REPORT_MS} ms)`);
    console.log(`  ${"player".padEnd(26)} ${"words".padStart(5)}  ${"lag p50 /   p95 /   max".padStart(23)}  ${"polling only p50 / p95 / max".padStart(28)}  target`);
    for (const player of PLAYERS) {
      const videoId = idOf(player.title);
      const lags: WordLag[] = [];
      const wallLags: number[] = [];
      const wallBaselines: number[] = [];
      const byRate = new Map<number, number[]>();
      const frameGaps: number[] = [];
      const late: number[] = [];
      const playing: MainThread[] = [];
      const idle: MainThread[] = [];
      for (const rate of passRates) {
        const result = await pass(page, player, videoId, rate, lastEnd + 100, litFrom);
        lags.push(...result.lags);
        wallLags.push(...result.lags.map((w) => w.lag / rate));
        wallBaselines.push(...result.lags.map((w) => w.baseline / rate).filter(Number.isFinite));
        byRate.set(rate, [...(byRate.get(rate) ?? []), ...result.lags.map((w) => w.lag)]);
        frameGaps.push(...result.frameGaps);
        late.push(...result.late);
        playing.push(result.playing);
        idle.push(result.idle);
      }
      const measured = stats(wallLags);
      const baseline = stats(wallBaselines);
      const v = verdict("Chromium", "highlight", player.name, measured, targetP95);
      const missed = litFrom.size * passRates.length - lags.length;
      console.log(
        `  ${player.name.padEnd(26)} ${String(lags.length).padStart(5)}  ${triple(measured)}  ${"".padStart(6)}${triple(baseline)}  p95 < ${targetP95} ms ${v}` +
          (missed > 0 ? `  (${missed} words never seen speaking)` : ""),
      );
      const perRate = [...byRate].map(([rate, mediaLags]) => `${rate}× ${triple(stats(mediaLags)).replace(/\s+/g, " ").trim()}`);
      console.log(`  ${"".padEnd(26)} in media ms (p50 / p95 / max) by rate: ${perRate.join("; ")}`);
      // Lag can be no finer than the frames the page drew: a busy machine draws fewer.
      const gaps = stats(frameGaps);
      const earliest = Math.min(...lags.map((w) => w.lag));
      const lateStats = stats(late);
      console.log(
        `  ${"".padEnd(26)} frames every ${gaps.p50.toFixed(1)} ms (p95 ${gaps.p95.toFixed(1)} ms); earliest word ${earliest.toFixed(1)} ms; ` +
          `frames late p95 ${lateStats.p95} / max ${lateStats.max} (0 = the first frame after the word's time)`,
      );
      const frames = playing.reduce((sum, t) => sum + t.frames, 0);
      console.log(
        `  ${"".padEnd(26)} main thread ${perFrame(playing).toFixed(2)} ms per frame playing (${frames} frames), ` +
          `${perFrame(idle).toFixed(2)} ms per frame paused on the same page`,
      );
    }
  } finally {
    await browser?.close();
    await app?.stop();
    await standin.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

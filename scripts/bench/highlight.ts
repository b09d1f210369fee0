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
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Frame, type Page } from "@playwright/test";
import { loadDemoContent } from "@/db/seed";
import { DEMO_ACCOUNTS } from "@/lib/setup/demo-accounts";
import playwrightConfig from "@/playwright.config";
import { installProbe, litFromTimes, mediaAt, readProbe, wordLags, type WordLag } from "@/scripts/standins/highlight-probe";
import { startStandin, STANDIN_REPORT_MS, type StandinState } from "@/scripts/standins/youtube-standin";
import { YOUTUBE_VIDEO } from "@/scripts/standins/youtube-video";
import { ms, stats, verdict, type Stats } from "./util";

const ROOT = process.cwd();
const HTML5_TITLE = "Ordering Coffee in Madrid";
const ANON_KEY = "embedded-anon-key";

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** `npm start` on a prepared temporary database: builds first when the build is missing or stale. */
async function startApp(dataDir: string, embedOrigin: string): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const tsx = path.join(ROOT, "node_modules", ".bin", "tsx");
  const env = { ...process.env, DATA_DIR: dataDir, YOUTUBE_EMBED_ORIGIN: embedOrigin };
  const prepared = spawnSync(tsx, ["--conditions=react-server", "scripts/standins/prepare-youtube-db.ts"], { cwd: ROOT, env, encoding: "utf8" });
  if (prepared.status !== 0) throw new Error(`Preparing the database failed:\n${prepared.stderr || prepared.stdout}`);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
  // Shown: the build's progress. Kept, to show should the server stop: the rest of its output.
  const output: string[] = [];
  let stopping = false;
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    if (/build|Built/i.test(text)) process.stdout.write(`  ${text.trim()}\n`);
    output.push(text);
    if (output.length > 200) output.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => {
    if (!stopping) console.error(`  The app server stopped (exit ${code}). Its last output:\n${output.join("")}`);
    resolve(code);
  }));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const up = await fetch(`${baseURL}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r("waiting"), 500))]);
    if (code !== "waiting") throw new Error(`The app server stopped (exit ${code}) before it was ready.`);
    if (Date.now() > deadline) throw new Error("The app server was not ready within 10 minutes.");
  }
  return {
    baseURL,
    stop: async () => {
      stopping = true;
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

async function api<T>(baseURL: string, pathname: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = { "content-type": "application/json", apikey: ANON_KEY, ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) };
  const response = await fetch(`${baseURL}${pathname}`, { ...init, headers });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The demo learner, signed in through the login screen, with quizzes off so playback never pauses. */
async function signIn(browser: Browser, baseURL: string): Promise<{ page: Page; token: string }> {
  const learner = DEMO_ACCOUNTS.find((a) => a.role === "user")!;
  const { access_token: token } = await api<{ access_token: string }>(baseURL, "/auth/v1/token?grant_type=password", {
    method: "POST",
    body: JSON.stringify({ email: learner.email, password: learner.password }),
  });
  await api(baseURL, "/api/settings", { method: "POST", token, body: JSON.stringify({ pauseOnHighlight: false }) });
  const page = await browser.newPage({ baseURL, viewport: { width: 1280, height: 720 } });
  await page.goto("/login");
  await page.getByLabel("Email").fill(learner.email);
  await page.getByLabel("Password", { exact: true }).fill(learner.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/home$/);
  return { page, token };
}

type StandinView = StandinState & { time: number };
const readStandin = (frame: Frame) =>
  frame.evaluate("({ ...window.standin, time: window.standin.time() })") as Promise<StandinView>;

/** One pass from the start at `rate` until the last word has ended; returns each word's lag. */
type PassResult = { lags: WordLag[]; frameGaps: number[] };

async function pass(page: Page, player: Player, videoId: number, rate: number, untilMs: number, litFrom: Map<number, number>): Promise<PassResult> {
  await page.goto(`/video/${videoId}`);
  await page.getByRole("heading", { level: 1, name: player.title }).waitFor();
  let frame: Frame | null = null;
  if (player.kind === "youtube") {
    frame = await (await page.locator("iframe").elementHandle())!.contentFrame();
    await frame!.waitForFunction("window.standin && window.standin.listening");
  }
  await installProbe(page);
  if (rate !== 1) await page.getByTestId("speed").selectOption(String(rate));
  await page.getByRole("button", { name: "Play", exact: true }).click();
  const timeout = untilMs / rate + 30_000;
  if (frame) await frame.waitForFunction(`window.standin.time() >= ${untilMs}`, undefined, { timeout, polling: 100 });
  else await page.waitForFunction(`document.querySelector("video").currentTime * 1000 >= ${untilMs}`, undefined, { timeout, polling: 100 });
  const log = await readProbe(page);
  const frameGaps = log.frames.slice(1).map((f, i) => f - log.frames[i]!);
  if (!frame) return { lags: wordLags(log, litFrom, (seen) => seen.videoMs ?? NaN, log.timeupdates.map((t) => t.ms)), frameGaps };
  const standin = await readStandin(frame);
  const reported = standin.reports.filter((r) => r.playerState === 1).map((r) => r.currentTimeMs);
  return { lags: wordLags(log, litFrom, (seen) => mediaAt(standin.anchors, seen.wall), reported), frameGaps };
}

const triple = (s: Stats) => `${ms(s.p50, 6)} /${ms(s.p95, 6)} /${ms(s.max, 6)}`;

export async function benchHighlight(targetP95: number): Promise<void> {
  const passRates = rates();
  const demo = loadDemoContent().videos.find((v) => v.slug === YOUTUBE_VIDEO.slug)!;
  const litFrom = litFromTimes(demo);
  const lastEnd = Math.max(...demo.segments.flatMap((s) => s.words.map((w) => w.end)));
  console.log(`\nChromium · caption highlight lag: "${HTML5_TITLE}" (${litFrom.size} words) played ${passRates.map((r) => `${r}×`).join(", ")} through each player`);

  const standin = await startStandin();
  const dataDir = mkdtempSync(path.join(tmpdir(), "lingoreel-bench-highlight-"));
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  let browser: Browser | undefined;
  try {
    app = await startApp(dataDir, standin.origin);
    const launch = playwrightConfig.use?.launchOptions ?? {};
    browser = await chromium.launch({ ...launch, executablePath: launch.executablePath ?? "/usr/bin/chromium" });
    const { page, token } = await signIn(browser, app.baseURL);
    const videos = await api<{ id: number; title: string }[]>(app.baseURL, "/api/videos", { token });
    const idOf = (title: string) => {
      const found = videos.find((v) => v.title === title);
      if (found) return found.id;
      throw new Error(`No video titled ${JSON.stringify(title)} on the bench server`);
    };

    console.log(`  lag = true media time at the first frame a word's element shows data-word-state="speaking" − when it should (200 ms before its start, or its line's start for a line's first word); media ms`);
    console.log(`  polling only = the same for a player that moved only on coarse updates: the <video>'s timeupdate events / the stand-in embed's infoDelivery reports (every ${STANDIN_REPORT_MS} ms)`);
    console.log(`  ${"player".padEnd(26)} ${"words".padStart(5)}  ${"lag p50 /   p95 /   max".padStart(23)}  ${"polling only p50 / p95 / max".padStart(28)}  target`);
    for (const player of PLAYERS) {
      const videoId = idOf(player.title);
      const lags: WordLag[] = [];
      const frameGaps: number[] = [];
      for (const rate of passRates) {
        const result = await pass(page, player, videoId, rate, lastEnd + 100, litFrom);
        lags.push(...result.lags);
        frameGaps.push(...result.frameGaps);
      }
      const measured = stats(lags.map((w) => w.lag));
      const baseline = stats(lags.map((w) => w.baseline).filter(Number.isFinite));
      const v = verdict("Chromium", "highlight", player.name, measured, targetP95);
      const missed = litFrom.size * passRates.length - lags.length;
      console.log(
        `  ${player.name.padEnd(26)} ${String(lags.length).padStart(5)}  ${triple(measured)}  ${"".padStart(6)}${triple(baseline)}  p95 < ${targetP95} ms ${v}` +
          (missed > 0 ? `  (${missed} words never seen speaking)` : ""),
      );
      // Lag can be no finer than the frames the page drew: a busy machine draws fewer.
      const gaps = stats(frameGaps);
      const earliest = Math.min(...lags.map((w) => w.lag));
      console.log(`  ${"".padEnd(26)} frames every ${gaps.p50.toFixed(1)} ms (p95 ${gaps.p95.toFixed(1)} ms); earliest word ${earliest.toFixed(1)} ms`);
    }
  } finally {
    await browser?.close();
    await app?.stop();
    await standin.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

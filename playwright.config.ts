import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import {
  APP_PORT,
  appUrl,
  OPENAI_STANDIN_PORT,
  OPENAI_STANDIN_URL,
  SECURE_APP_PORT,
  STAFF_APP_PORT,
  STANDINS_APP_PORT,
  YOUTUBE_EMBED_ORIGIN,
  YOUTUBE_EMBED_PORT,
} from "./tests/e2e/support/servers";

/**
 * The production server (`npm start`) on a fresh embedded database in `dataDir`. Only the first
 * builds; the others are started after it and serve its build (SKIP_BUILD).
 */
function appServer(port: number, dataDir: string, env: Record<string, string>, options: { build?: boolean; prepare?: string } = {}) {
  const prepare = options.prepare ? `${options.prepare} && ` : "";
  return {
    command: `rm -rf ${dataDir} && ${prepare}node scripts/start.mjs`,
    url: `${appUrl(port)}/api/health`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    env: { PORT: String(port), DATA_DIR: dataDir, AUTH_DEV_MAILBOX: "1", ...(options.build ? {} : { SKIP_BUILD: "1" }), ...env },
  };
}

/** A local stand-in for an outside service, run with tsx. */
function standin(script: string, port: number) {
  return {
    command: `npx tsx ${script} --port ${port}`,
    url: `${appUrl(port)}/health`,
    timeout: 30_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
  };
}

/**
 * A project: these specs, one at a time, against the server on `port` (which no other project
 * uses but the ones it waits for). `after`: projects that must finish first.
 */
function project(name: string, port: number, specs: string[], after: string[] = []) {
  return {
    name,
    testMatch: specs.map((spec) => `${spec}.spec.ts`),
    workers: 1,
    dependencies: after,
    use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: appUrl(port) },
  };
}

/**
 * Debian's Chromium: its headless shell (package chromium-headless-shell, the same engine without
 * the browser around it) when installed, which opens a page in about half the time here; else
 * the full browser. CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/** Same settings as the learners' app: per-IP limits lifted (many sign-ups from one address), no AI provider. */
const OPEN_APP = { AUTH_RATE_LIMIT_DISABLED: "1" };

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: false,
  // Two projects at a time, each on its own server; a project's specs run one after another.
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    project("learner", APP_PORT, ["landing", "auth", "learner", "player", "accessibility", "security-settings"]),
    project("staff", STAFF_APP_PORT, ["admin", "admin-accessibility", "users", "segment-editor"]),
    project("security", SECURE_APP_PORT, ["security", "listen"]),
    project("stand-ins", STANDINS_APP_PORT, ["processing"]),
    // Frame-exact highlight timing: alone, once everything else is done, so no other project shares the two cores.
    project("youtube", STANDINS_APP_PORT, ["player-youtube"], ["learner", "staff", "security", "stand-ins"]),
  ],
  webServer: [
    // The app exactly as `npm start` runs it; it builds. No AI provider: new videos fail at once, with the reason.
    appServer(APP_PORT, ".data-e2e", OPEN_APP, { build: true }),
    appServer(STAFF_APP_PORT, ".data-e2e-staff", OPEN_APP),
    // Real limits, but for the per-IP caps on sign-ins, emails and account updates, which the
    // cases (all from this machine) would otherwise share, and the one-email-a-minute rule.
    appServer(SECURE_APP_PORT, ".data-e2e-secure", {
      AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: "1000",
      AUTH_RATE_LIMIT_EMAIL_SENT: "1000",
      AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: "1000",
      AUTH_RATE_LIMIT_EMAIL_PER_IP: "1000",
      AUTH_RATE_LIMIT_OTP: "1000",
      AUTH_EMAIL_MAX_FREQUENCY: "0",
    }),
    standin("scripts/standins/youtube-standin.ts", YOUTUBE_EMBED_PORT),
    standin("tests/e2e/support/openai-standin.ts", OPENAI_STANDIN_PORT),
    // YouTube's embed and the OpenAI API replaced by the stand-ins; a YouTube-only copy of a demo video.
    appServer(
      STANDINS_APP_PORT,
      ".data-e2e-standins",
      { ...OPEN_APP, YOUTUBE_EMBED_ORIGIN, OPENAI_BASE_URL: OPENAI_STANDIN_URL, OPENAI_API_KEY: "standin-key" },
      { prepare: "npx tsx --conditions=react-server scripts/standins/prepare-youtube-db.ts" },
    ),
  ],
});

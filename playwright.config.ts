import { defineConfig, devices } from "@playwright/test";
import { YOUTUBE_APP_PORT, YOUTUBE_EMBED_ORIGIN, YOUTUBE_EMBED_PORT } from "./tests/e2e/support/youtube-video";

const PORT = Number(process.env.E2E_PORT ?? 3917);
const baseURL = `http://127.0.0.1:${PORT}`;
/** A second server with the auth server's real limits, for tests/e2e/security.spec.ts. */
const SECURE_PORT = Number(process.env.E2E_SECURE_PORT ?? 3918);

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
  ],
  webServer: [
    {
      // The production server on a fresh embedded database, exactly as `npm start` runs it.
      command: "rm -rf .data-e2e && node scripts/start.mjs",
      url: `${baseURL}/api/health`,
      timeout: 300_000,
      reuseExistingServer: !process.env.CI,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        DATA_DIR: ".data-e2e",
        // Many sign-ups from one address in a few minutes: lift the embedded server's per-IP limits.
        AUTH_RATE_LIMIT_DISABLED: "1",
        AUTH_DEV_MAILBOX: "1",
      },
    },
    {
      // Started after the first, so it serves the build that one made.
      command: "rm -rf .data-e2e-secure && node scripts/start.mjs",
      url: `http://127.0.0.1:${SECURE_PORT}/api/health`,
      timeout: 300_000,
      reuseExistingServer: !process.env.CI,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(SECURE_PORT),
        DATA_DIR: ".data-e2e-secure",
        AUTH_DEV_MAILBOX: "1",
        // Real limits, but for the per-IP caps on sign-ins, emails and account updates, which the
        // cases (all from this machine) would otherwise share, and the one-email-a-minute rule.
        AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: "1000",
        AUTH_RATE_LIMIT_EMAIL_SENT: "1000",
        AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: "1000",
        AUTH_RATE_LIMIT_EMAIL_PER_IP: "1000",
        AUTH_RATE_LIMIT_OTP: "1000",
        AUTH_EMAIL_MAX_FREQUENCY: "0",
      },
    },
    {
      // A local stand-in for YouTube's embed page, for tests/e2e/player-youtube.spec.ts.
      command: `npx tsx tests/e2e/support/youtube-standin.ts --port ${YOUTUBE_EMBED_PORT}`,
      url: `${YOUTUBE_EMBED_ORIGIN}/health`,
      timeout: 30_000,
      reuseExistingServer: !process.env.CI,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // A database with a YouTube-only copy of a demo video, embedded from the stand-in. The first
      // server made the build; SKIP_BUILD keeps this one from checking it again.
      command: "rm -rf .data-e2e-youtube && npx tsx tests/e2e/support/prepare-youtube-db.ts && node scripts/start.mjs",
      url: `http://127.0.0.1:${YOUTUBE_APP_PORT}/api/health`,
      timeout: 300_000,
      reuseExistingServer: !process.env.CI,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(YOUTUBE_APP_PORT),
        DATA_DIR: ".data-e2e-youtube",
        SKIP_BUILD: "1",
        YOUTUBE_EMBED_ORIGIN,
        AUTH_RATE_LIMIT_DISABLED: "1",
        AUTH_DEV_MAILBOX: "1",
      },
    },
  ],
});

import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS } from "./tests/e2e/support/browser";
import {
  APP_PORT,
  appUrl,
  E2E_SERVICE_ROLE_KEY,
  OPENAI_STANDIN_PORT,
  OPENAI_STANDIN_URL,
  PLAYER_APP_PORT,
  STAFF_APP_PORT,
  STANDINS_APP_PORT,
  YOUTUBE_EMBED_ORIGIN,
  YOUTUBE_EMBED_PORT,
} from "./tests/e2e/support/servers";

/**
 * A migrated, empty embedded database, made once for the run and copied for each server: a new
 * PGlite's own set-up (its initdb) takes seconds on each start, several times what a copy takes.
 */
const DB_TEMPLATE = ".data-e2e-template";

/** Made before any server starts (tests/e2e/support/launch-servers.mjs): the build when stale, and the template. */
const PREPARE = ["node scripts/build-if-stale.mjs", `rm -rf ${DB_TEMPLATE} && DATA_DIR=${DB_TEMPLATE} npm run -s db:migrate`];

type Server = { name: string; command: string; url: string; env?: Record<string, string> };

/** The production server (`npm start`, on the build made before) on a fresh embedded database in `dataDir`, a copy of the template. */
function appServer(name: string, port: number, dataDir: string, env: Record<string, string>, options: { prepare?: string } = {}): Server {
  const prepare = options.prepare ? `${options.prepare} && ` : "";
  return {
    name,
    command: `rm -rf ${dataDir} && cp -r ${DB_TEMPLATE} ${dataDir} && ${prepare}node scripts/start.mjs`,
    url: `${appUrl(port)}/api/health`,
    env: { PORT: String(port), DATA_DIR: dataDir, AUTH_DEV_MAILBOX: "1", SKIP_BUILD: "1", ...env },
  };
}

/** A local stand-in for an outside service, run with tsx. */
function standin(name: string, script: string, port: number): Server {
  return { name, command: `npx tsx ${script} --port ${port}`, url: `${appUrl(port)}/health` };
}

/**
 * A project: these specs, one at a time, against the server on `port`, which no other project
 * uses. The two workers run two projects at once: a worker that is free takes the first project in
 * the list that has not started (and keeps it to its end), so the list's order pairs them.
 */
function project(name: string, port: number, specs: string[]) {
  return {
    name,
    testMatch: specs.map((spec) => `${spec}.spec.ts`),
    workers: 1,
    // The app's service worker takes the page's requests out of reach of page.route() once it
    // controls the page (which made tests that answer a request themselves flaky): only the
    // installable app's spec lets it run.
    use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: appUrl(port), serviceWorkers: "block" as const },
  };
}

/**
 * Debian's Chromium: its headless shell (package chromium-headless-shell, the same engine without
 * the browser around it) when installed, which opens a page in about half the time here; else
 * the full browser. CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/**
 * Same settings as the learners' app: per-IP limits lifted (many sign-ups from one address), no AI
 * provider, and bcrypt's cheapest cost (the tests sign people up and in by the hundred; what a hash
 * costs is tested against the auth server itself, in tests/integration/auth-server-abuse.test.ts).
 * No reminder pass: a reminder in a demo account's mailbox at 19:00 would be a test that fails only
 * in the evening (the pass is tested in tests/integration/reminders.test.ts; the test reminder here).
 */
const OPEN_APP = { AUTH_RATE_LIMIT_DISABLED: "1", AUTH_PASSWORD_HASH_COST: "4", REMINDERS_DISABLED: "1" };

const SERVERS: Server[] = [
  // The app exactly as `npm start` runs it. No AI provider: new videos fail at once, with the reason.
  appServer("learner", APP_PORT, ".data-e2e", OPEN_APP),
  appServer("staff", STAFF_APP_PORT, ".data-e2e-staff", OPEN_APP),
  appServer("player", PLAYER_APP_PORT, ".data-e2e-player", OPEN_APP),
  standin("youtube", "scripts/standins/youtube-standin.ts", YOUTUBE_EMBED_PORT),
  standin("openai", "tests/e2e/support/openai-standin.ts", OPENAI_STANDIN_PORT),
  // YouTube's embed and the OpenAI API replaced by the stand-ins; a YouTube-only copy of a demo video;
  // sign-ups off.
  appServer(
    "stand-ins",
    STANDINS_APP_PORT,
    ".data-e2e-standins",
    // Invitation-only too: its test accounts come from the admin API (tests/e2e/support/accounts.ts).
    { ...OPEN_APP, YOUTUBE_EMBED_ORIGIN, OPENAI_BASE_URL: OPENAI_STANDIN_URL, OPENAI_API_KEY: "standin-key", AUTH_DISABLE_SIGNUP: "1", SUPABASE_SERVICE_ROLE_KEY: E2E_SERVICE_ROLE_KEY },
    { prepare: "npx tsx --conditions=react-server scripts/standins/prepare-youtube-db.ts" },
  ),
];

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
    // Recording a trace (the page's screencast and a DOM snapshot at every step) took about half the
    // browser's CPU time, on every test, for traces kept only when one fails: in CI a failed test is
    // run again with its trace recorded (retries below); locally each run records one.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  // Balanced for the two workers (test time of a quiet CI run, two projects at a time): the
  // learners' (about 180 s: accessibility 57, auth 63, learner 45, landing 15) on one, the staff's
  // (about 125 s: admin 41, users 33, security settings 20, admin accessibility 19, segment editor
  // 12) on the other; the staff's ends first and takes the player's (about 105 s), the learners'
  // then takes the stand-ins' (about 63 s): about 245 s and 230 s, of 475 s in all. Before the
  // accessibility checks ran axe in the page (642 s for the whole CI run), the learners' took 225 s
  // and the staff's 135 s, and the order (stand-ins' third) left 305 s on one worker and 225 s on
  // the other.
  projects: [
    project("learner", APP_PORT, ["landing", "auth", "learner", "accessibility", "home-language", "interface-language"]),
    // Also Security Settings, which changes the demo admin's sign-in for a while, and reminders.
    project("staff", STAFF_APP_PORT, ["admin", "admin-accessibility", "users", "segment-editor", "security-settings", "reminders"]),
    // The video player, what only a real server shows of security, and the installable app.
    project("player", PLAYER_APP_PORT, ["player", "words", "review-in-video", "review", "security", "listen", "installable", "push-notifications", "own-media-subtitles", "study-time", "study-loop"]),
    // The YouTube player, processing and word meanings with the stand-ins; an invitation-only install.
    project("stand-ins", STANDINS_APP_PORT, ["processing", "own-media", "player-youtube", "word-meanings", "saved-words", "invite-only"]),
  ],
  // Every server at once, after the build (Playwright would start its webServer entries in turn).
  webServer: {
    command: "node tests/e2e/support/launch-servers.mjs",
    wait: { stdout: /^servers ready$/m },
    // The build, when not made before, and every server on a busy machine.
    timeout: 1_200_000,
    stdout: "pipe",
    stderr: "pipe",
    // Servers already answering are used as they are: locally, and when `npm test` (scripts/test.mjs)
    // started them beside the unit tests. A CI run otherwise starts its own.
    env: { E2E_LAUNCH: JSON.stringify({ prepare: PREPARE, servers: SERVERS, reuse: !process.env.CI || process.env.E2E_SERVERS_STARTED === "1" }) },
  },
});

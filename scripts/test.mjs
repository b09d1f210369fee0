#!/usr/bin/env node
/**
 * `npm test`: every check. The unit and integration tests (vitest) leave much of a second core
 * idle while they wait on databases, servers and timers, so lint, the type check, the production
 * build and the browser tests' servers start beside them, one after another (the type check's
 * route types and the build share .next). The browser tests (Playwright) start as soon as their
 * servers answer (E2E_SERVERS_STARTED), beside whatever is left of the unit tests, their lines
 * tagged [e2e]; the servers stop with the run. The browser tests are skipped when a step before
 * them failed; the exit status is the first failure's (the unit tests', then the checks', then
 * the browser tests').
 *
 * `npm run test:unit` and `npm run test:e2e` run one part alone.
 */
import { spawn } from "node:child_process";
import { tagLines } from "./tag-lines.mjs";

/** Passes a child's output through, each line tagged with `tag`; `onLine` sees each line of its stdout. */
function relay(child, tag, onLine) {
  tagLines(child.stdout, process.stdout, tag, onLine);
  tagLines(child.stderr, process.stderr, tag);
}

const exited = (child) => new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));

/** Runs `command`, its output passed through (each line tagged with `tag` when given); resolves with its exit code. */
function run(command, tag, env = process.env) {
  const child = spawn(command, { shell: true, env, stdio: ["ignore", tag ? "pipe" : "inherit", tag ? "pipe" : "inherit"] });
  if (tag) relay(child, tag);
  return exited(child);
}

/** The browser tests' servers (tests/e2e/support/launch-servers.mjs, as playwright.config.ts describes them), in a process group of their own. */
let servers;

/** Starts the servers; resolves with 0 once they all answer, or with the launch's exit code when it ends first. */
async function startServers() {
  const read = spawn(process.execPath, [
    "node_modules/tsx/dist/cli.mjs",
    "-e",
    'import("./playwright.config.ts").then((m) => process.stdout.write((m.default.default ?? m.default).webServer.env.E2E_LAUNCH))',
  ]);
  let launch = "";
  read.stdout.on("data", (chunk) => (launch += chunk));
  read.stderr.pipe(process.stderr);
  const code = await exited(read);
  if (code !== 0) return code;
  servers = spawn(process.execPath, ["tests/e2e/support/launch-servers.mjs"], { detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, E2E_LAUNCH: launch } });
  return new Promise((resolve) => {
    relay(servers, "e2e servers", (line) => line === "servers ready" && resolve(0));
    exited(servers).then(resolve);
  });
}

function stopServers() {
  if (servers?.exitCode === null) process.kill(-servers.pid, "SIGTERM");
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopServers();
    process.exit(1);
  });
}

/** Runs the steps one after another, stopping at the first that fails. */
async function inTurn(steps) {
  for (const [command, tag] of steps) {
    const code = typeof command === "function" ? await command() : await run(command, tag);
    if (code !== 0) {
      console.error(`[${tag}] failed (exit ${code})`);
      return code;
    }
  }
  return 0;
}

const unitRun = run("npm run -s test:unit");
const checks = await inTurn([
  ["npm run -s lint", "lint"],
  ["npm run -s typecheck", "typecheck"],
  ["node scripts/build-if-stale.mjs", "build"],
  [startServers, "e2e servers"],
]);
const e2e = checks === 0 ? await run("npm run -s test:e2e", "e2e", { ...process.env, E2E_SERVERS_STARTED: "1" }) : undefined;
if (e2e === undefined) console.error("Browser tests skipped: a step before them failed.");
stopServers();
const unit = await unitRun;
process.exit([unit, checks, e2e].find((code) => code !== undefined && code !== 0) ?? 0);

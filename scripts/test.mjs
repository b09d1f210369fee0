#!/usr/bin/env node
/**
 * `npm test`: every check. The unit and integration tests (vitest) leave most of a second core
 * idle while they wait on databases, servers and timers, so lint, the type check, the production
 * build and the browser tests' servers start beside them, one after another (the type check's
 * route types and the build share .next). Then the browser tests (Playwright), which keep every
 * core busy, find their servers answering (E2E_SERVERS_STARTED) and use them; the servers stop
 * with the run. The browser tests are skipped when anything before them failed; the exit status
 * is the first failure's.
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

const [checks, unit] = await Promise.all([
  inTurn([
    ["npm run -s lint", "lint"],
    ["npm run -s typecheck", "typecheck"],
    ["node scripts/build-if-stale.mjs", "build"],
    [startServers, "e2e servers"],
  ]),
  run("npm run -s test:unit"),
]);
const failed = [checks, unit].find((code) => code !== 0);
if (failed !== undefined) {
  console.error("Browser tests skipped: a step before them failed.");
  stopServers();
  process.exit(failed);
}
const e2e = await run("npm run -s test:e2e", undefined, { ...process.env, E2E_SERVERS_STARTED: "1" });
stopServers();
process.exit(e2e);

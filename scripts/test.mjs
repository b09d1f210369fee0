#!/usr/bin/env node
/**
 * `npm test`: the unit and integration tests (vitest), then the browser tests (Playwright). The
 * production build the browser tests' servers serve is made while vitest runs, at a lower
 * priority, so it takes the CPU time vitest leaves idle (its files wait on databases, child
 * processes and timers) instead of running alone after it. The build's output goes to
 * .next-build.log, printed when it fails. Arguments are passed to neither.
 */
import { spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { setPriority } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const BUILD_LOG = ".next-build.log";

/** Runs `command` and resolves to its exit code. */
function run(command, args, options = {}) {
  const child = spawn(command, args, { stdio: "inherit", ...options });
  if (options.nice) setPriority(child.pid, options.nice);
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const log = createWriteStream(BUILD_LOG);
await new Promise((resolve) => log.on("open", resolve));
const build = run(process.execPath, ["scripts/build-if-stale.mjs"], { stdio: ["ignore", log, log], nice: 10 });

const unit = await run("npm", ["run", "-s", "test:unit"]);
const built = await build;
if (built !== 0) {
  process.stderr.write(readFileSync(BUILD_LOG, "utf8"));
  console.error("The production build failed: the browser tests were not run.");
  process.exit(built);
}
if (unit !== 0) process.exit(unit);
process.exit(await run("npm", ["run", "-s", "test:e2e"]));

#!/usr/bin/env node
/**
 * `npm test`: every check. The unit and integration tests (vitest) leave most of a second core
 * idle while they wait on databases, servers and timers, so lint, the type check and the
 * production build the browser tests need run beside them, one after another (the type check's
 * route types and the build share .next). Then the browser tests (Playwright), which keep every
 * core busy, find the build made. The browser tests are skipped when anything before them failed;
 * the exit status is the first failure's.
 *
 * `npm run test:unit` and `npm run test:e2e` run one part alone.
 */
import { spawn } from "node:child_process";

/** Runs `command`, its output passed through (each line tagged with `tag` when given); resolves with its exit code. */
function run(command, tag) {
  const child = spawn(command, { shell: true, stdio: ["ignore", tag ? "pipe" : "inherit", tag ? "pipe" : "inherit"] });
  if (tag) {
    for (const [stream, target] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = "";
      stream.on("data", (chunk) => {
        const lines = (rest + chunk.toString()).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) target.write(`[${tag}] ${line}\n`);
      });
      stream.on("end", () => rest && target.write(`[${tag}] ${rest}\n`));
    }
  }
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

/** Runs the steps one after another, stopping at the first that fails. */
async function inTurn(steps) {
  for (const [command, tag] of steps) {
    const code = await run(command, tag);
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
  ]),
  run("npm run -s test:unit"),
]);
const failed = [checks, unit].find((code) => code !== 0);
if (failed !== undefined) {
  console.error("Browser tests skipped: a step before them failed.");
  process.exit(failed);
}
process.exit(await run("npm run -s test:e2e"));

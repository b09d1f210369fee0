#!/usr/bin/env node
/**
 * Starts the browser tests' servers side by side (Playwright starts its webServer entries one
 * after another, each once the last answers). First the production build, when missing or stale,
 * and `prepare`'s one-off steps (the migrated database the app servers copy); then every server
 * at once. Prints "servers ready" when each answers its health URL; a server that exits before
 * then ends the launch with its exit code. Playwright ends the whole process group after the run.
 *
 * Reads from the environment, as playwright.config.ts writes it: E2E_LAUNCH, JSON
 * `{ prepare: string[], servers: { name, command, url, env }[], reuse: boolean }`. With `reuse`
 * (not in CI), a server already answering its URL is used as it is.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { tagLines } from "../../../scripts/tag-lines.mjs";

const { prepare, servers, reuse } = JSON.parse(process.env.E2E_LAUNCH ?? "{}");
const children = new Set();

function start(name, command, env = {}) {
  const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
  children.add(child);
  tagLines(child.stdout, process.stdout, name);
  tagLines(child.stderr, process.stderr, name);
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

function stop(code) {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(1));

/** Whether this process leads its process group (npm test's runner and Playwright start it so), read from Linux's /proc. */
function leadsGroup() {
  try {
    const [, pgrp] = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ").slice(1);
    return Number(pgrp) === process.pid;
  } catch {
    return false;
  }
}

// Whoever started the launch ends it, with the servers; if that process dies without doing so
// (killed outright, say), the launch is handed to another parent, and it stops them itself rather
// than leave servers holding the test ports. The timer also keeps the launch up until then.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid === parent) return;
  console.error("the process that started the browser tests' servers is gone: stopping them");
  if (leadsGroup()) process.kill(-process.pid, "SIGTERM");
  else stop(1);
}, 1_000);

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.status < 400;
  } catch {
    return false;
  }
}

let ready = false;
const pending = [];
for (const server of servers) if (!(reuse && (await answers(server.url)))) pending.push(server);

// The one-off steps, only when there is a server to start.
if (pending.length > 0) {
  const codes = await Promise.all(prepare.map((command, i) => start(`prepare ${i + 1}`, command)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) stop(failed);
}

await Promise.all(
  pending.map(async (server) => {
    let exited = false;
    start(server.name, server.command, server.env).then((code) => {
      exited = true;
      // Once all are up, a server's exit is for its tests to find.
      if (ready) return;
      console.error(`[${server.name}] exited with code ${code} before it answered ${server.url}`);
      stop(code || 1);
    });
    for (let delay = 100; !exited && !(await answers(server.url)); delay = Math.min(delay * 2, 500)) {
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }),
);
ready = true;
console.log("servers ready");

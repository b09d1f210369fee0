#!/usr/bin/env node
/**
 * `npm start`: checks the configuration, builds the app when there is no build (or the sources
 * changed since it), then serves it on PORT (default 3000) at HOST (default 127.0.0.1: this
 * machine only).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfStale } from "./build-if-stale.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

// 1. Configuration: fail before a long build, with the same messages the server gives.
const { tsImport } = await import("tsx/esm/api");
const { parseEnv } = await tsImport("../lib/env.ts", import.meta.url);
const { authOptionsFromEnv } = await tsImport("../lib/auth-server/env-overrides.ts", import.meta.url);
let config;
try {
  config = parseEnv(process.env);
  if (config.auth.kind === "embedded") authOptionsFromEnv(process.env);
} catch (error) {
  const message = error?.name === "ConfigError" ? error.message : `Invalid configuration:\n  - ${error?.message ?? error}`;
  console.error(`\n${message}\n\nSee .env.example for every setting.\n`);
  process.exit(1);
}

// 2. Build when missing or stale.
await buildIfStale();

// 3. Serve.
// Node's own flags (node --cpu-prof scripts/start.mjs) apply to the server too.
const child = spawn(process.execPath, [...process.execArgv, path.join(root, "scripts", "server.mjs")], {
  stdio: "inherit",
  env: { ...process.env, PORT: String(config.port), HOST: config.host, NEXT_TELEMETRY_DISABLED: "1" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

#!/usr/bin/env node
/**
 * `npm start`: checks the configuration, builds the app when there is no build (or the sources
 * changed since it), then serves it on PORT (default 3000) at HOST (default 127.0.0.1: this
 * machine only).
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

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
const SOURCES = ["app", "components", "db", "lib", "public", "drizzle", "proxy.ts", "instrumentation.ts", "next.config.ts", "package-lock.json", "postcss.config.mjs", "tsconfig.json"];
function fingerprint() {
  const hash = createHash("sha256");
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) walk(path.join(p, name));
    } else {
      hash.update(`${p}:${st.size}:${st.mtimeMs}\n`);
    }
  };
  for (const s of SOURCES) walk(s);
  // A build with browser source maps (for the weight bench's detail) is not the same build.
  hash.update(`source maps: ${process.env.NEXT_BROWSER_SOURCE_MAPS === "1"}\n`);
  return hash.digest("hex");
}
const stampFile = path.join(root, ".next", "source-fingerprint");
const current = fingerprint();
const built = existsSync(path.join(root, ".next", "BUILD_ID"));
const stale = !built || !existsSync(stampFile) || readFileSync(stampFile, "utf8") !== current;
if (stale && process.env.SKIP_BUILD !== "1") {
  console.log(built ? "Sources changed since the last build: rebuilding…" : "No build yet: building the app (about two minutes)…");
  const started = Date.now();
  const result = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, current);
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

// 3. Serve.
// Node's own flags (node --cpu-prof scripts/start.mjs) apply to the server too.
const child = spawn(process.execPath, [...process.execArgv, path.join(root, "scripts", "server.mjs")], {
  stdio: "inherit",
  env: { ...process.env, PORT: String(config.port), HOST: config.host, NEXT_TELEMETRY_DISABLED: "1" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

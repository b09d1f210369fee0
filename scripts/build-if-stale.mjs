#!/usr/bin/env node
/**
 * The production build, made only when there is none or the sources changed since it (their
 * sizes and times, fingerprinted), with its startup scripts marked for eager compilation
 * (compile-hints.mjs) and its scripts and stylesheets compressed with brotli (compress-static.mjs).
 * `npm start` calls it before serving; `npm test` runs it while the unit tests run
 * (scripts/test.mjs), so the browser tests' servers find the build made.
 * SKIP_BUILD=1 serves whatever build there is.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { addCompileHints } from "./compile-hints.mjs";
import { compressStatic } from "./compress-static.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const SOURCES = ["app", "components", "db", "lib", "public", "drizzle", "proxy.ts", "instrumentation.ts", "next.config.ts", "package-lock.json", "postcss.config.mjs", "tsconfig.json", "scripts/compile-hints.mjs", "scripts/compress-static.mjs"];

function fingerprint() {
  const hash = createHash("sha256");
  // Names relative to the project, so the fingerprint does not depend on where it is checked out.
  const walk = (p) => {
    const full = path.join(root, p);
    if (!existsSync(full)) return;
    const st = statSync(full);
    if (st.isDirectory()) {
      for (const name of readdirSync(full).sort()) walk(path.join(p, name));
    } else {
      hash.update(`${p}:${st.size}:${st.mtimeMs}\n`);
    }
  };
  for (const s of SOURCES) walk(s);
  // A build with browser source maps (for the weight bench's detail) is not the same build.
  hash.update(`source maps: ${process.env.NEXT_BROWSER_SOURCE_MAPS === "1"}\n`);
  return hash.digest("hex");
}

/** Builds when needed; exits the process when the build fails. */
export async function buildIfStale() {
  const stampFile = path.join(root, ".next", "source-fingerprint");
  const current = fingerprint();
  const built = existsSync(path.join(root, ".next", "BUILD_ID"));
  const stale = !built || !existsSync(stampFile) || readFileSync(stampFile, "utf8") !== current;
  if (!stale || process.env.SKIP_BUILD === "1") return;
  console.log(built ? "Sources changed since the last build: rebuilding…" : "No build yet: building the app (about two minutes)…");
  const started = Date.now();
  const result = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
  addCompileHints(path.join(root, ".next"));
  await compressStatic(path.join(root, ".next"));
  writeFileSync(stampFile, current);
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildIfStale();

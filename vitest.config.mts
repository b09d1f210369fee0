import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { isClosedConnectionWrite } from "./db/driver-faults";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // Tests run server modules directly, as the server does: the marker is the empty module there too.
      "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    environment: "node",
    // The built-in auth server hashes passwords at bcrypt's lowest cost: signing people up and in
    // is most of many files' setup, and cost 10 (the default) spends ~100 ms of CPU on each. The
    // timing tests of sign-in run their own server at cost 10 (auth-server-abuse.test.ts).
    env: { AUTH_PASSWORD_HASH_COST: "4" },
    // Migrates one template database per engine for the run; test files copy it (tests/helpers/db.ts).
    // Test media (ffmpeg, espeak-ng) is made once per run in a folder of its own.
    globalSetup: ["tests/helpers/db-templates.ts", "tests/helpers/media-cache.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are heavy; two cores run two files at a time.
    maxWorkers: 2,
    // V8 frees the memory of dead Buffers on a background thread by default, and on a busy machine
    // that thread lags the collector by tens of MB: the tests that check a large body streams
    // through (tests/helpers/memory.ts) would count memory that is already garbage.
    execArgv: ["--no-concurrent-array-buffer-sweeping"],
    // A worker process runs file after file with the modules it has loaded: importing the server's
    // modules and warming PGlite's WebAssembly took seconds per file, about a third of the run.
    // Files still get their own databases, and put back what they change (setEnv, installAppDb,
    // installStorage) in their after-hooks. `npx vitest run --isolate` runs each file in a fresh
    // process, to check that no file passes only by state another one left.
    isolate: false,
    // The driver's one known crash on a Postgres restart (db/driver-faults.ts), which the restart in
    // tests/integration/faults.test.ts sometimes trips, is left out of the run's verdict; any other
    // unhandled error still fails it.
    onUnhandledError(error) {
      if (!isClosedConnectionWrite(error)) return undefined;
      console.warn("[tests] postgres-js closed-connection write after a restart (porsager/postgres#1154): ignored");
      return false;
    },
  },
});

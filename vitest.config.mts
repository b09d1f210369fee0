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
    // Migrates one template database per engine for the run; test files copy it (tests/helpers/db.ts).
    globalSetup: ["tests/helpers/db-templates.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are heavy; two cores run two files at a time.
    maxWorkers: 2,
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

import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are heavy; two cores run two files at a time.
    maxWorkers: 2,
    // postgres-js 3.4.9 can throw from a timer when a connection closes with a small write still
    // queued (porsager/postgres#1154, #1208; fixes proposed in #1168, #1209, none released): the
    // Postgres restart in tests/integration/faults.test.ts sometimes trips it. That one known
    // driver crash is left out of the run's verdict; any other unhandled error still fails it.
    onUnhandledError(error) {
      const known = error.message?.includes("Cannot read properties of null (reading 'write')") && /postgres[\\/]src[\\/]connection\.js/.test(error.stack ?? "");
      if (known) console.warn("[tests] postgres-js closed-socket write after a restart (porsager/postgres#1154): ignored");
      return known ? false : undefined;
    },
  },
});

/** prepareDatabase(): what the server start (and the worker) rely on before serving. */
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { DatabaseNotReadyError, prepareDatabase } from "@/lib/setup/prepare";
import { parseEnv } from "@/lib/env";
import { installAppDb, uninstallAppDb } from "../helpers/app";
import { createTestDb } from "../helpers/db";

describe("prepareDatabase", () => {
  let handle: DbHandle | undefined;
  afterEach(async () => {
    uninstallAppDb();
    await handle?.close();
    handle = undefined;
  });

  it("migrates the embedded database and seeds it once", async () => {
    handle = await createTestDb("pglite", { fresh: true, migrate: false });
    installAppDb(handle);
    const config = parseEnv({ DATA_DIR: "/tmp/unused" });
    const first = await prepareDatabase(config);
    expect(first.seeded).toEqual({ videos: 6, words: expect.any(Number), quizzes: expect.any(Number) });
    expect(first.demoAccounts?.map((a) => a.role)).toEqual(["owner", "admin", "user"]);
    const again = await prepareDatabase(config);
    expect(again.seeded).toBeUndefined();
    // The worker asks for no seeding.
    expect((await prepareDatabase(config, { seed: false })).demoAccounts).toBeUndefined();
    // Migrating and seeding a fresh PGlite takes most of the default 30 s on a busy machine.
  }, 90_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)("throws, rather than exiting, when Postgres is behind on migrations", async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `lingoreel_prepare_${randomBytes(4).toString("hex")}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE "${name}"`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const { openPostgres } = await import("@/db/client");
      handle = await openPostgres(url.toString(), 1);
      installAppDb(handle);
      const config = parseEnv({ DATABASE_URL: url.toString() });
      const error = await prepareDatabase(config).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseNotReadyError);
      expect((error as Error).message).toMatch(/missing \d+ migration\(s\): run `npm run db:migrate` first/);
    } finally {
      await handle?.close();
      handle = undefined;
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});

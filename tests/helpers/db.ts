/**
 * Real databases for integration tests: an in-memory PGlite, and, when TEST_DATABASE_URL is
 * set, a fresh Postgres database created for the test file and dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openPglite, openPostgres, type DbHandle } from "@/db/client";
import { migrateDb } from "@/db/migrate";

export type TestDbKind = "pglite" | "postgres";

/** The database kinds this run covers: PGlite always, Postgres when configured. */
export const testDbKinds: TestDbKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export type TestDb = DbHandle & { dispose: () => Promise<void> };

export async function createTestDb(kind: TestDbKind): Promise<TestDb> {
  if (kind === "pglite") {
    const handle = await openPglite(undefined);
    await migrateDb(handle);
    return { ...handle, dispose: handle.close };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `lingoreel_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 5);
  await migrateDb(handle);
  return {
    ...handle,
    dispose: async () => {
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Real databases for integration tests: an in-memory PGlite, and, when TEST_DATABASE_URL is
 * set, a fresh Postgres database created for the test file and dropped afterwards.
 */
import { afterAll, beforeAll } from "vitest";
import { createScratchPglite, createScratchPostgres, type ScratchDb } from "@/db/scratch";
import { installAppDb, uninstallAppDb } from "./app";

export type TestDbKind = "pglite" | "postgres";

/** The database kinds this run covers: PGlite always, Postgres when configured. */
export const testDbKinds: TestDbKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export type TestDb = ScratchDb;

export async function createTestDb(kind: TestDbKind): Promise<TestDb> {
  if (kind === "pglite") return createScratchPglite();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  return createScratchPostgres(serverUrl, { prefix: "lingoreel_test" });
}

/**
 * The per-file setup: a test database of `kind` for the file's tests, made before them and
 * dropped after. With `app: true` it is also installed as the app's process-wide database, so
 * route handlers and services run against it. Read it inside tests: `db().db`.
 */
export function useTestDb(kind: TestDbKind, options: { app?: boolean } = {}): () => TestDb {
  let t: TestDb | undefined;
  beforeAll(async () => {
    t = await createTestDb(kind);
    if (options.app) installAppDb(t);
  });
  afterAll(async () => {
    if (options.app) uninstallAppDb();
    await t?.dispose();
  });
  return () => {
    if (!t) throw new Error("the test database is made in beforeAll: read it inside a test or hook");
    return t;
  };
}

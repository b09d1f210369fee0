/**
 * Real databases for integration tests: an in-memory PGlite, and, when TEST_DATABASE_URL is
 * set, a fresh Postgres database created for the test file and dropped afterwards. Both are
 * copies of the templates the run migrated once (tests/helpers/db-templates.ts); the migrations
 * themselves are tested from scratch in tests/integration/migrations.test.ts.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, inject } from "vitest";
import { createScratchPglite, createScratchPostgres, type ScratchDb } from "@/db/scratch";
import { installAppDb, uninstallAppDb } from "./app";

export type TestDbKind = "pglite" | "postgres";

/** The database kinds this run covers: PGlite always, Postgres when configured. */
export const testDbKinds: TestDbKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export type TestDb = ScratchDb;

/** Read once per test process: every PGlite the file makes loads one of the same two tarballs. */
const pgliteTemplates: Partial<Record<"empty" | "migrated", Promise<Blob>>> = {};
function pgliteTemplate(which: "empty" | "migrated"): Promise<Blob> {
  return (pgliteTemplates[which] ??= readFile(inject("pgliteTemplateFiles")[which]).then((bytes) => new Blob([bytes])));
}

/**
 * A copy of the run's migrated template; with `fresh`, a new database migrated here (unless
 * `migrate` is false), for the tests of the migrations themselves.
 */
export async function createTestDb(kind: TestDbKind, options: { fresh?: boolean; migrate?: boolean } = {}): Promise<TestDb> {
  const migrate = options.migrate ?? true;
  if (kind === "pglite") {
    return options.fresh ? createScratchPglite({ from: await pgliteTemplate("empty"), migrate }) : createScratchPglite({ from: await pgliteTemplate("migrated") });
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  if (options.fresh) return createScratchPostgres(serverUrl, { prefix: "lingoreel_test", migrate });
  const template = inject("postgresTemplate");
  if (!template) throw new Error("the run's Postgres template is missing: TEST_DATABASE_URL was set after the run started");
  return createScratchPostgres(serverUrl, { prefix: "lingoreel_test", template });
}

/**
 * The per-file setup: a test database of `kind` for the file's tests, made before them and
 * dropped after. With `app: true` it is also installed as the app's process-wide database, so
 * route handlers and services run against it. Read it inside tests: `db().db`.
 */
export function useTestDb(kind: TestDbKind, options: { app?: boolean; fresh?: boolean } = {}): () => TestDb {
  let t: TestDb | undefined;
  beforeAll(async () => {
    t = await createTestDb(kind, { fresh: options.fresh });
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

/**
 * vitest's global setup: makes the run's template databases before any test file, so each file
 * copies one (tests/helpers/db.ts) in place of running initdb and the migrations itself, and
 * drops them after the run. PGlite's are data-directory tarballs in a temporary folder (a new
 * database, and the same migrated); Postgres's is a migrated database beside TEST_DATABASE_URL.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createPostgresTemplate, pgliteTemplates } from "@/db/scratch";

declare module "vitest" {
  export interface ProvidedContext {
    /** Files holding a new PGlite data directory and the same migrated. */
    pgliteTemplateFiles: { empty: string; migrated: string };
    /** The migrated Postgres database to copy, when TEST_DATABASE_URL is set. */
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "lingoreel-db-templates-"));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const [pglite, postgres] = await Promise.allSettled([pgliteTemplates(), serverUrl ? createPostgresTemplate(serverUrl) : null]);
  const dispose = async () => {
    if (postgres.status === "fulfilled") await postgres.value?.dispose();
    rmSync(dir, { recursive: true, force: true });
  };
  if (pglite.status === "rejected" || postgres.status === "rejected") {
    await dispose();
    throw pglite.status === "rejected" ? pglite.reason : (postgres as PromiseRejectedResult).reason;
  }
  const files = { empty: path.join(dir, "empty.tar"), migrated: path.join(dir, "migrated.tar") };
  for (const kind of ["empty", "migrated"] as const) writeFileSync(files[kind], Buffer.from(await pglite.value[kind].arrayBuffer()));
  project.provide("pgliteTemplateFiles", files);
  project.provide("postgresTemplate", postgres.value?.name ?? null);
  return dispose;
}

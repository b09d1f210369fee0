/**
 * Throwaway databases for tests and benchmarks: a migrated in-memory PGlite, or a fresh Postgres
 * database created on a server (CREATE DATABASE with a random name) and dropped on dispose.
 * Making a PGlite and migrating take seconds, so a run that makes many can make templates once and
 * copy them: PGlite data directories dumped to tarballs, or a Postgres template database.
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openPglite, openPostgres, type DbHandle } from "./client";
import { migrateDb } from "./migrate";

export type ScratchDb = DbHandle & { dispose: () => Promise<void> };

/**
 * `from`: a data directory made by `pgliteTemplates`, loaded in place of initdb. A new database
 * is migrated unless `migrate` is false; one loaded from a template only when `migrate` is true.
 */
export async function createScratchPglite(options: { migrate?: boolean; from?: Blob } = {}): Promise<ScratchDb> {
  const handle = await openPglite(undefined, options.from);
  if (options.migrate ?? !options.from) await migrateDb(handle);
  return { ...handle, dispose: handle.close };
}

/** A new PGlite's data directory and the same migrated, as uncompressed tarballs (loading skips a gunzip). */
export async function pgliteTemplates(): Promise<{ empty: Blob; migrated: Blob }> {
  const handle = await createScratchPglite({ migrate: false });
  try {
    const empty = await handle.pglite!.dumpDataDir("none");
    await migrateDb(handle);
    return { empty, migrated: await handle.pglite!.dumpDataDir("none") };
  } finally {
    await handle.dispose();
  }
}

function scratchName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * `serverUrl` names any database on the server; the scratch one is created beside it, as a copy
 * of `template` (a database made by `createPostgresTemplate`) when given, else migrated anew.
 */
export async function createScratchPostgres(
  serverUrl: string,
  options: { prefix?: string; poolSize?: number; migrate?: boolean; template?: string } = {},
): Promise<ScratchDb & { url: string }> {
  const name = scratchName(options.prefix ?? "lingoreel_scratch");
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  // The default strategy (WAL_LOG) writes the template's pages to the WAL. FILE_COPY forces two
  // checkpoints, which flush every database's writes: with other test files writing beside it, a
  // copy and its drop took ~4 s that way and ~1 s this way.
  await admin.unsafe(options.template ? `CREATE DATABASE "${name}" TEMPLATE "${options.template}"` : `CREATE DATABASE "${name}"`);
  const url = databaseUrl(serverUrl, name);
  const drop = async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
  let handle: DbHandle;
  try {
    handle = await openPostgres(url, options.poolSize ?? 5);
    if (options.migrate !== false && !options.template) await migrateDb(handle);
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    ...handle,
    url,
    dispose: async () => {
      await handle.close();
      await drop();
    },
  };
}

/**
 * A migrated database on the server to copy scratch databases from. It keeps no connection open
 * (Postgres copies a template only while nobody is connected to it); `dispose` drops it.
 */
export async function createPostgresTemplate(serverUrl: string, prefix = "lingoreel_template"): Promise<{ name: string; dispose: () => Promise<void> }> {
  const name = scratchName(prefix);
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
    const handle = await openPostgres(databaseUrl(serverUrl, name), 1);
    try {
      await migrateDb(handle);
    } finally {
      await handle.close();
    }
    // No connections from now on: a copy cannot fail because one is open.
    await admin.unsafe(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  } catch (error) {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    throw error;
  }
  return {
    name,
    dispose: async () => {
      await admin.unsafe(`ALTER DATABASE "${name}" WITH IS_TEMPLATE false`);
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

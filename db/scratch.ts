/**
 * Throwaway databases for tests and benchmarks: a migrated in-memory PGlite, or a fresh Postgres
 * database created on a server (CREATE DATABASE with a random name) and dropped on dispose.
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openPglite, openPostgres, type DbHandle } from "./client";
import { migrateDb } from "./migrate";

export type ScratchDb = DbHandle & { dispose: () => Promise<void> };

export async function createScratchPglite(options: { migrate?: boolean } = {}): Promise<ScratchDb> {
  const handle = await openPglite(undefined);
  if (options.migrate !== false) await migrateDb(handle);
  return { ...handle, dispose: handle.close };
}

/** `serverUrl` names any database on the server; the scratch one is created beside it. */
export async function createScratchPostgres(
  serverUrl: string,
  options: { prefix?: string; poolSize?: number; migrate?: boolean } = {},
): Promise<ScratchDb & { url: string }> {
  const name = `${options.prefix ?? "lingoreel_scratch"}_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
  let handle: DbHandle;
  try {
    handle = await openPostgres(url.toString(), options.poolSize ?? 5);
    if (options.migrate !== false) await migrateDb(handle);
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    ...handle,
    url: url.toString(),
    dispose: async () => {
      await handle.close();
      await drop();
    },
  };
}

/** Applies the committed SQL migrations under drizzle/ to either driver. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { resultRows, type DbHandle } from "./client";

export const migrationsFolder = path.join(process.cwd(), "drizzle");

/** `folder`: another copy of the migrations (a test applies those before a given one, then the rest). */
export async function migrateDb(handle: DbHandle, folder = migrationsFolder): Promise<void> {
  if (handle.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(handle.db as any, { migrationsFolder: folder });
  } else {
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(handle.db as any, { migrationsFolder: folder });
  }
}

/** How many committed migrations the database has not applied yet (production start-up check). */
export async function pendingMigrations(handle: DbHandle): Promise<number> {
  const journal = JSON.parse(readFileSync(/*turbopackIgnore: true*/ path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  const result = await handle.db.execute(
    sql`select count(*)::int as n from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations'`,
  );
  if (!resultRows<{ n: number }>(result)[0]?.n) return journal.entries.length;
  const applied = await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Math.max(0, journal.entries.length - (resultRows<{ n: number }>(applied)[0]?.n ?? 0));
}

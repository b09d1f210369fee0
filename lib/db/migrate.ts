/** Applies the committed SQL migrations under drizzle/ to either driver. */
import path from "node:path";
import type { DbHandle } from "./client";

export const migrationsFolder = path.join(process.cwd(), "drizzle");

export async function migrateDb(handle: DbHandle): Promise<void> {
  if (handle.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(handle.db as any, { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(handle.db as any, { migrationsFolder });
  }
}

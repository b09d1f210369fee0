/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded database). */
import { ConfigError, env } from "@/lib/env";
import { closeDb, getDbHandle } from "@/db/client";
import { migrateDb } from "@/db/migrate";

async function main() {
  const config = env();
  const handle = await getDbHandle();
  await migrateDb(handle);
  console.log(`Migrations applied (${config.database.kind === "postgres" ? "Postgres" : `PGlite at ${config.database.dir}`}).`);
  await closeDb();
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `Migration failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});

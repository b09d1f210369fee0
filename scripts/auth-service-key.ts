/**
 * `npm run auth:service-key`: makes a new service-role key for the embedded auth server's admin API
 * (`createClient(url, key).auth.admin.*`), stores its SHA-256 in the configured database
 * (DATABASE_URL, else the embedded one under DATA_DIR: stop `npm start` first, PGlite has one user
 * at a time) and prints the key once. The previous key stops working (within seconds on servers
 * that are running). With SUPABASE_SERVICE_ROLE_KEY set, that is the key and nothing changes.
 */
import { closeDb, getDbHandle } from "@/db/client";
import { migrateDb, pendingMigrations } from "@/db/migrate";
import { rotateServiceKey } from "@/lib/auth-server/service-key";
import { ConfigError, env } from "@/lib/env";

async function main() {
  const config = env();
  if (config.auth.kind !== "embedded") {
    console.log("NEXT_PUBLIC_SUPABASE_URL is set: the admin API is your Supabase project's, with its own service-role key (Project Settings → API keys). Nothing was changed.");
    return;
  }
  if (config.auth.serviceRoleKey) {
    console.log("SUPABASE_SERVICE_ROLE_KEY is set: that is the admin API's key. Nothing was changed (unset it to use a key made by this command).");
    return;
  }
  const handle = await getDbHandle();
  // The embedded database migrates itself whenever the app opens it; Postgres is migrated as its own step.
  if (handle.kind === "pglite") await migrateDb(handle);
  else if ((await pendingMigrations(handle)) > 0) throw new Error("the database is not migrated: run npm run db:migrate first");
  const key = await rotateServiceKey(handle.db);
  await closeDb();
  console.log("The embedded auth server's new service-role key, shown only now (the previous one stops working; running servers notice within seconds):");
  console.log("");
  console.log(`  ${key}`);
  console.log("");
  console.log("Keep it on servers only, never in a browser or a NEXT_PUBLIC_ variable. Use it as supabase-js's key:");
  console.log("  createClient(<your site>, key, { auth: { persistSession: false } }).auth.admin.listUsers()");
}

main().catch(async (error) => {
  console.error(error instanceof ConfigError ? error.message : `Could not make a service-role key: ${error instanceof Error ? error.message : error}`);
  await closeDb().catch(() => {});
  process.exit(1);
});

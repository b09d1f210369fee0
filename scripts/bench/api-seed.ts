/**
 * Fills the api bench's database (DATABASE_URL, else the embedded one in DATA_DIR): migrated, the
 * demo content and the demo accounts, as a fresh embedded install has them. Run by the bench
 * before it starts the server: `DATABASE_URL=... npx tsx scripts/bench/api-seed.ts`.
 */
import { closeDb, getDbHandle } from "@/db/client";
import { migrateDb } from "@/db/migrate";
import { seedDemoAccounts } from "@/lib/setup/demo-accounts";
import { seedDemoContent } from "@/lib/setup/demo-content";

async function main() {
  const handle = await getDbHandle();
  await migrateDb(handle);
  const content = await seedDemoContent(handle.db);
  if (!content.seeded) throw new Error("The bench database already has content: start from an empty one.");
  await seedDemoAccounts(handle.db);
  await closeDb();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

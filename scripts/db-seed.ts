/** `npm run db:seed`: loads the demo content into an empty database (and the demo accounts in fully embedded, loopback-only mode). */
import { ConfigError, env } from "@/lib/env";
import { closeDb, getDbHandle } from "@/db/client";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "@/lib/setup/demo-accounts";
import { seedDemoContent } from "@/lib/setup/demo-content";

async function main() {
  const config = env();
  const { db } = await getDbHandle();
  const result = await seedDemoContent(db);
  console.log(
    result.seeded
      ? `Seeded ${result.videos} videos, ${result.words} vocabulary words, ${result.quizzes} quizzes.`
      : "The database already has content (or was seeded before): nothing to do.",
  );
  // Published passwords: only on a self-contained install no other machine reaches (HOST), never next to a real database.
  if (config.embedded && config.loopbackOnly) {
    await seedDemoAccounts(db);
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role.padEnd(6)} ${a.email.padEnd(22)} password: ${a.password}`);
  }
  await closeDb();
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `Seeding failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});

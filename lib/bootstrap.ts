/**
 * Server start-up: validate configuration, and in embedded mode migrate the database, seed the
 * demo content and accounts when empty. Production runs migrations as their own step.
 */
import { ConfigError, env } from "@/lib/env";

export async function bootstrap(): Promise<void> {
  let config;
  try {
    config = env();
    if (config.auth.kind === "embedded") {
      // Parses the AUTH_* overrides now, so a typo stops the start instead of the first sign-in.
      const { authOptionsFromEnv } = await import("@/lib/auth-server/env-overrides");
      authOptionsFromEnv();
    }
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : `Invalid configuration:\n  - ${(error as Error).message}`;
    console.error(`\n${message}\n\nSee .env.example for every setting.\n`);
    process.exit(1);
  }

  try {
    const { getDbHandle } = await import("@/db/client");
    const handle = await getDbHandle();
    const { migrateDb, pendingMigrations } = await import("@/db/migrate");
    if (handle.kind === "pglite") {
      await migrateDb(handle);
    } else {
      const pending = await pendingMigrations(handle);
      if (pending > 0) {
        console.error(`\nThe database at DATABASE_URL is missing ${pending} migration(s): run \`npm run db:migrate\` first.\n`);
        process.exit(1);
      }
    }

    if (config.seedDemo) {
      const { seedDemoContent, seedDemoAccounts, DEMO_ACCOUNTS } = await import("@/db/seed");
      const result = await seedDemoContent(handle.db);
      if (result.seeded) {
        console.log(`Seeded demo content: ${result.videos} videos, ${result.words} vocabulary words, ${result.quizzes} quizzes.`);
      }
      // Known passwords: only on a self-contained local install, never next to a real database.
      if (config.embedded) {
        await seedDemoAccounts(handle.db);
        console.log("Demo accounts (embedded mode):");
        for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role.padEnd(6)} ${a.email.padEnd(22)} password: ${a.password}`);
      }
    }
  } catch (error) {
    // A database that cannot be reached or written is a setup problem: say so plainly and stop.
    const where = config.database.kind === "postgres" ? "the database at DATABASE_URL" : `the embedded database in ${config.database.dir}`;
    console.error(`\nCould not prepare ${where}: ${(error as Error).message}\n`);
    process.exit(1);
  }
}

/**
 * Gets the process-wide database ready before anything uses it: the web server's start and the
 * worker both call this. The embedded database is migrated in place; a Postgres behind on
 * migrations is an error (production applies them as their own step). Demo content (and, on a
 * fully embedded install that only this machine can reach, the demo accounts) goes into an empty
 * database when asked. On a server other machines can reach, demo accounts still holding their
 * published passwords get random ones. Failures are thrown with a plain message; the caller
 * decides whether to stop the process.
 */
import "server-only";
import { getDbHandle, type DbHandle } from "@/db/client";
import { migrateDb, pendingMigrations } from "@/db/migrate";
import type { AppEnv } from "@/lib/env";

export class DatabaseNotReadyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DatabaseNotReadyError";
  }
}

export type PreparedDatabase = {
  handle: DbHandle;
  /** What seeding added: undefined when seeding was not asked for or found content already there. */
  seeded?: { videos: number; words: number; quizzes: number };
  /** The demo accounts that can sign in with their published passwords, on a loopback-only embedded install. */
  demoAccounts?: { role: string; email: string; password: string }[];
  /** Demo accounts whose published password was just replaced, because the server is reachable. */
  scrubbedDemoAccounts?: { role: string; email: string }[];
};

export async function prepareDatabase(config: AppEnv, options: { seed?: boolean } = {}): Promise<PreparedDatabase> {
  const where = config.database.kind === "postgres" ? "the database at DATABASE_URL" : `the embedded database in ${config.database.dir}`;
  try {
    const handle = await getDbHandle();
    if (handle.kind === "pglite") {
      await migrateDb(handle);
    } else {
      const pending = await pendingMigrations(handle);
      if (pending > 0) {
        throw new DatabaseNotReadyError(`The database at DATABASE_URL is missing ${pending} migration(s): run \`npm run db:migrate\` first.`);
      }
    }
    const prepared: PreparedDatabase = { handle };
    if (options.seed ?? config.seedDemo) {
      const { seedDemoContent } = await import("./demo-content");
      const { seedDemoAccounts, demoAccountsWithPublishedPassword, DEMO_ACCOUNTS } = await import("./demo-accounts");
      const result = await seedDemoContent(handle.db);
      if (result.seeded) prepared.seeded = { videos: result.videos, words: result.words, quizzes: result.quizzes };
      // Published passwords: only on a self-contained install that no other machine can reach,
      // never next to a real database.
      if (config.embedded && config.loopbackOnly) {
        const { created } = await seedDemoAccounts(handle.db);
        // Just made: their passwords are the published ones. Else check, so the log tells no lies.
        prepared.demoAccounts = created === DEMO_ACCOUNTS.length ? DEMO_ACCOUNTS : await demoAccountsWithPublishedPassword();
      }
    }
    if (config.auth.kind === "embedded" && !config.loopbackOnly) {
      const { scrubDemoPasswords } = await import("./demo-accounts");
      const scrubbed = await scrubDemoPasswords();
      if (scrubbed.length > 0) prepared.scrubbedDemoAccounts = scrubbed.map(({ role, email }) => ({ role, email }));
    }
    return prepared;
  } catch (error) {
    if (error instanceof DatabaseNotReadyError) throw error;
    // A database that cannot be reached or written is a setup problem: say so plainly.
    throw new DatabaseNotReadyError(`Could not prepare ${where}: ${(error as Error).message}`);
  }
}

/**
 * Server start-up: validate configuration, then prepare the database (migrate the embedded one,
 * seed demo content and accounts into an empty one). Stops the process with a plain message when
 * either fails. Production runs migrations as their own step.
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
    const { prepareDatabase } = await import("@/db/prepare");
    const prepared = await prepareDatabase(config);
    if (prepared.seeded) {
      const { videos, words, quizzes } = prepared.seeded;
      console.log(`Seeded demo content: ${videos} videos, ${words} vocabulary words, ${quizzes} quizzes.`);
    }
    if (prepared.demoAccounts) {
      console.log("Demo accounts (embedded mode):");
      for (const a of prepared.demoAccounts) console.log(`  ${a.role.padEnd(6)} ${a.email.padEnd(22)} password: ${a.password}`);
    }
  } catch (error) {
    console.error(`\n${(error as Error).message}\n`);
    process.exit(1);
  }

  if (config.runWorker) {
    try {
      const { startInProcessWorker } = await import("@/lib/jobs/in-process");
      await startInProcessWorker();
    } catch (error) {
      // The site still serves; new videos wait in the queue until a worker runs.
      console.error("The processing worker could not start:", (error as Error).message);
    }
  }
}

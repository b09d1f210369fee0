/**
 * Server start-up: validate configuration, then prepare the database (migrate the embedded one,
 * seed demo content and, when loopback-only, demo accounts into an empty one; on a reachable
 * server, take the published passwords away from demo accounts). Stops the process with a plain
 * message when either fails. Production runs migrations as their own step.
 */
import { ConfigError, env, type AppEnv } from "@/lib/env";

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
    const { prepareDatabase } = await import("@/lib/setup/prepare");
    const prepared = await prepareDatabase(config);
    if (prepared.seeded) {
      const { videos, words, quizzes } = prepared.seeded;
      console.log(`Seeded demo content: ${videos} videos, ${words} vocabulary words, ${quizzes} quizzes.`);
    }
    if (prepared.demoAccounts?.length) {
      console.log("Demo accounts (this machine only):");
      for (const a of prepared.demoAccounts) console.log(`  ${a.role.padEnd(6)} ${a.email.padEnd(22)} password: ${a.password}`);
    }
    if (prepared.scrubbedDemoAccounts) console.log(scrubbedDemoAccountsMessage(prepared.scrubbedDemoAccounts, config));
  } catch (error) {
    console.error(`\n${(error as Error).message}\n`);
    process.exit(1);
  }

  if (config.runWorker) {
    try {
      const { startInProcessWorker } = await import("@/lib/pipeline/in-process");
      await startInProcessWorker();
    } catch (error) {
      // The site still serves; new videos wait in the queue until a worker runs.
      console.error("The processing worker could not start:", (error as Error).message);
    }
  }
}

/** The start log's one line when demo accounts lost their published passwords, with the way back in. */
export function scrubbedDemoAccountsMessage(accounts: { email: string }[], config: Pick<AppEnv, "host" | "port" | "trustedProxyHops">): string {
  const emails = accounts.map((a) => a.email).join(", ");
  const reason = config.trustedProxyHops > 0 ? `TRUSTED_PROXY_HOPS=${config.trustedProxyHops}` : `HOST=${config.host}`;
  // A wildcard listener also takes connections on loopback, where the mailbox opens (never behind a proxy).
  const wildcard = ["0.0.0.0", "::", "0:0:0:0:0:0:0:0"].includes(config.host) && config.trustedProxyHops === 0;
  const local = wildcard ? `http://127.0.0.1:${config.port}` : `http://localhost:${config.port} (started once without HOST and TRUSTED_PROXY_HOPS)`;
  return (
    `Demo accounts ${emails} had the passwords the README publishes and this server is reachable from other machines ` +
    `(${reason}): their passwords were replaced with random ones and their sessions ended. To get in again, ` +
    `on this machine ask for a password reset ("Forgot password?" at ${local}/login) and open the link from the dev ` +
    `mailbox at ${local}/dev/mailbox, or ask an owner, who can open the dev mailbox from anywhere.`
  );
}

/**
 * `npm run worker`: processing workers against DATABASE_URL. Run as many as you like; pg-boss
 * gives each job to one of them. SIGTERM drains: running jobs finish, nothing new starts.
 */
import { closeDb, getDbHandle } from "@/db/client";
import { surviveClosedConnectionWrites } from "@/db/driver-faults";
import { env } from "@/lib/env";
import { startWorkerQueue } from "@/lib/jobs/boss";
import { startReminders } from "@/lib/reminders/worker";
import { startWorkers } from "@/lib/pipeline/job-workers";
import { defaultAudioSource } from "@/lib/pipeline/audio-source";
import { describeMediaTools, mediaToolsWarning } from "@/lib/media/tools";

const HEALTH_EVERY_MS = 60_000;

async function main() {
  surviveClosedConnectionWrites();
  const config = env();
  const handle = await getDbHandle();
  // Every worker also runs maintenance (one at a time): the expired jobs of a dead worker are retried.
  const boss = await startWorkerQueue(handle);
  await startWorkers(boss, { db: handle.db, audio: defaultAudioSource });
  if (config.reminders) await startReminders(boss, handle.db);
  const started = Date.now();
  console.log(
    `[worker] ready on ${handle.kind} (pid ${process.pid}); AI provider ${config.openai ? "configured" : "missing (set OPENAI_API_KEY)"}; ` +
      `maintenance every ${config.jobs.maintenanceIntervalSeconds} s; ${describeMediaTools()}`,
  );
  const warning = mediaToolsWarning();
  if (warning) console.warn(`[worker] ${warning}`);
  const health = setInterval(() => console.log(`[worker] healthy, up ${Math.round((Date.now() - started) / 1000)} s`), HEALTH_EVERY_MS);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(health);
    console.log(`[worker] ${signal}: finishing running jobs, taking no new ones`);
    // A job cannot run longer than its expiry; one still running then is retried elsewhere.
    await boss.stop({ graceful: true, wait: true, close: false, timeout: config.jobs.expireSeconds * 1000 });
    await closeDb();
    console.log("[worker] stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  console.error("[worker] could not start:", error instanceof Error ? error.message : error);
  process.exit(1);
});

/** Embedded mode: the processing worker runs inside the web server, on the same database. */
import "server-only";
import { getDbHandle } from "@/db/client";
import { env } from "@/lib/env";
import { startWorkerQueue } from "@/lib/jobs/boss";
import { startReminders } from "@/lib/reminders/worker";
import { startWorkers } from "./job-workers";
import { defaultAudioSource } from "@/lib/pipeline/audio-source";
import { describeMediaTools, mediaToolsWarning } from "@/lib/media/tools";

export async function startInProcessWorker(): Promise<void> {
  const handle = await getDbHandle();
  const boss = await startWorkerQueue(handle);
  await startWorkers(boss, { db: handle.db, audio: defaultAudioSource });
  if (env().reminders) await startReminders(boss, handle.db);
  console.log(`Processing worker running in this process (${describeMediaTools()}).`);
  const warning = mediaToolsWarning();
  if (warning) console.warn(`Warning: ${warning}`);
}

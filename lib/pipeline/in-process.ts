/** Embedded mode: the processing worker runs inside the web server, on the same database. */
import "server-only";
import { getDbHandle } from "@/db/client";
import { startWorkerQueue } from "@/lib/jobs/boss";
import { startWorkers } from "./job-workers";
import { defaultAudioSource } from "@/lib/pipeline/audio-source";
import { describeMediaTools, mediaToolsWarning } from "@/lib/media/tools";

export async function startInProcessWorker(): Promise<void> {
  const handle = await getDbHandle();
  const boss = await startWorkerQueue(handle);
  await startWorkers(boss, { db: handle.db, audio: defaultAudioSource });
  console.log(`Processing worker running in this process (${describeMediaTools()}).`);
  const warning = mediaToolsWarning();
  if (warning) console.warn(`Warning: ${warning}`);
}

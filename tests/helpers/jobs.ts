/**
 * A video's job sent through pg-boss itself, with retry settings of the test's own (sendJob's are
 * the product's), then this process's workers woken for it, as sendJob wakes them.
 */
import type PgBoss from "pg-boss";
import type { JobData, QueueName } from "@/lib/jobs/queues";
import { videoJobKey } from "@/lib/jobs/send";
import { jobSent } from "@/lib/jobs/wake";

export async function sendVideoJob<Q extends QueueName>(boss: PgBoss, queue: Q, data: JobData[Q], retry: { retryLimit: number; retryDelay?: number }) {
  const id = await boss.send(queue, data, { ...retry, singletonKey: videoJobKey(data.videoId) });
  jobSent(queue);
  return id;
}

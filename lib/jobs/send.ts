/** Hands work to the processing worker. */
import { env } from "@/lib/env";
import { getBoss } from "./boss";
import type { JobData, QueueName } from "./queues";

/**
 * Retries with backoff are the worker's business; a video has at most one pending job of a kind.
 * A run that outlives its expiry (or whose worker died) is stopped and retried like a failed one.
 */
export async function sendJob<Q extends QueueName>(queue: Q, data: JobData[Q]): Promise<string | null> {
  const boss = await getBoss();
  const { expireSeconds, retryDelaySeconds } = env().jobs;
  return boss.send(queue, data, {
    singletonKey: `video:${data.videoId}`,
    retryLimit: 2,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: expireSeconds,
  });
}

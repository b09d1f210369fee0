/** Hands work to the processing worker. */
import { getBoss } from "./boss";
import type { JobData, QueueName } from "./queues";

/** Retries with backoff are the worker's business; a video has at most one pending job of a kind. */
export async function sendJob<Q extends QueueName>(queue: Q, data: JobData[Q]): Promise<string | null> {
  const boss = await getBoss();
  return boss.send(queue, data, {
    singletonKey: `video:${data.videoId}`,
    retryLimit: 2,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 60 * 60,
  });
}

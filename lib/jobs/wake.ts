/**
 * Workers of this process, by queue: a job sent from the same process (embedded mode, where the
 * web server runs the worker; the tests) wakes them at once rather than at their next poll, and a
 * job this process puts back for later (to wait for its video, or to be retried) wakes them when
 * it is due. With the embedded database no other process can send one, so its workers poll only
 * as a safety net, every 10 s (JOB_POLL_SECONDS). A worker in another process finds jobs by
 * polling, every second by default.
 */
import "server-only";
import type { QueueName } from "./queues";

// On globalThis: every server bundle sends through the same workers.
const key = Symbol.for("lingoreel.jobs.wake");
type GlobalWithWakers = typeof globalThis & { [key]?: Map<QueueName, Set<() => void>> };

function wakers(queue: QueueName): Set<() => void> {
  const all = ((globalThis as GlobalWithWakers)[key] ??= new Map());
  let set = all.get(queue);
  if (!set) all.set(queue, (set = new Set()));
  return set;
}

/** Registers a worker's wake-up for jobs sent to `queue`; returns its removal. */
export function wakeOnSend(queue: QueueName, wake: () => void): () => void {
  const set = wakers(queue);
  set.add(wake);
  return () => set.delete(wake);
}

/** A job was just sent to `queue`: its workers in this process look now. */
export function jobSent(queue: QueueName): void {
  for (const wake of wakers(queue)) wake();
}

/** The longest a timer waits: Node runs one set for longer at once instead (a TimeoutOverflowWarning). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A job of `queue` becomes due in `seconds`: its workers in this process look then (a little
 * after, as the database's clock started first). One due further off than a timer can wait
 * (about 24 days) is left to their poll.
 */
export function jobDueIn(queue: QueueName, seconds: number): void {
  const ms = Math.ceil(seconds * 1000) + 100;
  if (ms > MAX_TIMER_MS) return;
  setTimeout(() => jobSent(queue), ms).unref();
}

/**
 * When this process's workers look for a job it put back: one waiting for its video at its start,
 * a failed try at the latest moment pg-boss may start it again (its poll may find it sooner).
 */
import type PgBoss from "pg-boss";
import { afterEach, describe, expect, it, vi } from "vitest";
import { retryDueIn } from "@/lib/jobs/send";
import { jobDueIn, wakeOnSend } from "@/lib/jobs/wake";
import { QUEUES } from "@/lib/jobs/queues";

const failedTry = (retryCount: number, retryDelay: number, retryBackoff: boolean, retryLimit = 100) =>
  ({ retryCount, retryDelay, retryBackoff, retryLimit }) as unknown as PgBoss.JobWithMetadata<unknown>;

describe("retryDueIn", () => {
  it("is the retry delay without backoff, and with it twice the delay doubled for each retry so far, up to 2^16 times", () => {
    expect(retryDueIn(failedTry(0, 30, false))).toBe(30);
    expect(retryDueIn(failedTry(2, 30, false))).toBe(30);
    // pg-boss starts retry n+1 between 2^n and 2^(n+1) times the delay after the failure.
    expect(retryDueIn(failedTry(0, 30, true))).toBe(60);
    expect(retryDueIn(failedTry(1, 30, true))).toBe(120);
    expect(retryDueIn(failedTry(40, 1, true))).toBe(2 ** 16);
  });

  it("is null after the last try: pg-boss starts no other", () => {
    expect(retryDueIn(failedTry(1, 30, true, 2))).toBe(120);
    expect(retryDueIn(failedTry(2, 30, true, 2))).toBeNull();
    expect(retryDueIn(failedTry(0, 30, false, 0))).toBeNull();
  });
});

describe("jobDueIn", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("wakes the queue's workers in this process once the job is due, and no one else's", () => {
    vi.useFakeTimers();
    const woken: string[] = [];
    const stopProcess = wakeOnSend(QUEUES.processVideo, () => woken.push("process"));
    const stopTranslations = wakeOnSend(QUEUES.generateTranslations, () => woken.push("translations"));
    try {
      jobDueIn(QUEUES.processVideo, 1.5);
      vi.advanceTimersByTime(1500);
      expect(woken).toEqual([]);
      vi.advanceTimersByTime(100);
      expect(woken).toEqual(["process"]);
      // Further off than a timer can wait: left to the poll, not run at once as Node would.
      jobDueIn(QUEUES.processVideo, 30 * 24 * 3600);
      vi.advanceTimersByTime(60_000);
      expect(woken).toEqual(["process"]);
    } finally {
      stopProcess();
      stopTranslations();
    }
  });
});

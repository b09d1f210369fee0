import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { callSignal } from "@/lib/ai/client";

/** Like the OpenAI SDK: listens on the signal it is given and never stops listening. */
async function sdkCall(signal: AbortSignal | undefined, stopped: () => void) {
  signal?.addEventListener("abort", stopped, { once: true });
}

describe("a job's stop signal shared by its API calls", () => {
  it("leaves no listener on the job's signal once each call has ended, however many calls", async () => {
    const job = new AbortController();
    for (let i = 0; i < 40; i++) {
      const call = callSignal(job.signal);
      await sdkCall(call.signal, () => {}).finally(call.done);
    }
    expect(getEventListeners(job.signal, "abort")).toHaveLength(0);
  });

  it("stops a call under way when the job stops, with the job's reason", () => {
    const job = new AbortController();
    const call = callSignal(job.signal);
    let stopped = false;
    void sdkCall(call.signal, () => (stopped = true));
    job.abort(new Error("expired"));
    expect(stopped).toBe(true);
    expect(call.signal?.reason).toEqual(new Error("expired"));
    call.done();
  });

  it("starts a call already stopped when the job has stopped, and gives no signal without a job", () => {
    const job = new AbortController();
    job.abort();
    expect(callSignal(job.signal).signal?.aborted).toBe(true);
    expect(callSignal(undefined).signal).toBeUndefined();
  });
});

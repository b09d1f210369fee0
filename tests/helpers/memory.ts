/**
 * Peak memory held while something runs, for tests that check a large body streams through.
 * Garbage is collected before each sample, so what is measured is what the code keeps, not
 * chunks it has finished with and the collector has not reached yet.
 */
import v8 from "node:v8";
import vm from "node:vm";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as (options?: { type: "minor" | "major" }) => void;

/** The JS heap plus Buffers and other array buffers: where a body held whole would sit. */
function held(full = false): number {
  // A young-generation collection frees most finished chunks in a millisecond; a full one now
  // and then also frees those that lived long enough to be promoted (an S3 part in flight).
  gc({ type: full ? "major" : "minor" });
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Runs `work`, sampling every few milliseconds; returns its result and the peak growth in bytes. */
export async function peakMemoryGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const baseline = held(true);
  let peak = baseline;
  let samples = 0;
  const timer = setInterval(() => {
    // A reading above the peak is taken again after a full collection before it counts: on a busy
    // machine chunks the code has finished with live long enough to be promoted, and only a full
    // collection frees them, so without it the garbage between two full collections was counted.
    const quick = held(++samples % 10 === 0);
    if (quick > peak) peak = Math.max(peak, held(true));
  }, 20);
  try {
    const result = await work();
    return { result, growth: peak - baseline };
  } finally {
    clearInterval(timer);
  }
}

export const MB = 1024 * 1024;

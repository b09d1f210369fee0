/**
 * Peak memory held while something runs, for tests that check a large body streams through.
 * Garbage is collected in full before each sample, so what is measured is what the code keeps,
 * not chunks it has finished with and the collector has not reached yet.
 */
import { performance } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";

v8.setFlagsFromString("--expose-gc");
// Called with no argument it collects the whole heap. (On Node 20, `gc({ type: "major" })` leaves
// the old generation alone: chunks that lived through two young collections were counted as held.)
const gc = vm.runInNewContext("gc") as () => void;

// Buffers found dead are otherwise freed on a background thread, and counted until then (seen to
// lag by 10-25 MB on a loaded machine): vitest.config.mts starts its workers with the flag.
const SWEEP_FLAG = "--no-concurrent-array-buffer-sweeping";
if (!process.execArgv.includes(SWEEP_FLAG)) throw new Error(`Memory is measured only in a process started with ${SWEEP_FLAG}`);

/** The JS heap plus Buffers and other array buffers: where a body held whole would sit. */
function held(): number {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Runs `work`, sampling every few milliseconds; returns its result and the peak growth in bytes. */
export async function peakMemoryGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const baseline = held();
  let peak = baseline;
  let timer: NodeJS.Timeout | undefined;
  const sample = () => {
    const started = performance.now();
    peak = Math.max(peak, held());
    // A full collection of a large heap takes a while, and stops `work` meanwhile: sampling spends
    // at most a third of the time collecting, so `work` still runs as it would.
    timer = setTimeout(sample, Math.max(20, 2 * (performance.now() - started)));
  };
  timer = setTimeout(sample, 20);
  try {
    const result = await work();
    return { result, growth: peak - baseline };
  } finally {
    clearTimeout(timer);
  }
}

export const MB = 1024 * 1024;

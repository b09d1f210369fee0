/**
 * What a piece of work costs, for the tests that check that it grows in proportion to its input:
 * the best of a few runs, in CPU time rather than wall time. On a machine busy with other tests a
 * run's wall time was up to eight times its cost (it waited for a core), and a check of wall
 * times failed. No more runs once two seconds have gone on them, as work that grows with the
 * square takes that for one.
 */
export function bestCpuMs(work: () => unknown): number {
  const began = performance.now();
  let best = Infinity;
  for (let run = 0; run < 7 && performance.now() - began < 2_000; run++) {
    const start = process.cpuUsage();
    work();
    const spent = process.cpuUsage(start);
    best = Math.min(best, (spent.user + spent.system) / 1000);
  }
  return best;
}

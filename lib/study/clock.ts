/**
 * Study time as the browser measures it: a stopwatch that runs while the learner is studying
 * (a video playing, the review screen in use) and hands over whole seconds when they are
 * reported, keeping the fraction for the next report. Times are passed in, so it is tested
 * without timers.
 */
/** Most seconds one report counts; the browser reports every 30 s while the learner studies. */
export const STUDY_REPORT_MAX_SECONDS = 60;

export class StudyClock {
  private bankedMs = 0;
  private since: number | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  get running(): boolean {
    return this.since !== null;
  }

  /** Starts or stops the watch at `at` (default: now); stopping it counts up to `at`, not to when the stop was noticed. */
  set(active: boolean, at = this.now()): void {
    if (active && this.since === null) this.since = at;
    else if (!active && this.since !== null) {
      this.bankedMs += Math.max(0, at - this.since);
      this.since = null;
    }
  }

  /** The whole seconds studied since the last take, at most `max` (the rest is dropped: a report counts at most that many). */
  take(max: number): number {
    const at = this.now();
    let ms = this.bankedMs;
    if (this.since !== null) {
      ms += Math.max(0, at - this.since);
      this.since = at;
    }
    const seconds = Math.floor(ms / 1000);
    this.bankedMs = seconds > max ? 0 : ms - seconds * 1000;
    return Math.min(seconds, max);
  }
}

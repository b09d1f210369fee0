/**
 * The media clock between samples. A player reports its time now and then (the YouTube embed
 * every 200 ms); in between, time is the last sample plus the monotonic time since, scaled by the
 * playback rate, so highlights never wait for the next report. Paused, time stands still.
 */
export type ClockSample = { mediaMs: number; playing: boolean; rate: number; at: number };

export class MediaClock {
  private sample: ClockSample = { mediaMs: 0, playing: false, rate: 1, at: 0 };

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Records what the player reported. */
  update(report: { mediaMs: number; playing?: boolean; rate?: number }): void {
    this.sample = {
      mediaMs: Math.max(0, report.mediaMs),
      playing: report.playing ?? this.sample.playing,
      rate: report.rate ?? this.sample.rate,
      at: this.now(),
    };
  }

  /** Playing or paused from now on, keeping the time reached so far. */
  setPlaying(playing: boolean): void {
    this.update({ mediaMs: this.time(), playing });
  }

  setRate(rate: number): void {
    this.update({ mediaMs: this.time(), rate });
  }

  get playing(): boolean {
    return this.sample.playing;
  }

  /** The media time now, in milliseconds. */
  time(): number {
    const { mediaMs, playing, rate, at } = this.sample;
    if (!playing) return mediaMs;
    return mediaMs + Math.max(0, this.now() - at) * rate;
  }
}

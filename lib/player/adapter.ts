/**
 * One interface for every player the page drives: the HTML5 media element (local files) and
 * the YouTube embed (postMessage). The page reads `time()` every animation frame.
 */
export interface PlayerAdapter {
  play(): void;
  pause(): void;
  seek(ms: number): void;
  setRate(rate: number): void;
  /** The media time now, in milliseconds (interpolated between reports where a player reports coarsely). */
  time(): number;
  isPlaying(): boolean;
  /** The media's length in milliseconds; 0 while it is not known yet. */
  duration(): number;
  /** How far the media has loaded, in milliseconds from its start (the seek bar's buffered range). */
  bufferedEnd(): number;
  /** 0 to 1, as the player reports it (independent of mute). */
  volume(): number;
  isMuted(): boolean;
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
  /** Called whenever playing/paused, readiness, length, loading, volume or mute changes. */
  subscribe(listener: () => void): () => void;
  destroy(): void;
}

/** A <video> or <audio> element. Its currentTime is exact whenever it is read. */
export class Html5Adapter implements PlayerAdapter {
  private listeners = new Set<() => void>();
  private readonly notify = () => {
    for (const listener of this.listeners) listener();
  };
  private static readonly EVENTS = ["play", "pause", "ended", "loadedmetadata", "seeked", "durationchange", "progress", "volumechange"] as const;

  constructor(private readonly element: HTMLMediaElement) {
    for (const name of Html5Adapter.EVENTS) element.addEventListener(name, this.notify);
  }

  play(): void {
    this.element.play().catch((error: unknown) => console.warn("Playback did not start:", error));
  }
  pause(): void {
    this.element.pause();
  }
  seek(ms: number): void {
    this.element.currentTime = Math.max(0, ms / 1000);
  }
  setRate(rate: number): void {
    this.element.playbackRate = rate;
  }
  time(): number {
    return this.element.currentTime * 1000;
  }
  isPlaying(): boolean {
    return !this.element.paused && !this.element.ended;
  }
  duration(): number {
    const seconds = this.element.duration;
    return Number.isFinite(seconds) ? seconds * 1000 : 0;
  }
  bufferedEnd(): number {
    // The loaded range the playing position is in; before any is, the first one.
    const { buffered, currentTime } = this.element;
    for (let i = 0; i < buffered.length; i++) {
      if (buffered.start(i) <= currentTime && currentTime <= buffered.end(i)) return buffered.end(i) * 1000;
    }
    return buffered.length > 0 ? buffered.end(0) * 1000 : 0;
  }
  volume(): number {
    return this.element.volume;
  }
  isMuted(): boolean {
    return this.element.muted;
  }
  setVolume(volume: number): void {
    this.element.volume = Math.min(1, Math.max(0, volume));
  }
  setMuted(muted: boolean): void {
    this.element.muted = muted;
  }
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  destroy(): void {
    for (const name of Html5Adapter.EVENTS) this.element.removeEventListener(name, this.notify);
    this.listeners.clear();
  }
}

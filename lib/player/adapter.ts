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
  /** Called whenever playing/paused or readiness changes. */
  subscribe(listener: () => void): () => void;
  destroy(): void;
}

/** A <video> or <audio> element. Its currentTime is exact whenever it is read. */
export class Html5Adapter implements PlayerAdapter {
  private listeners = new Set<() => void>();
  private readonly notify = () => {
    for (const listener of this.listeners) listener();
  };
  private static readonly EVENTS = ["play", "pause", "ended", "loadedmetadata", "seeked"] as const;

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
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  destroy(): void {
    for (const name of Html5Adapter.EVENTS) this.element.removeEventListener(name, this.notify);
    this.listeners.clear();
  }
}

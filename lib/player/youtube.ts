/**
 * The YouTube embed, driven by the IFrame API's postMessage protocol (SPEC §7 "Video player
 * messaging"): after a 1 s setup delay the page says `listening` every 200 ms and the embed
 * answers with `infoDelivery` (currentTime, playerState, playbackRate, duration, volume, muted,
 * videoLoadedFraction); play, pause, seek, rate, volume and mute are `command` messages. Only messages from the embed's own window and origin count.
 * Between reports the media clock interpolates, so highlights do not lag the 200 ms polling.
 */
import type { PlayerAdapter } from "./adapter";
import { MediaClock } from "./clock";

export const YOUTUBE_POLL_MS = 200;
export const YOUTUBE_SETUP_DELAY_MS = 1000;

/** YouTube's player states. */
export const YT_STATE = { unstarted: -1, ended: 0, playing: 1, paused: 2, buffering: 3, cued: 5 } as const;

/** The embed address for a video: the JS API on, our origin named, YouTube's own controls off. */
export function youtubeEmbedUrl(embedOrigin: string, youtubeId: string, pageOrigin: string, autoplay = false): string {
  const params = new URLSearchParams({
    enablejsapi: "1",
    origin: pageOrigin,
    playsinline: "1",
    rel: "0",
    controls: "0",
    disablekb: "1",
    modestbranding: "1",
    autoplay: autoplay ? "1" : "0",
  });
  return `${embedOrigin}/embed/${encodeURIComponent(youtubeId)}?${params}`;
}

type Info = {
  currentTime?: unknown;
  playerState?: unknown;
  playbackRate?: unknown;
  duration?: unknown;
  volume?: unknown;
  muted?: unknown;
  videoLoadedFraction?: unknown;
};

const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

export class YouTubeAdapter implements PlayerAdapter {
  private readonly clock: MediaClock;
  private readonly listeners = new Set<() => void>();
  private timers: ReturnType<typeof setTimeout>[] = [];
  private poll: ReturnType<typeof setInterval> | undefined;
  private state: number = YT_STATE.unstarted;
  private media = { durationMs: 0, loaded: 0, volume: 1, muted: false };
  private readonly id = Math.floor(Math.random() * 1e9);

  constructor(
    private readonly iframe: HTMLIFrameElement,
    private readonly embedOrigin: string,
    now?: () => number,
  ) {
    this.clock = new MediaClock(now);
    window.addEventListener("message", this.onMessage);
  }

  /** Call once the frame has loaded: listening starts after the setup delay. */
  start(): void {
    this.timers.push(
      setTimeout(() => {
        this.send({ event: "listening" });
        this.poll = setInterval(() => this.send({ event: "listening" }), YOUTUBE_POLL_MS);
      }, YOUTUBE_SETUP_DELAY_MS),
    );
  }

  private send(message: Record<string, unknown>): void {
    this.iframe.contentWindow?.postMessage(JSON.stringify({ ...message, id: this.id, channel: "widget" }), this.embedOrigin);
  }

  private command(func: string, args: unknown[] = []): void {
    this.send({ event: "command", func, args });
  }

  private readonly onMessage = (event: MessageEvent) => {
    if (event.origin !== this.embedOrigin || event.source !== this.iframe.contentWindow) return;
    let data: { event?: unknown; info?: unknown };
    try {
      data = typeof event.data === "string" ? JSON.parse(event.data) : event.data;
    } catch {
      return;
    }
    if (!data || typeof data !== "object") return;
    if ((data.event === "infoDelivery" || data.event === "initialDelivery") && data.info && typeof data.info === "object") this.apply(data.info as Info);
    else if (data.event === "onStateChange" && typeof data.info === "number") this.apply({ playerState: data.info });
    else if (data.event === "onReady") this.notify();
  };

  private apply(info: Info): void {
    const before = this.state;
    const media = this.media;
    this.media = {
      durationMs: finite(info.duration) && info.duration > 0 ? info.duration * 1000 : media.durationMs,
      loaded: finite(info.videoLoadedFraction) ? Math.min(1, Math.max(0, info.videoLoadedFraction)) : media.loaded,
      volume: finite(info.volume) ? Math.min(1, Math.max(0, info.volume / 100)) : media.volume,
      muted: typeof info.muted === "boolean" ? info.muted : media.muted,
    };
    const mediaChanged = (Object.keys(media) as (keyof typeof media)[]).some((key) => media[key] !== this.media[key]);
    if (typeof info.playerState === "number") this.state = info.playerState;
    const playing = this.state === YT_STATE.playing;
    const report: { mediaMs: number; playing: boolean; rate?: number } = {
      mediaMs: finite(info.currentTime) ? info.currentTime * 1000 : this.clock.time(),
      playing,
    };
    if (typeof info.playbackRate === "number" && info.playbackRate > 0) report.rate = info.playbackRate;
    // A report older than our estimate by less than a poll is jitter: keep time moving forward smoothly.
    const estimate = this.clock.time();
    if (playing && report.mediaMs < estimate && estimate - report.mediaMs < YOUTUBE_POLL_MS) report.mediaMs = estimate;
    this.clock.update(report);
    if (before !== this.state || mediaChanged) this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  play(): void {
    this.command("playVideo");
  }
  pause(): void {
    this.command("pauseVideo");
    // Freeze the time now: a quiz must not see the video run on until the embed reports.
    this.clock.setPlaying(false);
    this.state = YT_STATE.paused;
    this.notify();
  }
  seek(ms: number): void {
    this.command("seekTo", [Math.max(0, ms) / 1000, true]);
    this.clock.update({ mediaMs: ms });
  }
  setRate(rate: number): void {
    this.command("setPlaybackRate", [rate]);
    this.clock.setRate(rate);
  }
  time(): number {
    return this.clock.time();
  }
  isPlaying(): boolean {
    return this.state === YT_STATE.playing;
  }
  duration(): number {
    return this.media.durationMs;
  }
  bufferedEnd(): number {
    return this.media.loaded * this.media.durationMs;
  }
  volume(): number {
    return this.media.volume;
  }
  isMuted(): boolean {
    return this.media.muted;
  }
  setVolume(volume: number): void {
    const next = Math.min(1, Math.max(0, volume));
    this.command("setVolume", [Math.round(next * 100)]);
    // Shown at once; the embed's next report confirms it.
    this.media = { ...this.media, volume: next };
    this.notify();
  }
  setMuted(muted: boolean): void {
    this.command(muted ? "mute" : "unMute");
    this.media = { ...this.media, muted };
    this.notify();
  }
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  destroy(): void {
    window.removeEventListener("message", this.onMessage);
    for (const timer of this.timers) clearTimeout(timer);
    if (this.poll) clearInterval(this.poll);
    this.listeners.clear();
  }
}

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { YouTubeAdapter, youtubeEmbedUrl } from "@/lib/player/youtube";

const EMBED = "https://www.youtube-nocookie.com";

/** A page window and an embed frame, as far as the adapter sees them. */
function harness() {
  const listeners = new Set<(event: MessageEvent) => void>();
  vi.stubGlobal("window", {
    addEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.delete(listener),
  });
  const sent: { message: Record<string, unknown>; origin: string }[] = [];
  const contentWindow = { postMessage: (message: string, origin: string) => sent.push({ message: JSON.parse(message), origin }) };
  const iframe = { contentWindow } as unknown as HTMLIFrameElement;
  let now = 0;
  const adapter = new YouTubeAdapter(iframe, EMBED, () => now);
  const deliver = (data: unknown, options: { origin?: string; source?: unknown } = {}) => {
    const event = { data: JSON.stringify(data), origin: options.origin ?? EMBED, source: options.source ?? contentWindow } as MessageEvent;
    for (const listener of listeners) listener(event);
  };
  return { adapter, sent, deliver, advance: (ms: number) => (now += ms), listeners };
}

describe("YouTube adapter", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("starts listening 1 s after the frame loads, then every 200 ms, to the embed's origin only", () => {
    const { adapter, sent } = harness();
    adapter.start();
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent[0]).toMatchObject({ message: { event: "listening", channel: "widget" }, origin: EMBED });
    vi.advanceTimersByTime(1000);
    expect(sent.filter((s) => s.message.event === "listening")).toHaveLength(6);
    adapter.destroy();
    vi.advanceTimersByTime(1000);
    expect(sent.filter((s) => s.message.event === "listening")).toHaveLength(6);
  });

  it("follows the embed's reports and interpolates between them", () => {
    const { adapter, deliver, advance } = harness();
    const changes = vi.fn();
    adapter.subscribe(changes);
    deliver({ event: "infoDelivery", info: { currentTime: 12.5, playerState: 1, playbackRate: 1 } });
    expect(adapter.isPlaying()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(adapter.time()).toBe(12_500);
    advance(120);
    expect(adapter.time()).toBe(12_620);
    // A later report that lags the estimate by less than a poll does not pull time back.
    deliver({ event: "infoDelivery", info: { currentTime: 12.58 } });
    expect(adapter.time()).toBe(12_620);
    deliver({ event: "onStateChange", info: 2 });
    expect(adapter.isPlaying()).toBe(false);
    advance(500);
    expect(adapter.time()).toBe(12_620);
  });

  it("ignores messages from other origins, other windows and garbage", () => {
    const { adapter, deliver } = harness();
    deliver({ event: "infoDelivery", info: { currentTime: 99, playerState: 1 } }, { origin: "https://evil.example" });
    deliver({ event: "infoDelivery", info: { currentTime: 99, playerState: 1 } }, { source: {} });
    deliver("not json at all {");
    expect(adapter.isPlaying()).toBe(false);
    expect(adapter.time()).toBe(0);
  });

  it("sends play, pause, seek and rate as commands; pause and seek take effect at once", () => {
    const { adapter, sent, deliver, advance } = harness();
    deliver({ event: "infoDelivery", info: { currentTime: 5, playerState: 1 } });
    adapter.play();
    advance(100);
    adapter.pause();
    advance(400);
    expect(adapter.time()).toBe(5100);
    adapter.seek(30_000);
    expect(adapter.time()).toBe(30_000);
    adapter.setRate(1.5);
    const commands = sent.filter((s) => s.message.event === "command").map((s) => [s.message.func, s.message.args]);
    expect(commands).toEqual([
      ["playVideo", []],
      ["pauseVideo", []],
      ["seekTo", [30, true]],
      ["setPlaybackRate", [1.5]],
    ]);
  });

  it("learns the length, loaded part, volume and mute from the embed's reports, and tells the page when they change", () => {
    const { adapter, deliver } = harness();
    const changes = vi.fn();
    adapter.subscribe(changes);
    expect([adapter.duration(), adapter.bufferedEnd(), adapter.volume(), adapter.isMuted()]).toEqual([0, 0, 1, false]);
    deliver({ event: "initialDelivery", info: { currentTime: 0, playerState: -1, duration: 60, volume: 100, muted: false } });
    expect(adapter.duration()).toBe(60_000);
    expect(changes).toHaveBeenCalledTimes(1);
    deliver({ event: "infoDelivery", info: { currentTime: 2, videoLoadedFraction: 0.25, volume: 40, muted: true } });
    expect(adapter.bufferedEnd()).toBe(15_000);
    expect(adapter.volume()).toBe(0.4);
    expect(adapter.isMuted()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(2);
    // The same report again changes nothing the page shows.
    deliver({ event: "infoDelivery", info: { currentTime: 2.2, videoLoadedFraction: 0.25, volume: 40, muted: true } });
    expect(changes).toHaveBeenCalledTimes(2);
    // Nonsense is ignored.
    deliver({ event: "infoDelivery", info: { duration: "long", volume: Number.NaN, muted: "yes" } });
    expect([adapter.duration(), adapter.volume(), adapter.isMuted()]).toEqual([60_000, 0.4, true]);
  });

  it("sends volume and mute as the IFrame API's commands, showing them at once", () => {
    const { adapter, sent } = harness();
    const changes = vi.fn();
    adapter.subscribe(changes);
    adapter.setVolume(0.55);
    adapter.setMuted(true);
    adapter.setMuted(false);
    adapter.setVolume(7);
    expect(adapter.volume()).toBe(1);
    expect(adapter.isMuted()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(4);
    const commands = sent.filter((s) => s.message.event === "command").map((s) => [s.message.func, s.message.args]);
    expect(commands).toEqual([
      ["setVolume", [55]],
      ["mute", []],
      ["unMute", []],
      ["setVolume", [100]],
    ]);
  });

  it("embeds with the JS API on and names the page's origin", () => {
    const url = new URL(youtubeEmbedUrl(EMBED, "dQw4w9WgXcQ", "https://app.example"));
    expect(url.origin).toBe(EMBED);
    expect(url.pathname).toBe("/embed/dQw4w9WgXcQ");
    expect(url.searchParams.get("enablejsapi")).toBe("1");
    expect(url.searchParams.get("origin")).toBe("https://app.example");
  });
});

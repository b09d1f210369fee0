/**
 * A local stand-in for YouTube's embed page, so the player is tested through its YouTube adapter
 * in a real browser with no network. `/embed/:id` speaks the IFrame API's postMessage protocol as
 * the real embed does: it stays quiet until its parent says `listening`, then answers with
 * `initialDelivery` and `onReady`, reports `infoDelivery` (currentTime, playerState, playbackRate,
 * duration, volume, muted, videoLoadedFraction) about every 250 ms while playing and at once on
 * every change, with `onStateChange` and `onPlaybackRateChange`; it obeys `playVideo`,
 * `pauseVideo`, `seekTo`, `setPlaybackRate`, `setVolume`, `mute` and `unMute`. It pretends to have
 * loaded 10 s past the playing position.
 * Every message goes to, and is taken only from, the parent window at the `origin` query param.
 *
 * Tests read `window.standin` inside the frame: the commands it obeyed, the reports it sent, and
 * its clock's anchors (wall time = performance.timeOrigin + performance.now(), comparable across
 * the page and the frame), from which its true media time at any instant follows.
 *
 * Run alone: `npx tsx scripts/standins/youtube-standin.ts --port 3920`.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** Roughly how often the real embed reports its time while playing. */
export const STANDIN_REPORT_MS = 250;

/** What the frame exposes as `window.standin`. */
export type StandinAnchor = { wall: number; mediaMs: number; rate: number; playing: boolean };
export type StandinReport = { wall: number; currentTimeMs: number; playerState: number };
export type StandinState = {
  listening: boolean;
  playerState: number;
  /** 0 to 100, as the IFrame API counts. */
  volume: number;
  muted: boolean;
  commands: { wall: number; func: string; args: unknown[] }[];
  reports: StandinReport[];
  anchors: StandinAnchor[];
};

// The page's script: plain browser JavaScript, no build step, as small as the protocol allows.
const EMBED_SCRIPT = String.raw`
const origin = new URLSearchParams(location.search).get("origin");
const S = { unstarted: -1, ended: 0, playing: 1, paused: 2, buffering: 3, cued: 5 };
const wall = () => performance.timeOrigin + performance.now();
const standin = (window.standin = { listening: false, playerState: S.unstarted, volume: 100, muted: false, commands: [], reports: [], anchors: [] });
let listenerId = null;
let anchor = { wall: wall(), mediaMs: 0, rate: 1, playing: false };
let timer = null;

const mediaMs = () => Math.min(DURATION_S * 1000, anchor.mediaMs + (anchor.playing ? (wall() - anchor.wall) * anchor.rate : 0));
standin.time = mediaMs;

function setClock(change) {
  anchor = { ...anchor, mediaMs: mediaMs(), wall: wall(), ...change };
  standin.anchors.push(anchor);
}

function post(event, info) {
  if (listenerId === null) return;
  parent.postMessage(JSON.stringify({ event, info, id: listenerId, channel: "widget" }), origin);
}

function report() {
  const currentTime = mediaMs() / 1000;
  standin.reports.push({ wall: wall(), currentTimeMs: currentTime * 1000, playerState: standin.playerState });
  const videoLoadedFraction = Math.min(1, (currentTime + 10) / DURATION_S);
  post("infoDelivery", { currentTime, playerState: standin.playerState, playbackRate: anchor.rate, duration: DURATION_S, volume: standin.volume, muted: standin.muted, videoLoadedFraction });
}

function setState(state) {
  if (state === standin.playerState) return;
  standin.playerState = state;
  setClock({ playing: state === S.playing });
  post("onStateChange", state);
  report();
  clearInterval(timer);
  if (state === S.playing) timer = setInterval(tick, ${STANDIN_REPORT_MS});
}

function tick() {
  if (mediaMs() >= DURATION_S * 1000) setState(S.ended);
  else report();
}

function play() {
  // Like the real player: a first start buffers for a moment; a resume plays at once.
  if (standin.playerState === S.unstarted || standin.playerState === S.cued) {
    setState(S.buffering);
    setTimeout(() => standin.playerState === S.buffering && setState(S.playing), 100);
  } else {
    if (standin.playerState === S.ended) setClock({ mediaMs: 0 });
    setState(S.playing);
  }
}

const commands = {
  playVideo: play,
  pauseVideo: () => standin.playerState === S.playing || standin.playerState === S.buffering ? setState(S.paused) : undefined,
  seekTo: (seconds) => {
    setClock({ mediaMs: Math.max(0, Math.min(DURATION_S, Number(seconds) || 0)) * 1000 });
    // A paused player stays paused; from any other state seeking starts playback (IFrame API reference).
    if (standin.playerState === S.paused || standin.playerState === S.playing) report();
    else play();
  },
  setPlaybackRate: (rate) => {
    const next = Number(rate);
    if (!(next > 0) || next === anchor.rate) return;
    setClock({ rate: next });
    post("onPlaybackRateChange", next);
    report();
  },
  setVolume: (volume) => {
    standin.volume = Math.max(0, Math.min(100, Math.round(Number(volume) || 0)));
    report();
  },
  mute: () => {
    standin.muted = true;
    report();
  },
  unMute: () => {
    standin.muted = false;
    report();
  },
};

addEventListener("message", (event) => {
  if (event.origin !== origin || event.source !== parent) return;
  let data;
  try {
    data = typeof event.data === "string" ? JSON.parse(event.data) : event.data;
  } catch {
    return;
  }
  if (!data || typeof data !== "object") return;
  if (data.event === "listening") {
    if (listenerId !== null) return;
    listenerId = data.id ?? 1;
    standin.listening = true;
    post("initialDelivery", { playerState: standin.playerState, currentTime: mediaMs() / 1000, duration: DURATION_S, volume: standin.volume, muted: standin.muted, playbackRate: anchor.rate, availablePlaybackRates: [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2], videoData: { video_id: VIDEO_ID } });
    post("onReady", null);
  } else if (data.event === "command" && Object.hasOwn(commands, data.func)) {
    standin.commands.push({ wall: wall(), func: data.func, args: Array.isArray(data.args) ? data.args : [] });
    commands[data.func](...(Array.isArray(data.args) ? data.args : []));
  }
});
standin.anchors.push(anchor);
setInterval(() => (document.getElementById("clock").textContent = (mediaMs() / 1000).toFixed(1) + " s, state " + standin.playerState), 250);
`;

function embedPage(videoId: string, durationS: number): string {
  const safe = videoId.replace(/[^\w-]/g, "");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stand-in embed ${safe}</title>
<style>html,body{margin:0;height:100%;background:#111;color:#ddd;font:14px system-ui;display:grid;place-items:center}</style>
</head><body><div><p>Stand-in for YouTube video ${safe}</p><p id="clock">0.0 s</p></div>
<script>const VIDEO_ID = "${safe}"; const DURATION_S = ${durationS};
${EMBED_SCRIPT}</script></body></html>`;
}

export type Standin = { origin: string; close: () => Promise<void> };

/** `durationS`: how long every video lasts (the stand-in knows no real ones); it ends there. */
export async function startStandin(options: { port?: number; host?: string; durationS?: number } = {}): Promise<Standin> {
  const host = options.host ?? "127.0.0.1";
  const durationS = options.durationS ?? 60;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://${host}`);
    const embed = /^\/embed\/([\w-]{1,64})$/.exec(url.pathname);
    if (req.method === "GET" && embed) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.end(embedPage(embed[1]!, durationS));
    } else if (req.method === "GET" && url.pathname === "/favicon.ico") {
      res.writeHead(204);
      res.end();
    } else if (req.method === "GET" && url.pathname === "/health") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    } else {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Run as a script (tsx loads this file as CommonJS: no top-level await, no import.meta).
if (process.argv[1]?.endsWith("youtube-standin.ts")) {
  const flag = process.argv.indexOf("--port");
  const port = flag >= 0 ? Number(process.argv[flag + 1]) : 3920;
  void startStandin({ port }).then((standin) => {
    console.log(`YouTube embed stand-in on ${standin.origin}`);
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(0));
  });
}

/**
 * Which caption words light up and when, for the player's browser tests (which words, in which
 * order) and `npm run bench` (BENCH_ONLY=highlight: how late). In the app's page, the probe notes for
 * each word (keyed by data-start-ms) when it first shows each data-word-state: the moment the page
 * set it (a mutation observer), with the wall time (performance.timeOrigin + performance.now(),
 * comparable with the stand-in embed's), the frame it was set in (the frame that paints it: the page
 * sets states in its animation-frame callback), and, for the HTML5 player, the <video>'s
 * currentTime. Noting changes as they happen, rather than reading the states in a frame callback of
 * its own, does not depend on which of the frame's callbacks runs first (the page's loop starts
 * when playback does, after the probe's). It also logs every frame's time and every `timeupdate`,
 * the coarse event a player that did not read the element every frame would follow.
 *
 * A word's lag is the true media time at the frame it first showed `speaking` minus the moment it
 * should: 200 ms before its start, but never before its line shows (the first word of a line
 * starts with the line, whose caption only appears at its own start time).
 */
import type { Page } from "@playwright/test";
import type { DemoContent } from "@/db/seed";
import { HIGHLIGHT_LEAD_MS } from "@/lib/player/timing";
import type { StandinAnchor } from "./youtube-standin";

/** When a word first showed a state: the wall time it was set, the start of the frame that painted it, the <video>'s time then. */
export type StateSeen = { wall: number; frame: number; videoMs: number | null };
export type ProbeWord = { text: string } & Partial<Record<"upcoming" | "speaking" | "spoken" | "highlighted", StateSeen>>;
export type ProbeLog = { words: Record<string, ProbeWord>; timeupdates: { wall: number; ms: number }[]; frames: number[] };

// A string, not a function: the bench runs under tsx, whose transform can add helpers a page lacks.
const PROBE_SCRIPT = `(() => {
  if (window.__highlightProbe) return;
  const probe = (window.__highlightProbe = { words: {}, timeupdates: [], frames: [] });
  const wall = () => performance.timeOrigin + performance.now();
  const note = (el) => {
    const state = el.dataset.wordState;
    const word = (probe.words[el.dataset.startMs] ??= { text: el.textContent });
    if (!state || word[state]) return;
    const video = document.querySelector("video");
    // Inside a frame callback the document timeline's time is that frame's.
    word[state] = { wall: wall(), frame: performance.timeOrigin + (document.timeline.currentTime ?? performance.now()), videoMs: video ? video.currentTime * 1000 : null };
  };
  const scan = (node) => {
    if (!(node instanceof Element)) return;
    if (node.matches("[data-word-state]")) note(node);
    for (const el of node.querySelectorAll("[data-word-state]")) note(el);
  };
  scan(document.documentElement);
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "attributes") note(record.target);
      else for (const node of record.addedNodes) scan(node);
    }
  }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-word-state"] });
  requestAnimationFrame(function frame(time) {
    probe.frames.push(performance.timeOrigin + time);
    requestAnimationFrame(frame);
  });
  document.addEventListener("timeupdate", (event) => {
    if (event.target instanceof HTMLMediaElement) probe.timeupdates.push({ wall: wall(), ms: event.target.currentTime * 1000 });
  }, true);
})()`;

export async function installProbe(page: Page): Promise<void> {
  await page.evaluate(PROBE_SCRIPT);
}

export function readProbe(page: Page): Promise<ProbeLog> {
  return page.evaluate("({ ...window.__highlightProbe })") as Promise<ProbeLog>;
}

/**
 * The words the probe saw light, in the order they lit, as (start ms, text): each by the first
 * frame it showed any state past `upcoming` (on a slow frame a short word may skip `speaking`).
 * Words that lit in the same frame keep their order in time.
 */
export function litInOrder(log: ProbeLog): { startMs: number; text: string }[] {
  const lit = Object.entries(log.words).flatMap(([key, word]) => {
    const walls = [word.speaking, word.spoken, word.highlighted].flatMap((seen) => (seen ? [seen.wall] : []));
    return walls.length ? [{ startMs: Number(key), text: word.text, wall: Math.min(...walls) }] : [];
  });
  return lit.sort((a, b) => a.wall - b.wall || a.startMs - b.startMs).map(({ startMs, text }) => ({ startMs, text }));
}

/** When each word of a demo video should light up, by its start (ms): max(start − 200, its line's start). */
export function litFromTimes(video: DemoContent["videos"][number]): Map<number, number> {
  const times = new Map<number, number>();
  for (const segment of video.segments) {
    for (const word of segment.words) times.set(word.start, Math.max(word.start - HIGHLIGHT_LEAD_MS, segment.startTime));
  }
  return times;
}

/** The stand-in's true media time at a wall-clock instant, from its clock's anchors. */
export function mediaAt(anchors: readonly StandinAnchor[], wall: number): number {
  let current: StandinAnchor | undefined;
  for (const anchor of anchors) if (anchor.wall <= wall) current = anchor;
  if (!current) return NaN;
  return current.mediaMs + (current.playing ? (wall - current.wall) * current.rate : 0);
}

/**
 * Frames the page drew after a word was due and before the frame it lit in (`litFrame`, that
 * frame's start): 0 when it lit in the first frame after its time. Counting frames, not milliseconds, keeps the judgement fair on a
 * busy machine, where frames come slowly for any player.
 */
export function framesLate(frames: readonly number[], dueWall: number, litFrame: number): number {
  return frames.filter((f) => f > dueWall && f < litFrame).length;
}

/** A player that only moved on coarse reports: the first reported time at or after `from`, minus `from`. */
export function pollingLag(reportedMs: readonly number[], from: number): number {
  const first = reportedMs.find((ms) => ms >= from);
  return first === undefined ? NaN : first - from;
}

export type WordLag = { startMs: number; text: string; lag: number; baseline: number };

/**
 * Each word's lag and its polling baseline. `trueMs` gives the media time when the word turned
 * speaking (NaN when unknown); `reportedMs` are the coarse times a polling player would have seen.
 */
export function wordLags(
  log: ProbeLog,
  litFrom: ReadonlyMap<number, number>,
  trueMs: (seen: StateSeen) => number,
  reportedMs: readonly number[],
): WordLag[] {
  const lags: WordLag[] = [];
  for (const [key, word] of Object.entries(log.words)) {
    const from = litFrom.get(Number(key));
    if (from === undefined || !word.speaking) continue;
    lags.push({ startMs: Number(key), text: word.text, lag: trueMs(word.speaking) - from, baseline: pollingLag(reportedMs, from) });
  }
  return lags.sort((a, b) => a.startMs - b.startMs);
}

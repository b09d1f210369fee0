"use client";
/**
 * Drives a player adapter: reads its time every animation frame while it plays (a few times a
 * second while paused) into a small store, and mirrors playing/paused into React. Only the
 * components that show the time subscribe to the store (`useMediaTimeValue`), so a frame
 * re-renders the caption and the clock, not the whole page.
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import type { PlayerAdapter } from "@/lib/player/adapter";

/** The media time in milliseconds, as an external store for `useSyncExternalStore`. */
export class MediaTimeStore {
  private ms = 0;
  private readonly listeners = new Set<() => void>();

  readonly get = (): number => this.ms;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(ms: number): void {
    if (ms === this.ms) return;
    this.ms = ms;
    for (const listener of this.listeners) listener();
  }
}

/**
 * A value derived from the media time, re-rendering the caller only when it changes (a line's id,
 * the whole second shown). `select` must return the same value for the same moment (a primitive,
 * or an object it does not create).
 */
export function useMediaTimeValue<T>(time: MediaTimeStore, select: (ms: number) => T): T {
  return useSyncExternalStore(time.subscribe, () => select(time.get()), () => select(0));
}

/** How often a paused player's time is looked at (a seek wakes the check at once). */
const PAUSED_CHECK_MS = 250;

export type MediaControls = {
  time: MediaTimeStore;
  playing: boolean;
  play: () => void;
  pause: () => void;
  seek: (ms: number) => void;
  setRate: (rate: number) => void;
};

/** `onTime(previousMs, timeMs)` runs every frame the time moves, e.g. to trigger quizzes. */
export function useMediaTime(adapter: PlayerAdapter | null, onTime?: (previousMs: number, timeMs: number) => void): MediaControls {
  const [time] = useState(() => new MediaTimeStore());
  const [playing, setPlaying] = useState(false);
  const timeMoved = useEffectEvent((previous: number, now: number) => onTime?.(previous, now));

  // Runs the next check at once (at the coming frame): set while an adapter is attached.
  const wake = useRef<() => void>(undefined);

  useEffect(() => {
    if (!adapter) return;
    let previous = adapter.time();
    time.set(previous);
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      frame = 0;
      timer = undefined;
    };
    const check = () => {
      frame = 0;
      timer = undefined;
      const now = adapter.time();
      if (now !== previous) {
        // Render the subscribers inside this frame: a plain update would commit in a later task and paint a frame late.
        flushSync(() => time.set(now));
        timeMoved(previous, now);
        previous = now;
      }
      // Every frame while it plays; while paused a few times a second (the embed's late report of a
      // seek), not every frame: a paused video page keeps no frame loop running on a phone's battery.
      if (adapter.isPlaying()) frame = requestAnimationFrame(check);
      else timer = setTimeout(check, PAUSED_CHECK_MS);
    };
    wake.current = () => {
      cancel();
      frame = requestAnimationFrame(check);
    };
    const unsubscribe = adapter.subscribe(() => {
      setPlaying(adapter.isPlaying());
      wake.current?.();
    });
    check();
    return () => {
      cancel();
      wake.current = undefined;
      unsubscribe();
    };
  }, [adapter, time]);

  const play = useCallback(() => adapter?.play(), [adapter]);
  const pause = useCallback(() => adapter?.pause(), [adapter]);
  const seek = useCallback(
    (ms: number) => {
      if (!adapter) return;
      adapter.seek(ms);
      // The store takes the new time now, not at the next frame: a key pressed again before it (the
      // seek bar's → twice, the next line twice) goes on from where the first one went.
      time.set(adapter.time());
      wake.current?.();
    },
    [adapter, time],
  );
  const setRate = useCallback((rate: number) => adapter?.setRate(rate), [adapter]);
  // The same object until playing/paused or the adapter changes, so memoised controls skip the page's renders.
  return useMemo(() => ({ time, playing, play, pause, seek, setRate }), [time, playing, play, pause, seek, setRate]);
}

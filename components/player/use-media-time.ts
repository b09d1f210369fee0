"use client";
/** Drives a player adapter: reads its time every animation frame and mirrors playing/paused into React. */
import { useCallback, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { PlayerAdapter } from "@/lib/player/adapter";

export type MediaControls = {
  timeMs: number;
  playing: boolean;
  play: () => void;
  pause: () => void;
  seek: (ms: number) => void;
  setRate: (rate: number) => void;
};

/** `onTime(previousMs, timeMs)` runs every frame the time moves, e.g. to trigger quizzes. */
export function useMediaTime(adapter: PlayerAdapter | null, onTime?: (previousMs: number, timeMs: number) => void): MediaControls {
  const [timeMs, setTimeMs] = useState(0);
  const [playing, setPlaying] = useState(false);
  const onTimeRef = useRef(onTime);
  useEffect(() => {
    onTimeRef.current = onTime;
  });

  useEffect(() => {
    if (!adapter) return;
    const unsubscribe = adapter.subscribe(() => setPlaying(adapter.isPlaying()));
    let previous = adapter.time();
    let frame = requestAnimationFrame(function tick() {
      const now = adapter.time();
      if (now !== previous) {
        // Render inside this frame: a plain update would commit in a later task and paint a frame late.
        flushSync(() => setTimeMs(now));
        onTimeRef.current?.(previous, now);
        previous = now;
      }
      frame = requestAnimationFrame(tick);
    });
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe();
    };
  }, [adapter]);

  const play = useCallback(() => adapter?.play(), [adapter]);
  const pause = useCallback(() => adapter?.pause(), [adapter]);
  const seek = useCallback((ms: number) => adapter?.seek(ms), [adapter]);
  const setRate = useCallback((rate: number) => adapter?.setRate(rate), [adapter]);
  return { timeMs, playing, play, pause, seek, setRate };
}

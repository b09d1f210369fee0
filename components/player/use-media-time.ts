"use client";
/**
 * The HTML5 adapter: plays a <video> element and reads its time every animation frame (through
 * the media clock, which also keeps time steady between the element's own coarse updates).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { MediaClock } from "@/lib/player/clock";

export type MediaControls = {
  timeMs: number;
  playing: boolean;
  play: () => Promise<void>;
  pause: () => void;
  seek: (ms: number) => void;
};

/** `onTime(previousMs, timeMs)` runs every frame the time moves, e.g. to trigger quizzes. */
export function useMediaTime(media: RefObject<HTMLVideoElement | null>, onTime?: (previousMs: number, timeMs: number) => void): MediaControls {
  const clock = useRef(new MediaClock());
  const onTimeRef = useRef(onTime);
  useEffect(() => {
    onTimeRef.current = onTime;
  });
  const [timeMs, setTimeMs] = useState(0);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const element = media.current;
    if (!element) return;
    const sync = () => clock.current.update({ mediaMs: element.currentTime * 1000, playing: !element.paused, rate: element.playbackRate });
    const onPlay = () => {
      sync();
      setPlaying(true);
    };
    const onPause = () => {
      sync();
      setPlaying(false);
    };
    const events = ["timeupdate", "seeked", "ratechange", "loadedmetadata"] as const;
    for (const name of events) element.addEventListener(name, sync);
    element.addEventListener("play", onPlay);
    element.addEventListener("pause", onPause);
    element.addEventListener("ended", onPause);
    let previous = element.currentTime * 1000;
    let frame = requestAnimationFrame(function tick() {
      // The element's currentTime is exact when read; the clock covers browsers that update it coarsely.
      const exact = element.currentTime * 1000;
      const estimate = clock.current.time();
      const now = Math.abs(estimate - exact) > 250 || element.paused ? exact : Math.max(exact, estimate);
      if (now !== previous) {
        setTimeMs(now);
        onTimeRef.current?.(previous, now);
        previous = now;
      }
      frame = requestAnimationFrame(tick);
    });
    return () => {
      cancelAnimationFrame(frame);
      for (const name of events) element.removeEventListener(name, sync);
      element.removeEventListener("play", onPlay);
      element.removeEventListener("pause", onPause);
      element.removeEventListener("ended", onPause);
    };
  }, [media]);

  const play = useCallback(async () => {
    await media.current?.play().catch((error: unknown) => console.warn("Playback did not start:", error));
  }, [media]);
  const pause = useCallback(() => media.current?.pause(), [media]);
  const seek = useCallback(
    (ms: number) => {
      if (media.current) media.current.currentTime = Math.max(0, ms / 1000);
    },
    [media],
  );
  return { timeMs, playing, play, pause, seek };
}

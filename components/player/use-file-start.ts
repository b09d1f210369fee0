"use client";
/**
 * How a video file starts: at the line a link names (`?t=`, as the saved words and the Anki
 * export link) once its length is known, and, with autoplay on, playing AUTOPLAY_DELAY_MS after
 * that. Read from the adapter, not from the <video>'s own events: the page's HTML carries the
 * element, so its metadata often arrives before React has hydrated it, and an event fired then
 * reaches no handler (the linked start was lost on most full loads). A YouTube embed seeks and
 * plays from its frame's load instead (youtube-frame.tsx): it may not know its length until it plays.
 */
import { useEffect } from "react";
import type { PlayerAdapter } from "@/lib/player/adapter";
import { AUTOPLAY_DELAY_MS, linkedStartMs } from "@/lib/player/start-time";

/** Calls `then` once the media's length is known (at once when it is already); returns a function that stops waiting. */
function whenReady(adapter: PlayerAdapter, then: () => void): () => void {
  if (adapter.duration() > 0) {
    then();
    return () => {};
  }
  const stop = adapter.subscribe(() => {
    if (adapter.duration() <= 0) return;
    stop();
    then();
  });
  return stop;
}

/** `file`: the adapter of the page's <video> (null for an embed, or before it is attached); `autoplay`: the learner's setting, undefined while it loads. */
export function useFileStart(file: PlayerAdapter | null, autoplay: boolean | undefined): void {
  useEffect(() => {
    const start = linkedStartMs(window.location.search);
    if (!file || !start) return;
    return whenReady(file, () => file.seek(start));
  }, [file]);

  useEffect(() => {
    if (!file || !autoplay) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = whenReady(file, () => (timer = setTimeout(() => file.play(), AUTOPLAY_DELAY_MS)));
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [file, autoplay]);
}

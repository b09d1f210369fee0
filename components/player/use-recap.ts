"use client";
/** When the end-of-video recap (quiz-recap.tsx) shows. */
import { useCallback, useState } from "react";
import { type MediaTimeStore, useMediaTimeValue } from "./use-media-time";

/**
 * Whether the recap shows: from when playback stops after the last line (the media ended, or the
 * learner stopped it in the last seconds) until it plays again or is closed. A stop for a quiz
 * is not one. Re-renders its caller only when the time crosses the last line's end.
 */
export function useRecap(time: MediaTimeStore, playing: boolean, quizOpen: boolean, lines: readonly { endTime: number }[]) {
  const lastEnd = lines.at(-1)?.endTime;
  const pastEnd = useMediaTimeValue(time, (ms) => lastEnd !== undefined && ms > lastEnd);
  const [open, setOpen] = useState(false);
  const [wasPlaying, setWasPlaying] = useState(playing);
  if (playing !== wasPlaying) {
    setWasPlaying(playing);
    setOpen(!playing && pastEnd && !quizOpen);
  }
  const close = useCallback(() => setOpen(false), []);
  return { open: open && !quizOpen, close };
}

"use client";
/**
 * The seek bar (`role="slider"` named "Seek"): click or drag to a moment (the media seeks when the
 * pointer is released, so a drag does not set off the quizzes it passes), arrows ±5 s, Home/End;
 * the loaded range shows behind the played one. The played part follows the time every frame by
 * setting two styles, with no render at all; the bar renders once a second (its value) or while
 * dragged, never the page.
 */
import { type PointerEvent, useLayoutEffect, useRef, useState } from "react";
import { formatMediaTime } from "@/lib/format";
import { seekKeyTarget, timeAtPointer } from "@/lib/player/seek";
import { type MediaTimeStore, useMediaTimeValue } from "./use-media-time";

const percent = (ms: number, durationMs: number) => `${durationMs > 0 ? Math.min(100, Math.max(0, (ms / durationMs) * 100)) : 0}%`;

export function SeekBar({
  time,
  durationMs,
  bufferedMs,
  onSeek,
}: {
  time: MediaTimeStore;
  durationMs: number;
  bufferedMs: number;
  onSeek: (ms: number) => void;
}) {
  const [dragMs, setDragMs] = useState<number | null>(null);
  const seconds = useMediaTimeValue(time, (ms) => Math.floor(ms / 1000));
  const valueMs = dragMs ?? seconds * 1000;
  const disabled = !(durationMs > 0);
  const playedRef = useRef<HTMLDivElement>(null);
  const thumbRef = useRef<HTMLDivElement>(null);
  // While not dragged, the played part and the thumb follow the media time.
  const dragging = dragMs !== null;
  useLayoutEffect(() => {
    if (dragging) return;
    const paint = () => {
      const at = percent(time.get(), durationMs);
      if (playedRef.current) playedRef.current.style.width = at;
      if (thumbRef.current) thumbRef.current.style.left = at;
    };
    paint();
    return time.subscribe(paint);
  }, [time, durationMs, dragging]);

  const at = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return timeAtPointer(event.clientX, box.left, box.width, durationMs);
  };

  return (
    <div
      role="slider"
      aria-label="Seek"
      aria-valuemin={0}
      aria-valuemax={Math.floor(durationMs / 1000)}
      aria-valuenow={Math.floor(valueMs / 1000)}
      aria-valuetext={`${formatMediaTime(valueMs)} of ${formatMediaTime(durationMs)}`}
      aria-disabled={disabled || undefined}
      tabIndex={disabled ? -1 : 0}
      data-testid="seek-bar"
      className="group relative flex h-6 w-full cursor-pointer touch-none items-center rounded-full outline-none focus-visible:ring-2 focus-visible:ring-white/80 aria-disabled:cursor-default"
      onPointerDown={(event) => {
        if (disabled || event.button !== 0) return;
        // A pointer leaves the keyboard focus where it was, so the page's shortcuts keep working.
        event.preventDefault();
        event.currentTarget.setPointerCapture(event.pointerId);
        setDragMs(at(event));
      }}
      onPointerMove={(event) => {
        if (dragMs !== null) setDragMs(at(event));
      }}
      onPointerUp={(event) => {
        if (dragMs === null) return;
        onSeek(at(event));
        setDragMs(null);
      }}
      onPointerCancel={() => setDragMs(null)}
      onKeyDown={(event) => {
        if (disabled || event.altKey || event.ctrlKey || event.metaKey) return;
        const target = seekKeyTarget(event.key, time.get(), durationMs);
        if (target === null) return;
        event.preventDefault();
        onSeek(target);
      }}
    >
      <div className="relative h-1 w-full overflow-hidden rounded-full bg-white/30 transition-[height] group-hover:h-1.5 group-focus-visible:h-1.5">
        <div className="absolute inset-y-0 left-0 bg-white/45" style={{ width: percent(bufferedMs, durationMs) }} data-testid="seek-buffered" />
        <div ref={playedRef} className="absolute inset-y-0 left-0 bg-amber-400" style={dragging ? { width: percent(dragMs, durationMs) } : undefined} data-testid="seek-played" />
      </div>
      <div
        ref={thumbRef}
        aria-hidden
        className="pointer-events-none absolute top-1/2 size-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-amber-400 shadow ring-2 ring-black/30"
        style={dragging ? { left: percent(dragMs, durationMs) } : undefined}
      />
      {dragMs !== null ? (
        <span
          aria-hidden
          className="pointer-events-none absolute bottom-full mb-1 -translate-x-1/2 rounded bg-black/85 px-1.5 py-0.5 text-xs text-white tabular-nums"
          style={{ left: percent(dragMs, durationMs) }}
        >
          {formatMediaTime(dragMs)}
        </span>
      ) : null}
    </div>
  );
}

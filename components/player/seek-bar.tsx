"use client";
/**
 * The seek bar (`role="slider"` named "Seek"): click or drag to a moment (the media seeks when the
 * pointer is released, so a drag does not set off the quizzes it passes), arrows ±5 s, Home/End;
 * the loaded range shows behind the played one. The played part and the thumb follow the time by
 * transforms, set directly (no render) and only when they would move by a device pixel: no layout
 * or repaint of the controls per frame. The bar renders once a second (its value) or while
 * dragged, never the page.
 */
import { useTranslations } from "@/lib/i18n/use-translations";
import { type PointerEvent, useLayoutEffect, useRef, useState } from "react";
import { formatMediaTime } from "@/lib/format";
import { seekKeyTarget, timeAtPointer } from "@/lib/player/seek";
import { type MediaTimeStore, useMediaTimeValue } from "./use-media-time";

/** The played part before the first paint sets its own transform (a constant: React never rewrites it). */
const NOTHING_PLAYED = { transform: "scaleX(0)" } as const;

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
  const t = useTranslations("player.controls");
  const [dragMs, setDragMs] = useState<number | null>(null);
  const seconds = useMediaTimeValue(time, (ms) => Math.floor(ms / 1000));
  const valueMs = dragMs ?? seconds * 1000;
  const disabled = !(durationMs > 0);
  const trackRef = useRef<HTMLDivElement>(null);
  const playedRef = useRef<HTMLDivElement>(null);
  const thumbRef = useRef<HTMLDivElement>(null);
  const dragRef = useRef<number | null>(null);
  const repaintRef = useRef<() => void>(() => {});
  // The played part and the thumb show the dragged moment, else the media time as it moves.
  useLayoutEffect(() => {
    const track = trackRef.current;
    const played = playedRef.current;
    const thumb = thumbRef.current;
    if (!track || !played || !thumb) return;
    // The track's width, as the resize observer reports it: reading it every frame would force a layout.
    let width = 0;
    let shownPx = NaN;
    const paint = () => {
      const ms = dragRef.current ?? time.get();
      const ratio = durationMs > 0 ? Math.min(1, Math.max(0, ms / durationMs)) : 0;
      const dpr = window.devicePixelRatio || 1;
      const px = Math.round(ratio * width * dpr) / dpr;
      if (px === shownPx) return;
      shownPx = px;
      played.style.transform = `scaleX(${width > 0 ? px / width : 0})`;
      thumb.style.transform = `translateX(${px}px)`;
    };
    const observer = new ResizeObserver(([entry]) => {
      width = entry?.contentRect.width ?? width;
      shownPx = NaN;
      paint();
    });
    observer.observe(track);
    paint();
    repaintRef.current = paint;
    const unsubscribe = time.subscribe(() => {
      if (dragRef.current === null) paint();
    });
    return () => {
      unsubscribe();
      observer.disconnect();
      repaintRef.current = () => {};
    };
  }, [time, durationMs]);
  useLayoutEffect(() => {
    dragRef.current = dragMs;
    repaintRef.current();
  }, [dragMs]);

  const at = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return timeAtPointer(event.clientX, box.left, box.width, durationMs);
  };

  return (
    <div
      role="slider"
      aria-label={t("seek")}
      aria-valuemin={0}
      aria-valuemax={Math.floor(durationMs / 1000)}
      aria-valuenow={Math.floor(valueMs / 1000)}
      aria-valuetext={t("seekValue", { time: formatMediaTime(valueMs), duration: formatMediaTime(durationMs) })}
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
      <div ref={trackRef} className="relative h-1 w-full overflow-hidden rounded-full bg-white/30 transition-[height] group-hover:h-1.5 group-focus-visible:h-1.5">
        <div className="absolute inset-y-0 left-0 bg-white/45" style={{ width: percent(bufferedMs, durationMs) }} data-testid="seek-buffered" />
        <div ref={playedRef} className="absolute inset-0 origin-left bg-amber-400 will-change-transform" style={NOTHING_PLAYED} data-testid="seek-played" />
      </div>
      <div
        ref={thumbRef}
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-0 size-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-amber-400 shadow ring-2 ring-black/30 will-change-transform"
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

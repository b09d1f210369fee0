"use client";
/** Every caption line of the video: click one to play from there; the current line stays in view. */
import { memo, useEffect, useMemo, useRef } from "react";
import type { CaptionSegment, SegmentTranslation } from "@/lib/types/api";
import { formatMediaTime } from "@/lib/format";
import { cn } from "@/lib/utils";

/** Memoised: it re-renders when the current line or the translations change, not as the time moves. */
export const TranscriptPanel = memo(function TranscriptPanel({
  lines,
  translations,
  currentId,
  onSeek,
}: {
  lines: CaptionSegment[];
  translations: SegmentTranslation[] | undefined;
  currentId: number | undefined;
  onSeek: (ms: number) => void;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const translated = useMemo(() => new Map(translations?.map((t) => [t.captionId, t.translatedText])), [translations]);
  useEffect(() => {
    if (currentId === undefined) return;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-caption-id="${currentId}"]`);
    // Scroll the panel only, never the page.
    const list = listRef.current;
    if (item && list) list.scrollTo({ top: item.offsetTop - list.clientHeight / 2 + item.clientHeight / 2, behavior: "smooth" });
  }, [currentId]);

  return (
    <section aria-labelledby="transcript-heading" className="rounded-2xl border bg-card shadow-sm">
      <h2 id="transcript-heading" className="border-b px-4 py-3 font-semibold">
        Transcript
      </h2>
      <ol ref={listRef} className="relative max-h-80 overflow-y-auto p-2" data-testid="transcript">
        {lines.map((line) => {
          const current = line.id === currentId;
          const translation = translated.get(line.id);
          return (
            <li key={line.id} data-caption-id={line.id}>
              <button
                type="button"
                onClick={() => onSeek(line.startTime)}
                aria-current={current ? "true" : undefined}
                className={cn(
                  "flex w-full gap-3 rounded-lg px-3 py-2 text-left transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                  current && "bg-primary/10",
                )}
              >
                <span className="mt-0.5 shrink-0 text-xs text-muted-foreground tabular-nums">{formatMediaTime(line.startTime)}</span>
                <span className="min-w-0">
                  <span className={cn("block", current && "font-semibold")}>{line.text || "No text available"}</span>
                  {translation ? <span className="block text-sm text-muted-foreground">{translation}</span> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
});

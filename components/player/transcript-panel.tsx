"use client";
/**
 * Every caption line of the video: click one to play from there; the current line stays in view.
 * Each analysed word is marked by the learner's status of its lemma and opens the word popover on
 * a click or tap (the line's own button plays it; keyboard users reach the words in the captions);
 * a line with exactly one unknown word (i+1) is flagged.
 */
import { memo, useEffect, useMemo, useRef } from "react";
import type { CaptionSegment, LineWordDto, SegmentTranslation } from "@/lib/types/api";
import { formatMediaTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { lineParts, showsStatus, type LineTokens } from "@/lib/words/line-tokens";
import { TRANSCRIPT_STATUS_STYLES } from "@/components/words/status-styles";

type WordHandler = (word: LineWordDto, element: HTMLElement, line: CaptionSegment) => void;

/** Memoised: it re-renders when the current line, the translations or the words change, not as the time moves. */
export const TranscriptPanel = memo(function TranscriptPanel({
  lines,
  translations,
  currentId,
  onSeek,
  language,
  tokens,
  showStatus = true,
  onWord,
}: {
  lines: CaptionSegment[];
  translations: SegmentTranslation[] | undefined;
  currentId: number | undefined;
  onSeek: (ms: number) => void;
  language?: string;
  /** Each line's analysed words, by caption id. */
  tokens?: ReadonlyMap<number, LineTokens>;
  showStatus?: boolean;
  onWord?: WordHandler;
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
          const words = tokens?.get(line.id);
          const iPlusOne = words?.unknownWords === 1;
          return (
            <li key={line.id} data-caption-id={line.id} data-i-plus-one={iPlusOne || undefined}>
              <button
                type="button"
                onClick={() => onSeek(line.startTime)}
                aria-current={current ? "true" : undefined}
                className={cn(
                  "flex w-full gap-3 rounded-lg px-3 py-2 text-left transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                  current && "bg-primary/10",
                )}
              >
                <span className="mt-0.5 flex shrink-0 flex-col items-start gap-1">
                  <span className="text-xs text-muted-foreground tabular-nums">{formatMediaTime(line.startTime)}</span>
                  {iPlusOne ? (
                    <span className="rounded border border-current px-1 text-[0.625rem] leading-4 font-semibold text-sky-700 dark:text-sky-300" data-testid="i-plus-one">
                      <span aria-hidden>i+1</span>
                      <span className="sr-only">One new word in this line</span>
                    </span>
                  ) : null}
                </span>
                <span className="min-w-0">
                  <span className={cn("block", current && "font-semibold")} lang={language}>
                    {line.text ? <LineText line={line} words={words?.words} showStatus={showStatus} onWord={onWord} /> : "No text available"}
                  </span>
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

/**
 * The line as written, its words marked: a click on one opens its popover instead of playing the
 * line. Memoised: when the current line moves, or one word's status changes, only the lines whose
 * words changed render again (a status change gives new word lists to those lines only).
 */
const LineText = memo(function LineText({ line, words, showStatus, onWord }: { line: CaptionSegment; words: LineWordDto[] | undefined; showStatus: boolean; onWord?: WordHandler }) {
  if (!words?.length) return line.text;
  return lineParts(line.text, words).map((part, i) =>
    typeof part === "string" ? (
      part
    ) : (
      <span
        key={i}
        data-word-status={part.status}
        data-lemma={part.lemma}
        className={cn("cursor-pointer hover:bg-accent-foreground/10", showStatus && showsStatus(part) && TRANSCRIPT_STATUS_STYLES[part.status])}
        onClick={
          onWord
            ? (event) => {
                event.stopPropagation();
                onWord(part, event.currentTarget, line);
              }
            : undefined
        }
      >
        {line.text.slice(part.start, part.end)}
      </span>
    ),
  );
});

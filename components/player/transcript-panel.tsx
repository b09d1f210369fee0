"use client";
/**
 * Every caption line of the video: its time is a button that plays from there (a click elsewhere
 * on the line does the same); the current line stays in view. Each analysed word is a button
 * marked by the learner's status of its lemma that opens the word popover: Tab reaches a line's
 * words once, ← and → (Home, End) move between them. A line with exactly one unknown word (i+1)
 * is flagged.
 */
import { useTranslations } from "@/lib/i18n/use-translations";
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
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
  const t = useTranslations("player");
  const listRef = useRef<HTMLOListElement>(null);
  const translated = useMemo(() => new Map(translations?.map((row) => [row.captionId, row.translatedText])), [translations]);
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
        {t("transcript.title")}
      </h2>
      <ol ref={listRef} className="relative max-h-80 overflow-y-auto p-2" data-testid="transcript">
        {lines.map((line) => {
          const current = line.id === currentId;
          const translation = translated.get(line.id);
          const words = tokens?.get(line.id);
          const iPlusOne = words?.unknownWords === 1;
          return (
            <li key={line.id} data-caption-id={line.id} data-i-plus-one={iPlusOne || undefined}>
              {/* A click anywhere on the line plays it; the keyboard's way is its time button, whose click reaches this handler. */}
              <div
                onClick={() => onSeek(line.startTime)}
                className={cn("flex w-full cursor-pointer gap-3 rounded-lg px-3 py-2 text-left transition-colors hover:bg-accent", current && "bg-primary/10")}
              >
                <span className="mt-0.5 flex shrink-0 flex-col items-start gap-1">
                  <button
                    type="button"
                    aria-current={current ? "true" : undefined}
                    aria-label={t("transcript.playLine", { time: formatMediaTime(line.startTime) })}
                    className="-mx-1 rounded px-1 text-xs text-muted-foreground tabular-nums hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {formatMediaTime(line.startTime)}
                  </button>
                  {iPlusOne ? (
                    <span className="rounded border border-current px-1 text-[0.625rem] leading-4 font-semibold text-sky-700 dark:text-sky-300" data-testid="i-plus-one">
                      <span aria-hidden>i+1</span>
                      <span className="sr-only">{t("transcript.iPlusOne")}</span>
                    </span>
                  ) : null}
                </span>
                <span className="min-w-0">
                  <span className={cn("block", current && "font-semibold")} lang={language}>
                    {line.text ? <LineText line={line} words={words?.words} showStatus={showStatus} onWord={onWord} /> : t("noText")}
                  </span>
                  {translation ? <span className="block text-sm text-muted-foreground">{translation}</span> : null}
                </span>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
});

/** Where ← → Home End move focus among a line's words, from `index` of `count`; undefined for other keys. */
function nextWord(key: string, index: number, count: number): number | undefined {
  if (key === "ArrowRight") return Math.min(index + 1, count - 1);
  if (key === "ArrowLeft") return Math.max(index - 1, 0);
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return undefined;
}

/**
 * The line as written, its words buttons: a click on one opens its popover instead of playing the
 * line. One of them is the line's Tab stop (the last one focused), the arrows move among them.
 * Memoised: when the current line moves, or one word's status changes, only the lines whose words
 * changed render again (a status change gives new word lists to those lines only).
 */
const LineText = memo(function LineText({ line, words, showStatus, onWord }: { line: CaptionSegment; words: LineWordDto[] | undefined; showStatus: boolean; onWord?: WordHandler }) {
  const [stop, setStop] = useState(0);
  if (!words?.length) return line.text;
  const parts = lineParts(line.text, words);
  const count = parts.filter((part) => typeof part !== "string").length;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = nextWord(event.key, index, count);
    if (next === undefined) return;
    event.preventDefault();
    // Its focus makes it the line's Tab stop (onFocus).
    event.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>("button[data-lemma]")[next]?.focus();
  };
  let index = -1;
  return parts.map((part, i) => {
    if (typeof part === "string") return part;
    const wordIndex = ++index;
    const marks = cn(showStatus && showsStatus(part) && TRANSCRIPT_STATUS_STYLES[part.status]);
    if (!onWord)
      return (
        <span key={i} data-word-status={part.status} data-lemma={part.lemma} className={marks}>
          {line.text.slice(part.start, part.end)}
        </span>
      );
    return (
      <button
        type="button"
        key={i}
        tabIndex={wordIndex === Math.min(stop, count - 1) ? 0 : -1}
        data-word-status={part.status}
        data-lemma={part.lemma}
        className={cn("cursor-pointer rounded-sm hover:bg-accent-foreground/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none", marks)}
        onFocus={() => setStop(wordIndex)}
        onKeyDown={(event) => onKeyDown(event, wordIndex)}
        onClick={(event) => {
          event.stopPropagation();
          onWord(part, event.currentTarget, line);
        }}
      >
        {line.text.slice(part.start, part.end)}
      </button>
    );
  });
});

"use client";
/**
 * The active caption over the video: words light up as they are spoken; the translation below.
 * With "Show Definitions" on, a lit vocabulary word carries its meaning in the learner's language
 * under it (hidden while its quiz asks for that meaning).
 */
import { useMemo } from "react";
import type { CaptionSegment, WordTimingRow } from "@/lib/types/api";
import { wordState, type WordState } from "@/lib/player/timing";
import { writtenWithoutSpaces } from "@/lib/text/language";
import { cn } from "@/lib/utils";
import { type MediaTimeStore, useMediaTimeValue } from "./use-media-time";

const WORD_STYLES: Record<WordState, string> = {
  upcoming: "text-white/75",
  speaking: "text-amber-300 scale-105",
  spoken: "text-white",
  highlighted: "rounded bg-amber-400/90 px-1 text-black",
};

export type CaptionWord = WordTimingRow & { vocabulary: boolean; definition?: string };

type OverlayProps = {
  caption: CaptionSegment | undefined;
  /** The video's language: the caption's `lang`, and whether its words are spaced. */
  language: string | undefined;
  words: CaptionWord[];
  translation: string | null | undefined;
  showTranslation: boolean;
  quizShowing: boolean;
};

const statesAt = (words: readonly CaptionWord[], timeMs: number, quizShowing: boolean) =>
  words.map((word) => wordState(word, timeMs, { vocabulary: word.vocabulary, quizShowing }));

/** The overlay at `timeMs`. */
export function CaptionOverlay({ timeMs, ...props }: OverlayProps & { timeMs: number }) {
  return <CaptionView {...props} states={statesAt(props.words, timeMs, props.quizShowing)} />;
}

/**
 * The overlay following the playing media: it reads the time every frame but re-renders only
 * when a word changes state, a few times a second.
 */
export function LiveCaptionOverlay({ time, ...props }: OverlayProps & { time: MediaTimeStore }) {
  const { words, quizShowing } = props;
  const key = useMediaTimeValue(time, (ms) => statesAt(words, ms, quizShowing).join(" "));
  const states = useMemo(() => (key ? (key.split(" ") as WordState[]) : []), [key]);
  return <CaptionView {...props} states={states} />;
}

function CaptionView({ caption, language, words, translation, showTranslation, quizShowing, states }: OverlayProps & { states: readonly WordState[] }) {
  if (!caption) return null;
  const gap = language && writtenWithoutSpaces(language) ? "" : " ";
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-12 flex flex-col items-center gap-1 px-2 text-center sm:bottom-16 sm:gap-1.5 sm:px-3" data-testid="captions">
      <p className="max-w-3xl rounded-xl bg-black/70 px-2.5 py-1.5 text-base leading-snug font-semibold text-white sm:px-3 sm:py-2 sm:text-2xl sm:leading-relaxed" lang={language ?? ""} aria-live="off">
        {words.length === 0 ? (
          caption.text || "No text available"
        ) : (
          words.map((word, index) => {
            const state = states[index]!;
            // Pieces of one highlighted word run together (Japanese): one mark, not one per piece.
            const joinsPrevious = !gap && state === "highlighted" && states[index - 1] === "highlighted";
            const joinsNext = !gap && state === "highlighted" && states[index + 1] === "highlighted";
            const spoken = (
              <span
                data-word-state={state}
                data-start-ms={word.start}
                data-vocabulary={word.vocabulary || undefined}
                className={cn(
                  "inline-block transition-colors duration-75",
                  WORD_STYLES[state],
                  joinsPrevious && "rounded-l-none pl-0",
                  joinsNext && "rounded-r-none pr-0",
                )}
              >
                {word.word}
              </span>
            );
            const definition = state === "highlighted" && !quizShowing ? word.definition : undefined;
            return (
              <span key={`${word.start}-${index}`}>
                {definition ? (
                  <span className="inline-flex flex-col items-center">
                    {spoken}
                    <span className="max-w-40 text-[0.6875rem] leading-tight font-medium text-amber-200 sm:text-sm" lang="" data-testid="word-definition">
                      {definition}
                    </span>
                  </span>
                ) : (
                  spoken
                )}
                {gap}
              </span>
            );
          })
        )}
      </p>
      {showTranslation ? (
        <p className="max-w-3xl rounded-lg bg-black/60 px-2.5 py-0.5 text-xs text-white/90 sm:px-3 sm:py-1 sm:text-base" data-testid="caption-translation">
          {translation || "No translation available"}
        </p>
      ) : null}
    </div>
  );
}

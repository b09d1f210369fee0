"use client";
/**
 * The active caption over the video: words light up as they are spoken; the translation below.
 * Sized by the player's width (a container query on the player frame): on a phone-sized player
 * the type is smaller and the translation folds under a tap, so the caption covers at most about
 * a third of the picture; the control row sits below such a player, never under the caption.
 * With "Show Definitions" on, a lit vocabulary word carries its meaning in the learner's language
 * under it (hidden while its quiz asks for that meaning).
 * Each analysed word is a button that opens the word popover, marked by the learner's status of
 * its lemma (`data-word-status`, `data-lemma`).
 */
import { ChevronDown } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useId, useMemo, useState } from "react";
import type { CaptionSegment, LineWordDto, WordTimingRow } from "@/lib/types/api";
import { wordState, type WordState } from "@/lib/player/timing";
import { writtenWithoutSpaces } from "@/lib/text/language";
import { cn } from "@/lib/utils";
import { showsStatus } from "@/lib/words/line-tokens";
import { CAPTION_STATUS_STYLES } from "@/components/words/status-styles";
import { type MediaTimeStore, useMediaTimeValue } from "./use-media-time";

const WORD_STYLES: Record<WordState, string> = {
  upcoming: "text-white/75",
  speaking: "text-amber-300 scale-105",
  spoken: "text-white",
  highlighted: "rounded bg-amber-400/90 px-1 text-black",
};

/** A timed word of the line; `token` is the analysed word it is part of (lemma, status), when there is one. */
export type CaptionWord = WordTimingRow & { vocabulary: boolean; definition?: string; token?: LineWordDto };

type OverlayProps = {
  caption: CaptionSegment | undefined;
  /** The video's language: the caption's `lang`, and whether its words are spaced. */
  language: string | undefined;
  words: CaptionWord[];
  translation: string | null | undefined;
  showTranslation: boolean;
  quizShowing: boolean;
  /** Opens the word popover on a tapped word. */
  onWord?: (word: LineWordDto, element: HTMLElement) => void;
  /** Whether words are marked by their status (a learner setting). */
  showStatus?: boolean;
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

function CaptionView({ caption, language, words, translation, showTranslation, quizShowing, onWord, showStatus = true, states }: OverlayProps & { states: readonly WordState[] }) {
  // Narrow players only: whether the learner unfolded the translation (it stays so for later lines).
  // Switching translations on asks to read them: that unfolds it too.
  const [unfolded, setUnfolded] = useState(false);
  const [translationWasOn, setTranslationWasOn] = useState(showTranslation);
  if (showTranslation !== translationWasOn) {
    setTranslationWasOn(showTranslation);
    if (showTranslation) setUnfolded(true);
  }
  const translationId = useId();
  const t = useTranslations("player");
  if (!caption) return null;
  const gap = language && writtenWithoutSpaces(language) ? "" : " ";
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-1.5 flex flex-col items-center gap-1 px-2 text-center @xl:bottom-20 @xl:gap-1.5 @xl:px-3" data-testid="captions">
      {/* On a narrow player the translation's fold sits beside the line, not in a row of its own under it. */}
      <div className="flex max-w-full items-end justify-center gap-1">
        <p
          className="max-w-3xl min-w-0 rounded-lg bg-black/70 px-2 py-0.5 text-[0.8125rem] leading-snug font-semibold text-white @md:py-1 @md:text-base @xl:rounded-xl @xl:px-3 @xl:py-1.5 @xl:text-xl @4xl:py-2 @4xl:text-2xl @4xl:leading-relaxed"
          lang={language ?? ""}
          aria-live="off"
        >
          {words.length === 0 ? (
            caption.text || t("noText")
          ) : (
            words.map((word, index) => {
              const state = states[index]!;
              // Pieces of one highlighted word run together (Japanese): one mark, not one per piece.
              const joinsPrevious = !gap && state === "highlighted" && states[index - 1] === "highlighted";
              const joinsNext = !gap && state === "highlighted" && states[index + 1] === "highlighted";
              const token = word.token;
              const className = cn(
                "inline-block transition-colors duration-75",
                WORD_STYLES[state],
                token && showStatus && state !== "highlighted" && showsStatus(token) && CAPTION_STATUS_STYLES[token.status],
                joinsPrevious && "rounded-l-none pl-0",
                joinsNext && "rounded-r-none pr-0",
              );
              // The same marks on a word whether it opens the popover (a button) or not (a span).
              const wordData = {
                "data-word-state": state,
                "data-start-ms": word.start,
                "data-vocabulary": word.vocabulary || undefined,
                "data-word-status": token?.status,
                "data-lemma": token?.lemma,
              };
              const spoken =
                token && onWord ? (
                  <button
                    type="button"
                    {...wordData}
                    // The small caption of a phone-sized player still gives a finger 24 px: the tap area reaches
                    // past the word's box, unseen (::after), without moving the line.
                    className={cn(
                      className,
                      "pointer-events-auto relative cursor-pointer rounded-sm after:absolute after:-inset-x-0.5 after:-inset-y-1 after:content-[''] focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none",
                    )}
                    onClick={(event) => onWord(token, event.currentTarget)}
                  >
                    {word.word}
                  </button>
                ) : (
                  <span {...wordData} className={className}>
                    {word.word}
                  </span>
                );
              const definition = state === "highlighted" && !quizShowing ? word.definition : undefined;
              return (
                <span key={`${word.start}-${index}`}>
                  {definition ? (
                    <span className="inline-flex flex-col items-center">
                      {spoken}
                      <span className="-mt-0.5 mb-0.5 max-w-40 text-[0.625rem] leading-none font-medium text-amber-200 @md:text-[0.6875rem] @xl:mt-0 @xl:mb-0 @xl:text-sm @xl:leading-tight" lang="" data-testid="word-definition">
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
          <button
            type="button"
            className={cn(
              "pointer-events-auto inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-black/70 text-white/90 @xl:hidden",
              unfolded && "bg-white text-black",
            )}
            aria-expanded={unfolded}
            aria-controls={translationId}
            title={unfolded ? t("caption.hideTranslation") : t("caption.showTranslation")}
            onClick={() => setUnfolded((v) => !v)}
            data-testid="caption-translation-fold"
          >
            {/* Not the control row's translation icon: this one unfolds the line's translation below it. */}
            <ChevronDown className={cn("size-4 transition-transform", unfolded && "rotate-180")} aria-hidden />
            <span className="sr-only">{t("caption.translation")}</span>
          </button>
        ) : null}
      </div>
      {showTranslation ? (
        <p
          id={translationId}
          className={cn("max-w-3xl rounded-lg bg-black/60 px-2 py-0.5 text-[0.6875rem] leading-snug text-white/90 @md:text-xs @xl:block @xl:px-3 @xl:py-1 @xl:text-base", !unfolded && "hidden")}
          data-testid="caption-translation"
        >
          {translation || t("noTranslation")}
        </p>
      ) : null}
    </div>
  );
}

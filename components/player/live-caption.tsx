"use client";
/**
 * The caption over the video as the media plays: which line shows, its timed words with their
 * vocabulary marks, meanings and analysed words, and its translation. It follows the time and
 * the video's words itself, so a new line or an arriving answer re-renders the caption, not the
 * player around it.
 */
import { memo, useCallback, useMemo } from "react";
import { useSegmentTranslations, useVocabulary, useWordMeanings, useWordTimings } from "@/lib/data/use-video-content";
import { activeCaption, captionForWord, vocabularyTimingWords } from "@/lib/player/timing";
import type { CaptionSegment, LineWordDto } from "@/lib/types/api";
import { tokensForTimedWords } from "@/lib/words/line-tokens";
import { LiveCaptionOverlay, type CaptionWord } from "./caption-overlay";
import { useLineTokens } from "./use-line-tokens";
import { type MediaTimeStore, useMediaTimeValue } from "./use-media-time";

type Props = {
  videoId: number;
  time: MediaTimeStore;
  lines: CaptionSegment[];
  /** The video's language. */
  language: string | undefined;
  nativeLanguage: string;
  /** Signed in: the words are analysed for the learner and open the popover (`onWord`). */
  signedIn: boolean;
  showDefinitions: boolean;
  showStatus: boolean;
  showTranslation: boolean;
  quizShowing: boolean;
  onWord: (word: LineWordDto, element: HTMLElement, captionId: number | undefined) => void;
};

export const LiveCaption = memo(function LiveCaption({ videoId, time, lines, language, nativeLanguage, signedIn, showDefinitions, showStatus, showTranslation, quizShowing, onWord }: Props) {
  const current = useMediaTimeValue(time, (ms) => activeCaption(lines, ms));
  const timings = useWordTimings(videoId).data;
  const vocabulary = useVocabulary(videoId).data;
  const translations = useSegmentTranslations(videoId, nativeLanguage).data;
  const meanings = useWordMeanings(vocabulary, nativeLanguage);
  const byCaption = useLineTokens(videoId, lines, signedIn);

  const words = useMemo<CaptionWord[]>(() => {
    if (!current) return [];
    const vocab = (vocabulary ?? []).filter((w) => w.captionId === current.id || w.captionId === null);
    const said = (timings ?? []).filter((timing) => (timing.captionId ?? captionForWord(lines, timing.start)?.id) === current.id);
    const lit = vocabularyTimingWords(vocab, said, language ?? "");
    const analysed = tokensForTimedWords(current.text, said, byCaption.get(current.id)?.words ?? []);
    return said.map((timing, i) => {
      const hit = lit.get(i);
      const definition = showDefinitions && hit?.first ? meanings.get(hit.vocabulary.id) : undefined;
      return { ...timing, vocabulary: !!hit, definition, token: analysed[i] };
    });
  }, [current, timings, vocabulary, lines, language, meanings, showDefinitions, byCaption]);
  const translation = current ? translations?.find((row) => row.captionId === current.id)?.translatedText : undefined;
  const currentId = current?.id;
  const openWord = useCallback((word: LineWordDto, element: HTMLElement) => onWord(word, element, currentId), [onWord, currentId]);

  return (
    <LiveCaptionOverlay
      time={time}
      caption={current}
      language={language}
      words={words}
      translation={translation}
      showTranslation={showTranslation}
      quizShowing={quizShowing}
      onWord={signedIn ? openWord : undefined}
      showStatus={showStatus}
    />
  );
});

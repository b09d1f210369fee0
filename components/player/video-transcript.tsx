"use client";
/**
 * The player's transcript (transcript-panel.tsx) and its words panel, each following what it
 * shows itself: the current line, the translations and the learner's words. The player around
 * them re-renders neither when the line changes nor when the words arrive.
 */
import { type ComponentProps, memo, useCallback } from "react";
import { VideoWordsPanel } from "@/components/words/video-words-panel";
import { useSegmentTranslations, useVocabulary } from "@/lib/data/use-video-content";
import { activeCaption } from "@/lib/player/timing";
import type { CaptionSegment, LineWordDto } from "@/lib/types/api";
import { TranscriptPanel } from "./transcript-panel";
import { useLearnerWords, useLineTokens } from "./use-line-tokens";
import { type MediaTimeStore, useMediaTimeValue } from "./use-media-time";

/** Opens the word popover on a tapped word of the caption `captionId`. */
type WordHandler = (word: LineWordDto, element: HTMLElement, captionId: number) => void;

export const VideoTranscript = memo(function VideoTranscript(props: {
  videoId: number;
  time: MediaTimeStore;
  lines: CaptionSegment[];
  language: string | undefined;
  nativeLanguage: string;
  showTranslation: boolean;
  showStatus: boolean;
  /** Signed in: the words are analysed for the learner and open the popover. */
  signedIn: boolean;
  onSeek: (ms: number) => void;
  onWord: WordHandler;
}) {
  const { videoId, time, lines, language, nativeLanguage, showTranslation, showStatus, signedIn, onSeek, onWord } = props;
  const currentId = useMediaTimeValue(time, (ms) => activeCaption(lines, ms)?.id);
  const translations = useSegmentTranslations(videoId, nativeLanguage).data;
  const byCaption = useLineTokens(videoId, lines, signedIn);
  const openWord = useCallback((word: LineWordDto, element: HTMLElement, line: CaptionSegment) => onWord(word, element, line.id), [onWord]);
  return (
    <TranscriptPanel
      lines={lines}
      translations={showTranslation ? translations : undefined}
      currentId={currentId}
      onSeek={onSeek}
      language={language}
      tokens={byCaption}
      showStatus={showStatus}
      onWord={signedIn ? openWord : undefined}
    />
  );
});

/** The words panel, once the learner's words of the video are in (wrapped for the page's grid). */
export const VideoWords = memo(function VideoWords({ videoId, onWord }: { videoId: number; onWord: ComponentProps<typeof VideoWordsPanel>["onWord"] }) {
  const vocabulary = useVocabulary(videoId).data;
  const tokens = useLearnerWords(videoId, true);
  if (!tokens) return null;
  return (
    <div className="min-w-0 px-4 sm:px-0 lg:col-start-1 lg:row-start-2">
      <VideoWordsPanel tokens={tokens} vocabulary={vocabulary} onWord={onWord} />
    </div>
  );
});

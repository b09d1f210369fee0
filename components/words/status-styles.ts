/**
 * How a word's status shows in the captions, the transcript and the status pills. Not by colour
 * alone (learners with colour blindness tell them apart): new words have a dotted underline, learning words a
 * solid one on a tinted background, known words are plain, ignored ones plain and a little dimmer.
 * The vocabulary word lit in time with speech keeps its own amber mark over these.
 */
import type { WordStatus } from "@/lib/words/line-tokens";

/** On the caption's dark band (light and dark mode alike). */
export const CAPTION_STATUS_STYLES: Record<WordStatus, string> = {
  new: "underline decoration-sky-300 decoration-dotted decoration-2 underline-offset-4",
  learning: "rounded-sm bg-sky-400/25 underline decoration-sky-300 decoration-solid decoration-2 underline-offset-4",
  known: "",
  ignored: "opacity-80",
};

/** On the page's background, light and dark. */
export const TRANSCRIPT_STATUS_STYLES: Record<WordStatus, string> = {
  new: "underline decoration-sky-600 decoration-dotted decoration-2 underline-offset-4 dark:decoration-sky-400",
  learning: "rounded-sm bg-sky-500/15 underline decoration-sky-600 decoration-solid decoration-2 underline-offset-4 dark:bg-sky-400/20 dark:decoration-sky-400",
  known: "",
  ignored: "text-muted-foreground",
};

/** A word's status as a pill (the video's words panel, the word popover): its border and tint. */
export const STATUS_BADGE_STYLES: Record<WordStatus, string> = {
  new: "border-dashed",
  learning: "border-sky-600 bg-sky-500/10 dark:border-sky-400",
  known: "",
  ignored: "text-muted-foreground",
};

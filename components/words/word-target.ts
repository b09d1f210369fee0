/** What the word popover opens on: a word of a line (or of the video's word list), and where it sits on screen. */
import type { LineWordDto } from "@/lib/types/api";

export type WordTarget = {
  surface: string;
  lemma: string;
  partOfSpeech: LineWordDto["partOfSpeech"];
  /** The video's language. */
  language: string;
  /** The line the word was tapped in: its meaning there, and its translation. */
  captionId?: number;
  translation?: string | null;
  /** The tapped word: the popover points at it, and focus returns to it on close. */
  element: HTMLElement;
};

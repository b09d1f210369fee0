/** A video as the directory and the cards receive it (VideoCard), for component and list tests: a processed Spanish video unless told otherwise. */
import type { VideoCard } from "@/lib/types/api";

export const videoCard = (extra: Partial<VideoCard> = {}): VideoCard => ({
  id: 7,
  youtubeId: null,
  title: `Video ${extra.id ?? 7}`,
  description: null,
  thumbnail: null,
  categoryId: null,
  categoryName: "General",
  categoryIds: [],
  categoryNames: [],
  targetLanguage: "es",
  status: "processed",
  processingProgress: 100,
  errorReason: null,
  waitingForJob: false,
  duration: null,
  captionsSource: null,
  progress: 0,
  wordsLearned: 0,
  totalWords: 0,
  wordCount: 0,
  mediaUrl: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});

/**
 * The Content Directory's list logic, kept pure: optimistic rows for adds and retries still in
 * flight (SPEC §4), and which videos finished or failed between two polls.
 */
import type { VideoCard } from "@/lib/types/api";
import { youtubeThumbnail } from "@/lib/format";
import { isFailed } from "./video-status";

/** A video being added, as the directory shows it until the server answers. */
export type PendingVideo = Pick<
  VideoCard,
  "youtubeId" | "title" | "thumbnail" | "categoryId" | "categoryIds" | "targetLanguage" | "status" | "processingProgress" | "wordCount"
> & { key: string; categoryNames: string[] };

let sequence = 0;

/** The optimistic row of a new video: processing, 0 %, no words yet (SPEC §4). */
export function pendingVideo(input: {
  youtubeId: string | null;
  /** The chosen video or audio file's name, which names a video added without a link or title. */
  fileName?: string;
  title: string;
  categoryId: number | null;
  categoryIds: number[];
  targetLanguage: string;
  categoryName: (id: number) => string | undefined;
  /** How an untitled video is named until the server names it, in the reader's language (English by default). */
  untitled?: { youtube: (youtubeId: string) => string; file: string };
}): PendingVideo {
  const untitled = input.untitled ?? ENGLISH_UNTITLED;
  const ids = [...new Set([...(input.categoryId ? [input.categoryId] : []), ...input.categoryIds])];
  return {
    key: `pending-${++sequence}`,
    youtubeId: input.youtubeId,
    // The server fetches the real title when none is given; until then the link's id (or the file) names it.
    title: input.title.trim() || (input.youtubeId ? untitled.youtube(input.youtubeId) : fileTitle(input.fileName, untitled.file)),
    thumbnail: input.youtubeId ? youtubeThumbnail(input.youtubeId, "medium") : null,
    categoryId: ids[0] ?? null,
    categoryIds: ids,
    categoryNames: ids.map(input.categoryName).filter((name): name is string => !!name),
    targetLanguage: input.targetLanguage,
    status: "processing",
    processingProgress: 0,
    wordCount: 0,
  };
}

const ENGLISH_UNTITLED = { youtube: (youtubeId: string) => `YouTube video ${youtubeId}`, file: "New video" };

const fileTitle = (name: string | undefined, untitled: string) => name?.replace(/\.[A-Za-z0-9]{1,5}$/, "").trim() || untitled;

/** Videos whose retry is in flight show as processing at 0 % until the server answers. */
export function withPendingRetries(videos: VideoCard[], retrying: ReadonlySet<number>): VideoCard[] {
  if (retrying.size === 0) return videos;
  return videos.map((v) => (retrying.has(v.id) ? { ...v, status: "processing", processingProgress: 0, errorReason: null } : v));
}

/** The list with one video put in (replacing an older copy of it), newest first as the server sorts. */
export function upsertVideo(videos: VideoCard[] | undefined, video: VideoCard): VideoCard[] {
  const list = videos ?? [];
  return list.some((v) => v.id === video.id) ? list.map((v) => (v.id === video.id ? video : v)) : [video, ...list];
}

export type ProcessingOutcome = { video: VideoCard; outcome: "processed" | "failed" };

/** Videos that were processing in `before` and have since finished or failed in `after`. */
export function processingOutcomes(before: readonly VideoCard[] | undefined, after: readonly VideoCard[] | undefined): ProcessingOutcome[] {
  if (!before || !after) return [];
  const wasProcessing = new Set(before.filter((v) => v.status === "processing").map((v) => v.id));
  const outcomes: ProcessingOutcome[] = [];
  for (const video of after) {
    if (!wasProcessing.has(video.id) || video.status === "processing") continue;
    if (isFailed(video.status)) outcomes.push({ video, outcome: "failed" });
    else if (video.processingProgress >= 100) outcomes.push({ video, outcome: "processed" });
  }
  return outcomes;
}

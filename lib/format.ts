/** Small display helpers shared by screens. */

/** 75_000 → "1:15"; 3_725_000 → "1:02:05". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return "0:00";
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/**
 * A moment in the media, as the player's clock shows it: whole seconds elapsed, never rounded up,
 * so a line listed at 0:25 is the line playing while the clock reads 0:25.
 */
export function formatMediaTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return "0:00";
  return formatDuration(Math.floor(ms / 1000) * 1000);
}

const THUMBNAIL_SIZES = { default: "default", medium: "mqdefault", high: "hqdefault", standard: "sddefault", maxres: "maxresdefault" } as const;
export type ThumbnailSize = keyof typeof THUMBNAIL_SIZES;

/** YouTube thumbnail address for a video id (SPEC §7 "Video player messaging"). */
export function youtubeThumbnail(youtubeId: string, size: ThumbnailSize = "high"): string {
  return `https://i.ytimg.com/vi/${youtubeId}/${THUMBNAIL_SIZES[size]}.jpg`;
}

export function videoThumbnail(video: { thumbnail: string | null; youtubeId: string | null }): string | null {
  return video.thumbnail ?? (video.youtubeId ? youtubeThumbnail(video.youtubeId) : null);
}


/**
 * A video's mediaPath is either the key of an upload in storage or a bundled demo file
 * ("/demo/<file>", see lib/storage/demo-media). Both are served by /api/videos/{id}/media, to
 * those who may see the video. An uploaded video's thumbnail (thumbnailPath, stored beside it),
 * or the poster an uploaded audio file without a YouTube link gets, is served by
 * /api/videos/{id}/thumbnail the same way.
 */
import { videoThumbnail } from "@/lib/format";

/** Whether a mediaPath names a stored upload rather than a bundled demo file. */
export const isStorageKey = (mediaPath: string | null | undefined): mediaPath is string =>
  typeof mediaPath === "string" && mediaPath !== "" && !mediaPath.startsWith("/");

/** Where the player finds a video's media: its media route, or nowhere. */
export function mediaUrlOf(video: { id: number; mediaPath: string | null }): string | null {
  return video.mediaPath ? `/api/videos/${video.id}/media` : null;
}

export const thumbnailRouteOf = (id: number) => `/api/videos/${id}/thumbnail`;

/**
 * The picture cards show: a thumbnail cut from the uploaded video, the one the video was added
 * with (a demo picture, YouTube's), YouTube's from the link, or for an upload with neither a poster.
 */
export function thumbnailUrlOf(video: { id: number; thumbnail: string | null; thumbnailPath: string | null; youtubeId: string | null; mediaPath: string | null }): string | null {
  if (video.thumbnailPath) return thumbnailRouteOf(video.id);
  return videoThumbnail(video) ?? (isStorageKey(video.mediaPath) ? thumbnailRouteOf(video.id) : null);
}

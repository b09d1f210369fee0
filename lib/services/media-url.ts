/**
 * A video's mediaPath is either a public file of the app ("/demo/...", served as it is) or the
 * key of an upload in storage, served by /api/videos/{id}/media to those who may see the video.
 */

/** Whether a mediaPath names a stored upload rather than a public file. */
export const isStorageKey = (mediaPath: string | null | undefined): mediaPath is string =>
  typeof mediaPath === "string" && mediaPath !== "" && !mediaPath.startsWith("/");

/** Where the player finds a video's media: its public path, its media route, or nowhere. */
export function mediaUrlOf(video: { id: number; mediaPath: string | null }): string | null {
  if (!video.mediaPath) return null;
  return isStorageKey(video.mediaPath) ? `/api/videos/${video.id}/media` : video.mediaPath;
}

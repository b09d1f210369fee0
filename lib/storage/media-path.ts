/**
 * A video's mediaPath is either the key of an upload in storage or a bundled demo file
 * ("/demo/<file>", see lib/storage/demo-media). Both are served by /api/videos/{id}/media, to
 * those who may see the video.
 */

/** Whether a mediaPath names a stored upload rather than a bundled demo file. */
export const isStorageKey = (mediaPath: string | null | undefined): mediaPath is string =>
  typeof mediaPath === "string" && mediaPath !== "" && !mediaPath.startsWith("/");

/** Where the player finds a video's media: its media route, or nowhere. */
export function mediaUrlOf(video: { id: number; mediaPath: string | null }): string | null {
  return video.mediaPath ? `/api/videos/${video.id}/media` : null;
}

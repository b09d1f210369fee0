/** Where a link into a video starts it: `?t=` in seconds (the saved words link to their line so). */
export function linkedStartMs(search: string): number {
  const raw = new URLSearchParams(search).get("t");
  const seconds = raw === null ? NaN : Number(raw.replace(/s$/, ""));
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds * 1000) : 0;
}

/** With autoplay on, how long after the media is ready it starts: the page settles first. */
export const AUTOPLAY_DELAY_MS = 500;

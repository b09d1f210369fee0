/**
 * How long a video's audio and how many caption lines it may have (MAX_MEDIA_SECONDS,
 * MAX_LINES_PER_VIDEO): the work and the AI calls one video costs are bounded before they start.
 * The messages are what the admin reads, at upload (4xx) or as a failed video's reason.
 */

/** "2 h", "1 h 30 min", "45 min", "1 min 5 s", "30 s". */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const min = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h) return min ? `${h} h ${min} min` : `${h} h`;
  if (min) return s ? `${min} min ${s} s` : `${min} min`;
  return `${s} s`;
}

const count = (n: number) => n.toLocaleString("en-US");

export const mediaTooLongMessage = (durationMs: number, maxSeconds: number) =>
  `The audio is ${formatDuration(durationMs / 1000)} long, longer than the ${formatDuration(maxSeconds)} limit (MAX_MEDIA_SECONDS)`;

/** `what`: "The subtitle file", "The transcription". */
export const tooManyLinesMessage = (what: string, lines: number, maxLines: number) =>
  `${what} has ${count(lines)} lines, more than the ${count(maxLines)} a video may have (MAX_LINES_PER_VIDEO)`;

export const isOverDuration = (durationMs: number | null, maxSeconds: number) => durationMs !== null && durationMs > maxSeconds * 1000;

/** What a caption's time column holds (int4 milliseconds, about 596 hours). */
const MAX_STORED_MS = 2 ** 31 - 1;

/** The latest a caption may end: when the longest video ends, and never past what can be stored. */
export const captionEndLimitMs = (maxSeconds: number) => Math.min(maxSeconds * 1000, MAX_STORED_MS);

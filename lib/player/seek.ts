/** The seek bar's arithmetic: pointer position to media time, and its keys. */

/** Seek bar keys move this far. */
export const SEEK_STEP_MS = 5000;

/** The media time under a pointer at `clientX` on a bar spanning `left`..`left + width`. */
export function timeAtPointer(clientX: number, left: number, width: number, durationMs: number): number {
  if (!(width > 0) || !(durationMs > 0)) return 0;
  const fraction = Math.min(1, Math.max(0, (clientX - left) / width));
  return fraction * durationMs;
}

/** Where a key on the seek bar goes from `valueMs`, or null when the key is not the bar's. */
export function seekKeyTarget(key: string, valueMs: number, durationMs: number): number | null {
  const clamp = (ms: number) => Math.min(durationMs, Math.max(0, ms));
  switch (key) {
    case "ArrowLeft":
    case "ArrowDown":
      return clamp(valueMs - SEEK_STEP_MS);
    case "ArrowRight":
    case "ArrowUp":
      return clamp(valueMs + SEEK_STEP_MS);
    case "PageDown":
      return clamp(valueMs - durationMs / 10);
    case "PageUp":
      return clamp(valueMs + durationMs / 10);
    case "Home":
      return 0;
    case "End":
      return durationMs;
    default:
      return null;
  }
}

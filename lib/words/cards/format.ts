/**
 * How long until a card comes back, in words: "1 min", "10 min", "3 hours", "3 days" on the
 * grade buttons, and "3 hours" in "Next review in …". Shared by the server and the browser.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function formatInterval(ms: number, style: "short" | "long" = "short"): string {
  if (ms < HOUR) {
    const minutes = Math.max(1, Math.round(ms / MINUTE));
    return style === "short" ? `${minutes} min` : plural(minutes, "minute");
  }
  if (ms < DAY) return plural(Math.round(ms / HOUR), "hour");
  const days = Math.round(ms / DAY);
  if (days < 31) return plural(days, "day");
  if (days < 365) return plural(Math.round(days / 30), "month");
  return plural(Math.round((days / 365) * 10) / 10, "year");
}

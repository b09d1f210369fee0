/**
 * How long until a card comes back: a count of one unit (`intervalParts`), which the review
 * screen puts in words in the reader's language ("10 min", "3 days" on the grade buttons, "Next
 * review in 3 hours."), and the same in English (`formatInterval`): "1 min", "10 min", "3 hours",
 * "3 days", or "3 hours" in "Next review in …".
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type IntervalUnit = "minute" | "hour" | "day" | "month" | "year";

/** The interval rounded to its largest sensible unit: at least a minute, years to a tenth. */
export function intervalParts(ms: number): { unit: IntervalUnit; count: number } {
  if (ms < HOUR) return { unit: "minute", count: Math.max(1, Math.round(ms / MINUTE)) };
  if (ms < DAY) return { unit: "hour", count: Math.round(ms / HOUR) };
  const days = Math.round(ms / DAY);
  if (days < 31) return { unit: "day", count: days };
  if (days < 365) return { unit: "month", count: Math.round(days / 30) };
  return { unit: "year", count: Math.round((days / 365) * 10) / 10 };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The interval in English ("short" writes minutes as "min"). */
export function formatInterval(ms: number, style: "short" | "long" = "short"): string {
  const { unit, count } = intervalParts(ms);
  return unit === "minute" && style === "short" ? `${count} min` : plural(count, unit);
}

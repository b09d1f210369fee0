/**
 * GoTrue's `ban_duration` for the admin API: "none" lifts a ban, anything else is a Go duration
 * ("24h", "1h30m", "876000h") parsed as Go's time.ParseDuration parses it, with its error messages.
 */
import { validationFailed } from "../errors";

const NANOS_PER_UNIT: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  "\u00b5s": 1_000n, // µ, the micro sign
  "\u03bcs": 1_000n, // μ, the Greek letter
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};
const LIMIT = 1n << 63n;

class DurationError extends Error {}

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

/** Go's time.ParseDuration, in nanoseconds. */
export function parseGoDuration(orig: string): bigint {
  const quoted = (v: string) => JSON.stringify(v);
  const invalid = () => new DurationError(`time: invalid duration ${quoted(orig)}`);
  let s = orig;
  let negative = false;
  if (s[0] === "-" || s[0] === "+") {
    negative = s[0] === "-";
    s = s.slice(1);
  }
  if (s === "0") return 0n;
  if (s === "") throw invalid();
  let total = 0n;
  while (s !== "") {
    if (!(s[0] === "." || isDigit(s[0]))) throw invalid();
    let i = 0;
    let whole = 0n;
    for (; isDigit(s[i]); i++) {
      whole = whole * 10n + BigInt(s[i]!);
      if (whole > LIMIT) throw invalid();
    }
    const hasWhole = i > 0;
    s = s.slice(i);
    let fraction = 0n;
    let scale = 1n;
    let hasFraction = false;
    if (s[0] === ".") {
      s = s.slice(1);
      let overflow = false;
      for (i = 0; isDigit(s[i]); i++) {
        hasFraction = true;
        if (overflow) continue;
        // Go stops taking digits once more would overflow; the rest are read and dropped.
        if (fraction > (LIMIT - 1n) / 10n) {
          overflow = true;
          continue;
        }
        fraction = fraction * 10n + BigInt(s[i]!);
        scale *= 10n;
      }
      s = s.slice(i);
    }
    if (!hasWhole && !hasFraction) throw invalid();
    let u = 0;
    while (u < s.length && s[u] !== "." && !isDigit(s[u])) u++;
    if (u === 0) throw new DurationError(`time: missing unit in duration ${quoted(orig)}`);
    const unitName = s.slice(0, u);
    s = s.slice(u);
    const unit = NANOS_PER_UNIT[unitName];
    if (unit === undefined) throw new DurationError(`time: unknown unit ${quoted(unitName)} in duration ${quoted(orig)}`);
    if (whole > LIMIT / unit) throw invalid();
    let value = whole * unit;
    if (fraction > 0n) {
      value += BigInt(Math.floor(Number(fraction) * (Number(unit) / Number(scale))));
      if (value > LIMIT) throw invalid();
    }
    total += value;
    if (total > LIMIT) throw invalid();
  }
  if (negative) return -total;
  if (total > LIMIT - 1n) throw invalid();
  return total;
}

/**
 * What `ban_duration` asks for: undefined when absent (nothing changes), null to lift a ban ("none"
 * or a zero duration), else when the ban ends. A malformed duration is GoTrue's 400.
 */
export function banUntil(raw: string | undefined, now: Date): Date | null | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (raw === "none") return null;
  let nanos: bigint;
  try {
    nanos = parseGoDuration(raw);
  } catch (error) {
    if (error instanceof DurationError) throw validationFailed(`invalid format for ban duration: ${error.message}`);
    throw error;
  }
  if (nanos === 0n) return null;
  return new Date(now.getTime() + Number(nanos / 1_000_000n));
}

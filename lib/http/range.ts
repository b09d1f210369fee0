/**
 * HTTP Range requests (RFC 9110 §14) for serving media, so a player can seek: one byte range is
 * served as 206; several, or another unit, get the whole file (which the RFC allows); a range
 * that is malformed or starts past the end gets 416.
 */

export type RangeRequest = { kind: "all" } | { kind: "range"; start: number; end: number } | { kind: "unsatisfiable" };

export function parseRangeHeader(header: string | null, size: number): RangeRequest {
  if (header === null) return { kind: "all" };
  const match = /^\s*([A-Za-z]+)\s*=(.*)$/.exec(header);
  if (!match || match[1]!.toLowerCase() !== "bytes") return { kind: "all" };
  const specs = match[2]!.split(",");
  if (specs.length > 1) return { kind: "all" };
  const spec = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(specs[0]!);
  if (!spec || (spec[1] === "" && spec[2] === "")) return { kind: "unsatisfiable" };

  if (spec[1] === "") {
    // "-N": the last N bytes.
    const suffix = Number(spec[2]);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "range", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(spec[1]);
  const end = spec[2] === "" ? size - 1 : Number(spec[2]);
  if (start >= size || end < start) return { kind: "unsatisfiable" };
  return { kind: "range", start, end: Math.min(end, size - 1) };
}

/**
 * Anki note guids: Anki matches an imported note to one it has by guid, so a word exported again
 * updates its note instead of adding a second. Ours come from what identifies the word (the
 * learner, the language, the lemma), never from row ids or time.
 */
import { createHash } from "node:crypto";

// Anki's own base91 alphabet for guids: letters, digits and printable punctuation but quotes and backslash.
const BASE91 = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~";

/** The first 64 bits of the SHA-256 of `parts`, written in base 91 (at most 10 characters). */
export function stableGuid(...parts: string[]): string {
  let value = createHash("sha256").update(parts.join("\u001f"), "utf8").digest().readBigUInt64BE(0);
  let out = "";
  do {
    out = BASE91[Number(value % 91n)]! + out;
    value /= 91n;
  } while (value > 0n);
  return out;
}

/** A positive id below 2^52 from `parts` (deck ids: the same deck on every export). */
export function stableId(...parts: string[]): number {
  const bytes = createHash("sha256").update(parts.join("\u001f"), "utf8").digest();
  return Number(bytes.readBigUInt64BE(0) >> 12n) || 1;
}

/** Anki's checksum of a note's first field (its duplicate check): the first 8 hex digits of its SHA-1, as a number. */
export function fieldChecksum(text: string): number {
  return Number.parseInt(createHash("sha1").update(text, "utf8").digest("hex").slice(0, 8), 16);
}

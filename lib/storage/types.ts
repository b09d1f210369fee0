/**
 * The contract every place that keeps uploaded files fulfils (a local directory, an S3-compatible
 * bucket): bodies go in and come out as streams, so a file is never held whole in memory.
 */
import type { Readable } from "node:stream";

/** Bytes `start` to `end`, both included, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number };

export type ObjectInfo = { key: string; size: number; contentType: string };

export type StoredObject = { key: string; size: number };

export type ObjectBody = {
  /** The object's bytes, or those of the range asked for. */
  body: Readable;
  /** The size of the whole object, whatever range was read. */
  size: number;
  contentType: string;
  /** The range `body` holds; the whole object when no range was asked for. */
  range: ByteRange;
};

/** A file on this machine's disk with an object's bytes, for tools that need a path (ffmpeg). */
export type LocalFile = { path: string; cleanup(): Promise<void> };

export interface Storage {
  readonly kind: "local" | "s3";
  /**
   * Stores `body` under `key`, replacing what was there. Nothing is visible under the key until
   * the body has ended; if the body fails, nothing is left behind and the body's error is thrown.
   */
  put(key: string, body: Readable, opts: { contentType: string; size?: number }): Promise<StoredObject>;
  /** Throws ObjectNotFoundError for an unknown key, RangeNotSatisfiableError for a range past the end. */
  get(key: string, range?: ByteRange): Promise<ObjectBody>;
  /** Null for an unknown key. */
  stat(key: string): Promise<ObjectInfo | null>;
  /** Removing an unknown key is not an error. */
  delete(key: string): Promise<void>;
  /** Throws ObjectNotFoundError for an unknown key. Call `cleanup()` when done with the file. */
  localFile(key: string): Promise<LocalFile>;
}

export class ObjectNotFoundError extends Error {
  constructor(public readonly key: string) {
    super(`No stored object "${key}"`);
    this.name = "ObjectNotFoundError";
  }
}

export class RangeNotSatisfiableError extends Error {
  constructor(public readonly size: number) {
    super(`The range lies outside the object's ${size} bytes`);
    this.name = "RangeNotSatisfiableError";
  }
}

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key "${key.slice(0, 200)}"`);
    this.name = "InvalidKeyError";
  }
}

// Slash-separated names of letters, digits, dot, dash and underscore, none starting with a dot:
// no "..", no absolute paths, no hidden names (the local store keeps its own files under ".").
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
const MAX_KEY_LENGTH = 512;

export function isValidKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidKeyError(key);
}

/**
 * The range clamped to the object (the whole object when none is asked for: `end` is -1 for an
 * empty one); an error when it starts past the end.
 */
export function resolveRange(range: ByteRange | undefined, size: number): ByteRange {
  if (!range) return { start: 0, end: size - 1 };
  const valid = Number.isInteger(range.start) && Number.isInteger(range.end) && range.start >= 0 && range.end >= range.start;
  if (!valid || range.start >= size) throw new RangeNotSatisfiableError(size);
  return { start: range.start, end: Math.min(range.end, size - 1) };
}

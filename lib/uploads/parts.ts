/**
 * Reading one file of a multipart form: its head first (to tell what it is before anything is
 * written), then the rest under a byte limit; and the name the user's computer gave it.
 */
import type { Readable } from "node:stream";
import type { ApiError } from "@/lib/api/errors";

/** The head, then the rest of the stream, failing with `tooLarge` (a 413) once past `maxBytes`. */
export async function* withLimit(head: Buffer, rest: Readable | null, maxBytes: number, tooLarge: () => ApiError): AsyncGenerator<Buffer> {
  let total = head.length;
  yield head;
  if (!rest) return;
  for await (const chunk of rest) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) throw tooLarge();
    yield chunk as Buffer;
  }
}

/**
 * Reads until `limit` bytes (or the end) and pauses the stream there, so the rest can still be
 * read from it. `ended`: the stream had no more.
 */
export function readHead(stream: Readable, limit: number): Promise<{ head: Buffer; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (ended: boolean) => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onError);
      if (!ended) stream.pause();
      resolve({ head: Buffer.concat(chunks), ended });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) done(false);
    };
    const onEnd = () => done(true);
    const onError = (error: Error) => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      reject(error);
    };
    stream.on("data", onData);
    stream.once("end", onEnd);
    stream.once("error", onError);
  });
}

export const label = (name: string) => (name.length > 60 ? `${name.slice(0, 60)}...` : name) || "(unnamed field)";

/** The file name as the user's computer called it: no path, no control characters, not too long. */
export function cleanName(filename: string | undefined, fallback: string): string {
  const base = (filename ?? "").split(/[/\\]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return base.slice(0, 255) || fallback;
}

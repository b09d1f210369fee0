/**
 * Reading request bodies safely, for the product API and the embedded auth server alike: the
 * size cap is enforced while the body streams in (a huge body is never read whole), JSON is
 * accepted only under its own media type, and NUL characters, which Postgres cannot store in
 * text or jsonb, are refused up front.
 */

export type BodyProblem =
  | { kind: "too_large"; maxBytes: number }
  | { kind: "unsupported_media_type" }
  | { kind: "unreadable" }
  | { kind: "not_json"; detail: string }
  | { kind: "nul"; path: string };

export class BodyError extends Error {
  constructor(public readonly problem: BodyProblem) {
    super(problem.kind);
    this.name = "BodyError";
  }
}

/** Whether a Content-Type header names JSON: `application/json`, parameters (charset) allowed. */
export function isJsonMediaType(contentType: string | null): boolean {
  if (contentType === null) return false;
  return contentType.split(";")[0]!.trim().toLowerCase() === "application/json";
}

/** The body as bytes; stops reading and throws `too_large` as soon as it passes `maxBytes`. */
export async function readBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyError({ kind: "too_large", maxBytes });
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw new BodyError({ kind: "too_large", maxBytes });
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof BodyError) throw error;
    throw new BodyError({ kind: "unreadable" });
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The path of the first string (key or value) that holds a NUL character, or null. */
export function findNul(value: unknown, path = ""): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path || "body" : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (key.includes("\u0000")) return here;
      const found = findNul(item, here);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Reads a JSON body: a Content-Type, when sent, must be application/json (with
 * `requireMediaType`, a body without one is refused too); an empty body is `emptyValue`. Throws
 * BodyError for every way the body can be wrong.
 */
export async function readJsonBody(
  request: Request,
  options: { maxBytes: number; requireMediaType?: boolean; emptyValue?: unknown },
): Promise<unknown> {
  const contentType = request.headers.get("content-type");
  if (contentType !== null && !isJsonMediaType(contentType)) throw new BodyError({ kind: "unsupported_media_type" });
  const bytes = await readBytes(request, options.maxBytes);
  if (contentType === null && options.requireMediaType && bytes.byteLength > 0) {
    throw new BodyError({ kind: "unsupported_media_type" });
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new BodyError({ kind: "not_json", detail: "the body is not valid UTF-8" });
  }
  if (text.trim() === "") {
    if (options.emptyValue !== undefined) return options.emptyValue;
    throw new BodyError({ kind: "not_json", detail: "unexpected end of JSON input" });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BodyError({ kind: "not_json", detail: (error as Error).message });
  }
  const nul = findNul(value);
  if (nul) throw new BodyError({ kind: "nul", path: nul });
  return value;
}

/**
 * Reading request bodies safely, for the product API and the embedded auth server alike: the
 * size cap is enforced while the body streams in (a huge body is never read whole), JSON is
 * accepted only under its own media type, nesting deeper than any request needs is refused before
 * it is parsed, and NUL characters, which Postgres cannot store in text or jsonb, are refused up
 * front.
 */

export type BodyProblem =
  | { kind: "too_large"; maxBytes: number }
  | { kind: "unsupported_media_type" }
  | { kind: "unreadable" }
  | { kind: "not_json"; detail: string }
  | { kind: "nul"; path: string }
  | { kind: "too_deep"; maxDepth: number };

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

/**
 * The path of the first string (key or value) that holds a NUL character, or null. Walks the
 * value with its own stack, so no nesting, however deep, can overflow the call stack.
 */
export function findNul(value: unknown): string | null {
  const pending: { value: unknown; path: string }[] = [{ value, path: "" }];
  while (pending.length > 0) {
    const { value: item, path } = pending.pop()!;
    if (typeof item === "string") {
      if (item.includes("\u0000")) return path || "body";
      continue;
    }
    if (!item || typeof item !== "object") continue;
    // Pushed in reverse, so the first NUL in document order is the one reported.
    const children: { value: unknown; path: string }[] = [];
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) children.push({ value: item[i], path: `${path}[${i}]` });
    } else {
      for (const [key, child] of Object.entries(item)) {
        const here = path ? `${path}.${key}` : key;
        if (key.includes("\u0000")) children.push({ value: "\u0000", path: here });
        children.push({ value: child, path: here });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
  }
  return null;
}

/** Deepest nesting of arrays and objects a JSON body may have: no request of the app needs more than a few levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests arrays and objects deeper than `maxDepth`, found by counting brackets
 * outside strings before anything is parsed: a body of thousands of nested brackets is refused
 * without building it, and nothing after it (schemas, checks) ever walks such a value.
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/**
 * Reads a JSON body: a Content-Type, when sent, must be application/json (with
 * `requireMediaType`, a body without one is refused too); an empty body is `emptyValue`. Throws
 * BodyError for every way the body can be wrong.
 */
export async function readJsonBody(
  request: Request,
  options: { maxBytes: number; requireMediaType?: boolean; emptyValue?: unknown; maxDepth?: number },
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
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  if (jsonNestsDeeperThan(text, maxDepth)) throw new BodyError({ kind: "too_deep", maxDepth });
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

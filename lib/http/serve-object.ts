/**
 * A stored file as an HTTP response that a media element can seek in: Range requests answered
 * with 206 and Content-Range, 416 for a range it cannot serve, the body streamed from storage.
 */
import { Readable } from "node:stream";
import { notFound } from "@/lib/api/errors";
import { ObjectNotFoundError, RangeNotSatisfiableError, type Storage } from "@/lib/storage";
import { parseRangeHeader } from "./range";

// Only media types are served as themselves: a stored file is never rendered as a page here.
const SERVABLE = /^(audio|video)\/[\w.+-]+$/i;
/** Thumbnails: the JPEGs ffmpeg cut. */
export const SERVABLE_IMAGE = /^image\/jpeg$/i;

export async function serveStoredObject(storage: Storage, key: string, request: Request, servable: RegExp = SERVABLE): Promise<Response> {
  const info = await storage.stat(key);
  if (!info) throw notFound("The media file is missing");
  const wanted = parseRangeHeader(request.headers.get("range"), info.size);
  if (wanted.kind === "unsatisfiable") return unsatisfiable(info.size);

  let object;
  try {
    object = await storage.get(key, wanted.kind === "range" ? wanted : undefined);
  } catch (error) {
    // Replaced or removed since the stat.
    if (error instanceof RangeNotSatisfiableError) return unsatisfiable(error.size);
    if (error instanceof ObjectNotFoundError) throw notFound("The media file is missing");
    throw error;
  }
  const { start, end } = object.range;
  const headers = new Headers({
    "Content-Type": servable.test(object.contentType) ? object.contentType : "application/octet-stream",
    "Content-Length": String(end - start + 1),
    "Accept-Ranges": "bytes",
    // Behind sign-in: browsers may keep it, shared caches may not.
    "Cache-Control": "private, max-age=3600",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (wanted.kind === "range") headers.set("Content-Range", `bytes ${start}-${end}/${object.size}`);
  const body = Readable.toWeb(object.body) as ReadableStream<Uint8Array>;
  return new Response(body, { status: wanted.kind === "range" ? 206 : 200, headers });
}

function unsatisfiable(size: number): Response {
  return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${size}`, "Accept-Ranges": "bytes" } });
}

/** An SVG made by the app (a poster), as an image no script can run in. */
export function serveSvg(svg: string): Response {
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}

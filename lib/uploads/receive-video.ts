/**
 * The video file of the "add video" form: refused at once when its first bytes are not an MP4,
 * MOV, WebM or Matroska container, else written to a scratch file under the size limit and
 * checked there (its container holds what it announces, ffprobe reads a picture from it, it is
 * not too long), a JPEG thumbnail cut from it, and only then both stored, side by side
 * ("video/<id>.mp4", "video/<id>.jpg"). Every problem with the file is an ApiError (4xx).
 */
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FileInfo } from "busboy";
import { ApiError, badRequest, payloadTooLarge } from "@/lib/api/errors";
import { MediaToolError, type MediaInput } from "@/lib/media/ffmpeg";
import { isOverDuration, mediaTooLongMessage } from "@/lib/media/limits";
import { containerIsComplete, cutThumbnail, probeVideo, thumbnailAtMs } from "@/lib/media/video";
import type { Storage } from "@/lib/storage";
import { cleanName, readHead, withLimit } from "./parts";
import { NOT_VIDEO_MESSAGE, sniffVideo } from "./sniff-video";

export { NOT_VIDEO_MESSAGE };

export type ReceivedVideo = {
  key: string;
  size: number;
  contentType: string;
  originalName: string;
  durationMs: number | null;
  /** The JPEG cut from it; absent when ffmpeg could not run here. */
  thumbnailKey?: string;
};

export const INCOMPLETE_VIDEO_MESSAGE = "The video file is incomplete: it holds less than its own header announces (was the upload cut short?)";
export const UNREADABLE_VIDEO_MESSAGE = "The video file cannot be read: it is damaged, or not really an MP4, WebM, MKV or MOV file";
export const NO_PICTURE_MESSAGE = "The video file has no picture: add it as an audio file instead";

const HEAD_BYTES = 256 * 1024;
const PROBE_TIMEOUT_MS = 30_000;
const THUMBNAIL_TIMEOUT_MS = 60_000;

export const videoTooLarge = (maxBytes: number) => payloadTooLarge(`The video file is larger than the ${megabytes(maxBytes)} upload limit`);

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : Number(mb.toFixed(1))} MB`;
}

export type VideoPartContext = {
  maxBytes: number;
  maxMediaSeconds: number;
  storage: Storage;
  /** A new storage key in `folder`, recorded so a failure removes it; `id` puts files side by side. */
  key: (folder: string, extension: string, id?: string) => string;
  /** The form has failed meanwhile: store nothing more. */
  failed: () => boolean;
};

/** Undefined for an empty file input (no file chosen). */
export async function receiveVideoPart(stream: Readable, info: FileInfo, ctx: VideoPartContext): Promise<ReceivedVideo | undefined> {
  const { head, ended } = await readHead(stream, HEAD_BYTES);
  if (head.length === 0 && ended) {
    if (info.filename) throw badRequest("The video file is empty");
    return undefined;
  }
  if (head.length > ctx.maxBytes) throw videoTooLarge(ctx.maxBytes);
  const format = sniffVideo(head);
  if (!format) throw badRequest(NOT_VIDEO_MESSAGE);
  const scratch = await mkdtemp(path.join(tmpdir(), "lingoreel-upload-"));
  try {
    const file = path.join(scratch, `video.${format.extension}`);
    await pipeline(Readable.from(withLimit(head, ended ? null : stream, ctx.maxBytes, () => videoTooLarge(ctx.maxBytes))), createWriteStream(file));
    const input: MediaInput = { path: file, format: format.ffmpegFormat };
    const durationMs = await checkVideo(input, ctx.maxMediaSeconds);
    const thumbnail = path.join(scratch, "thumbnail.jpg");
    const hasThumbnail = await cutUploadThumbnail(input, durationMs, thumbnail);
    if (ctx.failed()) return undefined;
    const id = crypto.randomUUID();
    const key = ctx.key("video", format.extension, id);
    const { size } = await ctx.storage.put(key, createReadStream(file), { contentType: format.contentType });
    const thumbnailKey = hasThumbnail ? ctx.key("video", "jpg", id) : undefined;
    if (thumbnailKey) await ctx.storage.put(thumbnailKey, createReadStream(thumbnail), { contentType: "image/jpeg" });
    return { key, size, contentType: format.contentType, originalName: cleanName(info.filename, "video"), durationMs, ...(thumbnailKey && { thumbnailKey }) };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The file's length, once it is known to be whole, readable, with a picture, and not too long. */
async function checkVideo(input: MediaInput, maxSeconds: number): Promise<number | null> {
  if (!(await containerIsComplete(input))) throw badRequest(INCOMPLETE_VIDEO_MESSAGE);
  let probe;
  try {
    probe = await probeVideo(input, AbortSignal.timeout(PROBE_TIMEOUT_MS));
  } catch (error) {
    if (!(error instanceof MediaToolError)) throw error;
    // No ffprobe on this server: a container that cannot be looked into is not taken on trust.
    console.error("[uploads] ffprobe could not run", error.message);
    throw badRequest(UNREADABLE_VIDEO_MESSAGE);
  }
  if (!probe) throw badRequest(UNREADABLE_VIDEO_MESSAGE);
  if (!probe.hasPicture) throw badRequest(NO_PICTURE_MESSAGE);
  if (isOverDuration(probe.durationMs, maxSeconds)) throw new ApiError("unprocessable", mediaTooLongMessage(probe.durationMs!, maxSeconds));
  return probe.durationMs;
}

/** False when ffmpeg is not there to cut one; a file it cannot cut a picture from is refused. */
async function cutUploadThumbnail(input: MediaInput, durationMs: number | null, output: string): Promise<boolean> {
  try {
    await cutThumbnail(input, thumbnailAtMs(durationMs), output, AbortSignal.timeout(THUMBNAIL_TIMEOUT_MS));
    return true;
  } catch (error) {
    if (!(error instanceof MediaToolError)) throw error;
    if (/not installed|was stopped/.test(error.message)) {
      console.error("[uploads] no thumbnail:", error.message);
      return false;
    }
    throw badRequest(UNREADABLE_VIDEO_MESSAGE);
  }
}

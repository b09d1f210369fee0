/**
 * What a media file on disk is, from its bytes (lib/uploads/sniff.ts, then ffprobe restricted to
 * a few formats for what the signatures cannot place): the MediaInput ffmpeg then reads it as.
 * Used on uploads before they are stored and on every source a processing run gets (upload,
 * yt-dlp download, bundled demo file), so ffmpeg never chooses a reader by itself.
 */
import { constants } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { probeAudioFile } from "@/lib/uploads/ffprobe";
import { id3TagLength, NOT_AUDIO_MESSAGE, sniffAfterId3, sniffAudio, type SniffResult } from "@/lib/uploads/sniff";
import { sniffVideo } from "@/lib/uploads/sniff-video";
import type { MediaInput } from "./ffmpeg";

const HEAD_BYTES = 64 * 1024;

export type IdentifiedMedia = { input: MediaInput; contentType: string; extension: string };

export class NotAudioError extends Error {
  constructor() {
    super(NOT_AUDIO_MESSAGE);
    this.name = "NotAudioError";
  }
}

async function readAt(handle: FileHandle, position: number | null, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    let bytesRead: number;
    try {
      ({ bytesRead } = await handle.read(buffer, filled, length - filled, position === null ? null : position + filled));
    } catch (error) {
      // A pipe with nothing written to it yet: what has come is all there is to sniff.
      if ((error as NodeJS.ErrnoException).code === "EAGAIN") break;
      throw error;
    }
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/** sniffAudio on a file, reading on past an ID3 tag however long it is (album art). */
export async function sniffAudioFile(file: string): Promise<SniffResult> {
  // Non-blocking: a named pipe (nobody writing) must not hold up the run; ffmpeg, stoppable, then waits on it.
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const head = await readAt(handle, null, HEAD_BYTES);
    const tag = id3TagLength(head);
    if (tag === null) return sniffAudio(head);
    return sniffAfterId3(await readAt(handle, tag, HEAD_BYTES));
  } finally {
    await handle.close();
  }
}

async function sniffVideoFile(file: string) {
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    // Read on from the start, not at an offset: a named pipe cannot seek.
    return sniffVideo(await readAt(handle, null, 64));
  } finally {
    await handle.close();
  }
}

/** The file's audio format and how ffmpeg reads it; NotAudioError when it is not audio we take. */
export async function identifyMedia(file: string, signal?: AbortSignal): Promise<IdentifiedMedia> {
  const sniffed = await sniffAudioFile(file);
  if (sniffed.kind === "audio") {
    const { contentType, extension, ffmpegFormat } = sniffed.format;
    return { input: { path: file, format: ffmpegFormat }, contentType, extension };
  }
  if (sniffed.kind === "not-audio") throw new NotAudioError();
  // A QuickTime file from an older camera opens with another atom than "ftyp": its sound is read from it too.
  const video = sniffed.kind === "unknown" ? await sniffVideoFile(file) : null;
  if (video) return { input: { path: file, format: video.ffmpegFormat }, contentType: video.contentType, extension: video.extension };
  const probed = await probeAudioFile(file, signal);
  signal?.throwIfAborted();
  if (!probed) throw new NotAudioError();
  return { input: { path: file, format: probed.ffmpegFormat }, contentType: probed.contentType, extension: probed.extension };
}

/**
 * Video files: what ffprobe finds in one (length, picture, sound), whether its container holds
 * all the bytes it announces (a truncated upload, or a header that claims more than the file has,
 * is refused rather than stored), and the JPEG thumbnail cut from it at about a tenth of its length.
 * Inputs are opened as lib/media/ffmpeg.ts opens every untrusted file: one local file, its reader forced.
 */
import { open, stat } from "node:fs/promises";
import { ffmpegPath, ffprobePath, inputArgs, MediaToolError, runTool, type MediaInput } from "./ffmpeg";

export type VideoProbe = { durationMs: number | null; hasPicture: boolean; hasSound: boolean; width: number | null; height: number | null };

type ProbeJson = {
  format?: { duration?: string };
  streams?: { codec_type?: string; width?: number; height?: number; disposition?: { attached_pic?: number } }[];
};

/** What the file holds, or null when ffprobe cannot read it as its format (damaged, or not that format at all). */
export async function probeVideo(input: MediaInput, signal?: AbortSignal): Promise<VideoProbe | null> {
  let out: string;
  try {
    out = await runTool(
      ffprobePath(),
      ["-v", "error", "-print_format", "json", "-show_entries", "format=duration:stream=codec_type,width,height:stream_disposition=attached_pic", ...inputArgs(input)],
      signal,
    );
  } catch (error) {
    if (error instanceof MediaToolError && error.message.startsWith("ffprobe failed")) return null;
    throw error;
  }
  let parsed: ProbeJson;
  try {
    parsed = JSON.parse(out) as ProbeJson;
  } catch {
    return null;
  }
  const streams = parsed.streams ?? [];
  // Cover art in an audio file is a "video" stream too, of one still picture.
  const picture = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  const seconds = Number.parseFloat(parsed.format?.duration ?? "");
  return {
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : null,
    hasPicture: !!picture,
    hasSound: streams.some((s) => s.codec_type === "audio"),
    width: picture?.width ?? null,
    height: picture?.height ?? null,
  };
}

/**
 * Whether the container's own sizes fit in the file: for MP4 and MOV, every top-level box ends
 * within it and the index (moov) is there; for WebM and Matroska, the segment does. A file cut
 * short in transfer, or one whose header claims more than it holds, fails this.
 */
export async function containerIsComplete(input: MediaInput): Promise<boolean> {
  const { size } = await stat(input.path);
  const handle = await open(input.path, "r");
  try {
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    return input.format === "mov" ? await isoBoxesFit(read, size) : await ebmlSegmentFits(read, size);
  } finally {
    await handle.close();
  }
}

type ReadAt = (position: number, length: number) => Promise<Buffer>;

const MAX_TOP_LEVEL_BOXES = 10_000;

async function isoBoxesFit(read: ReadAt, fileSize: number): Promise<boolean> {
  let offset = 0;
  let index = false;
  for (let n = 0; offset < fileSize && n < MAX_TOP_LEVEL_BOXES; n++) {
    const header = await read(offset, 16);
    if (header.length < 8) return false;
    const type = header.toString("latin1", 4, 8);
    let boxSize = header.readUInt32BE(0);
    if (boxSize === 1) {
      if (header.length < 16) return false;
      boxSize = Number(header.readBigUInt64BE(8));
    } else if (boxSize === 0) {
      // The last box, running to the end of the file.
      boxSize = fileSize - offset;
    }
    if (boxSize < 8 || offset + boxSize > fileSize) return false;
    if (type === "moov") index = true;
    offset += boxSize;
  }
  return index && offset === fileSize;
}

/** An EBML variable-length number at `at`: its length in bytes and value (null: "unknown", all ones). */
function vint(bytes: Buffer, at: number, keepMarker: boolean): { length: number; value: number | null } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === (0xff >> length);
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    if (bytes[at + i] !== 0xff) allOnes = false;
  }
  return { length, value: !keepMarker && allOnes ? null : value };
}

const EBML_ID = 0x1a45dfa3;
const SEGMENT_ID = 0x18538067;

async function ebmlSegmentFits(read: ReadAt, fileSize: number): Promise<boolean> {
  const head = await read(0, 4096);
  const id = vint(head, 0, true);
  const headerSize = id && id.value === EBML_ID ? vint(head, id.length, false) : null;
  if (!id || !headerSize || headerSize.value === null) return false;
  const segmentAt = id.length + headerSize.length + headerSize.value;
  const segmentId = vint(head, segmentAt, true);
  if (!segmentId || segmentId.value !== SEGMENT_ID) return false;
  const segmentSize = vint(head, segmentAt + segmentId.length, false);
  if (!segmentSize) return false;
  // A live recording leaves the size unknown: then only the reader can tell.
  return segmentSize.value === null || segmentAt + segmentId.length + segmentSize.length + segmentSize.value <= fileSize;
}

/** Where the thumbnail is cut: a tenth of the way in, past a black opening or a title card. */
export const thumbnailAtMs = (durationMs: number | null) => Math.max(0, Math.round((durationMs ?? 0) * 0.1));

/**
 * A JPEG of the picture at `atMs` (at most 640 px wide) written to `output`; at the first frame
 * when the file has none there (its header overstates its length).
 */
export async function cutThumbnail(input: MediaInput, atMs: number, output: string, signal?: AbortSignal): Promise<void> {
  const cut = (ms: number) =>
    runTool(
      ffmpegPath(),
      [
        "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
        "-ss", (ms / 1000).toFixed(3), ...inputArgs(input),
        "-map", "0:v:0", "-frames:v", "1", "-vf", "scale='min(640,iw)':-2", "-q:v", "4", "-c:v", "mjpeg", "-f", "image2", "-update", "1", output,
      ],
      signal,
    );
  await cut(atMs);
  if (atMs > 0 && !(await hasBytes(output))) await cut(0);
  if (!(await hasBytes(output))) throw new MediaToolError("ffmpeg found no picture to cut a thumbnail from");
}

async function hasBytes(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

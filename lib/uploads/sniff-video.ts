/**
 * Tells video files by their first bytes, never by their name or declared type: MP4 and MOV (ISO
 * boxes) and WebM and Matroska (EBML). The format found is the one ffmpeg and ffprobe are then
 * told to read, as for audio (./sniff.ts); a file of any other kind is refused before it is written.
 */
import { ascii, type FfmpegInputFormat } from "./sniff";

export type VideoFormat = {
  name: "mp4" | "mov" | "webm" | "matroska";
  contentType: string;
  extension: string;
  ffmpegFormat: Extract<FfmpegInputFormat, "mov" | "matroska">;
};

export const NOT_VIDEO_MESSAGE = "The file is not a supported video file (MP4, WebM, MKV or MOV)";

export const VIDEO_FORMATS = {
  mp4: { name: "mp4", contentType: "video/mp4", extension: "mp4", ffmpegFormat: "mov" },
  mov: { name: "mov", contentType: "video/quicktime", extension: "mov", ffmpegFormat: "mov" },
  webm: { name: "webm", contentType: "video/webm", extension: "webm", ffmpegFormat: "matroska" },
  matroska: { name: "matroska", contentType: "video/x-matroska", extension: "mkv", ffmpegFormat: "matroska" },
} as const satisfies Record<string, VideoFormat>;

/** QuickTime files from older cameras open with one of these atoms rather than "ftyp". */
const QUICKTIME_FIRST_ATOMS = ["moov", "mdat", "wide", "free", "skip"];

/** The video container the bytes open with, or null. */
export function sniffVideo(head: Uint8Array): VideoFormat | null {
  if (ascii(head, 4, "ftyp")) return ascii(head, 8, "qt  ") ? VIDEO_FORMATS.mov : VIDEO_FORMATS.mp4;
  if (QUICKTIME_FIRST_ATOMS.some((atom) => ascii(head, 4, atom))) return VIDEO_FORMATS.mov;
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    // The EBML header names the document type near the start.
    const header = new TextDecoder("latin1").decode(head.subarray(0, 64));
    return header.includes("webm") ? VIDEO_FORMATS.webm : VIDEO_FORMATS.matroska;
  }
  return null;
}

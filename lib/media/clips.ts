/**
 * Short MP3 clips of a media file (a caption line's audio, for flashcards). One ffmpeg run cuts
 * any number of clips: the input is opened once (as lib/media/ffmpeg.ts opens every untrusted
 * file), seeked to the first clip, and the stretch from the first clip to the last is decoded and
 * encoded once, as one MP3 stream without the bit reservoir, so that each of its frames stands on
 * its own; each clip is then the run of whole frames that covers its span. Neither the start-up of
 * a process per clip nor an encoder per clip is paid, and lines whose padding overlaps are encoded
 * once.
 */
import { readFile, rm } from "node:fs/promises";
import { ffmpegPath, inputArgs, runTool, type MediaInput } from "./ffmpeg";
import { mp3Frames } from "./mp3-frames";

export type ClipSpan = { startMs: number; endMs: number };

/**
 * Speech, small: mono, 24 kHz, 48 kb/s (MPEG-2 layer III, which every MP3 player reads), constant
 * bitrate, so a player tells a clip's length from its size. LAME at quality 7 encodes in less than
 * half the time of its default, with no loss a line of speech shows.
 */
const SAMPLE_RATE = 24_000;
const MP3_ARGS = ["-c:a", "libmp3lame", "-b:a", "48k", "-compression_level", "7", "-reservoir", "0", "-map_metadata", "-1", "-id3v2_version", "0", "-write_xing", "0", "-f", "mp3"];
/**
 * Where a moment of the input is in the decoded stream: LAME's encoder delay (576 samples) and the
 * decoder's (529) put it this many samples later. A clip also starts a frame early, because the
 * first frame a decoder reads only primes it.
 */
const CODEC_DELAY_SAMPLES = 576 + 529;
const LEAD_FRAMES = 1;

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

/**
 * Cuts the clips in one ffmpeg run, writing the whole stretch to `scratch` (removed after), and
 * gives each clip's MP3 bytes in the order of `clips`. A span past the end of the media gives a
 * shorter clip, or an empty one. Throws MediaToolError when ffmpeg fails.
 */
export async function cutMp3Clips(input: MediaInput, clips: readonly ClipSpan[], scratch: string, signal?: AbortSignal): Promise<Uint8Array[]> {
  if (clips.length === 0) return [];
  const from = Math.max(0, Math.min(...clips.map((c) => c.startMs)));
  const to = Math.max(...clips.map((c) => c.endMs));
  let bytes: Uint8Array;
  try {
    await runTool(
      ffmpegPath(),
      [
        "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-ss", seconds(from), "-t", seconds(to - from), ...inputArgs(input),
        "-map", "0:a:0", "-af", `aresample=${SAMPLE_RATE},aformat=channel_layouts=mono`, ...MP3_ARGS, scratch,
      ],
      signal,
    );
    bytes = new Uint8Array(await readFile(scratch));
  } finally {
    await rm(scratch, { force: true });
  }
  const { offsets, samplesPerFrame } = mp3Frames(bytes);
  const frames = offsets.length - 1;
  const frameAt = (ms: number) => ((Math.max(0, ms - from) * SAMPLE_RATE) / 1000 + CODEC_DELAY_SAMPLES) / samplesPerFrame;
  return clips.map((clip) => {
    const first = Math.max(0, Math.floor(frameAt(clip.startMs)) - LEAD_FRAMES);
    const last = Math.min(frames, Math.ceil(frameAt(clip.endMs)));
    return last > first ? bytes.subarray(offsets[first], offsets[last]) : new Uint8Array(0);
  });
}

/**
 * MPEG audio layer III frames in a byte stream (no ID3 tag, no Xing frame: as lib/media/clips.ts
 * encodes), found by their headers, so a clip can be cut from a longer encoding by slicing whole
 * frames. Each frame of a stream encoded without the bit reservoir holds all of its own data.
 */

/** Kbit/s by bitrate index: MPEG-1 layer III, then MPEG-2 and 2.5 layer III. */
const BITRATES = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
/** Hz by sample rate index, for MPEG-1; MPEG-2 halves them, MPEG-2.5 quarters them. */
const SAMPLE_RATES = [44100, 48000, 32000];

export type Mp3Frames = {
  /** Where each frame starts, then where the last one ends: frame i is bytes offsets[i]..offsets[i + 1]. */
  offsets: number[];
  sampleRate: number;
  samplesPerFrame: number;
};

type Header = { length: number; sampleRate: number; samplesPerFrame: number };

function headerAt(bytes: Uint8Array, at: number): Header | null {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) return null;
  const version = (bytes[at + 1]! >> 3) & 3; // 0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1
  const layer = (bytes[at + 1]! >> 1) & 3; // 1: layer III
  const bitrateIndex = bytes[at + 2]! >> 4;
  const rateIndex = (bytes[at + 2]! >> 2) & 3;
  const padding = (bytes[at + 2]! >> 1) & 1;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = version === 3;
  const sampleRate = SAMPLE_RATES[rateIndex]! / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const samplesPerFrame = mpeg1 ? 1152 : 576;
  const bitrate = (mpeg1 ? BITRATES.v1 : BITRATES.v2)[bitrateIndex]! * 1000;
  return { length: Math.floor((samplesPerFrame / 8) * (bitrate / sampleRate)) + padding, sampleRate, samplesPerFrame };
}

/** The frames of `bytes`, in order; bytes that start no frame (none in ffmpeg's output) are skipped up to the next one. */
export function mp3Frames(bytes: Uint8Array): Mp3Frames {
  const offsets: number[] = [];
  let format: Omit<Header, "length"> | null = null;
  let at = 0;
  let end = 0;
  while (at < bytes.length) {
    const header = headerAt(bytes, at);
    if (!header || at + header.length > bytes.length) {
      at++;
      continue;
    }
    format ??= { sampleRate: header.sampleRate, samplesPerFrame: header.samplesPerFrame };
    offsets.push(at);
    at += header.length;
    end = at;
  }
  if (offsets.length > 0) offsets.push(end);
  return { offsets, sampleRate: format?.sampleRate ?? 0, samplesPerFrame: format?.samplesPerFrame ?? 0 };
}

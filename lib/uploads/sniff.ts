/**
 * Tells audio files by their first bytes, never by their name or declared type: MP3 (two MPEG
 * audio frames in a row, after an ID3 tag or not), WAV, MP4/M4A, AAC (ADTS frames), Ogg, FLAC and
 * WebM/Matroska. Text is recognised as not audio at once; anything else is "unknown", for ffprobe
 * to decide. The format found is the one ffmpeg is then told to read (`ffmpegFormat`), so a file
 * cannot make ffmpeg pick another reader (an HLS playlist or a concat script, which open further
 * files) by what it contains.
 */

/** The ffmpeg demuxers untrusted media may be read with: each reads the one file it is given. */
export const FFMPEG_INPUT_FORMATS = ["mp3", "wav", "mov", "aac", "ogg", "flac", "matroska", "aiff", "ac3", "asf", "amr", "caf"] as const;
export type FfmpegInputFormat = (typeof FFMPEG_INPUT_FORMATS)[number];

export type AudioFormat = {
  name: "mp3" | "wav" | "mp4" | "aac" | "ogg" | "flac" | "webm" | "matroska";
  contentType: string;
  extension: string;
  ffmpegFormat: FfmpegInputFormat;
};

export const NOT_AUDIO_MESSAGE = "The file is not a supported audio file (MP3, WAV, M4A, AAC, OGG, FLAC or WebM)";

export type SniffResult = { kind: "audio"; format: AudioFormat } | { kind: "not-audio"; reason: string } | { kind: "unknown" };

export const AUDIO_FORMATS = {
  mp3: { name: "mp3", contentType: "audio/mpeg", extension: "mp3", ffmpegFormat: "mp3" },
  wav: { name: "wav", contentType: "audio/wav", extension: "wav", ffmpegFormat: "wav" },
  mp4: { name: "mp4", contentType: "audio/mp4", extension: "m4a", ffmpegFormat: "mov" },
  aac: { name: "aac", contentType: "audio/aac", extension: "aac", ffmpegFormat: "aac" },
  ogg: { name: "ogg", contentType: "audio/ogg", extension: "ogg", ffmpegFormat: "ogg" },
  flac: { name: "flac", contentType: "audio/flac", extension: "flac", ffmpegFormat: "flac" },
  webm: { name: "webm", contentType: "audio/webm", extension: "webm", ffmpegFormat: "matroska" },
  matroska: { name: "matroska", contentType: "audio/x-matroska", extension: "mka", ffmpegFormat: "matroska" },
} as const satisfies Record<string, AudioFormat>;

/** Whether `text` (ASCII) stands in the bytes at `at`: how containers name their parts. */
export const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/**
 * `head`: the file's first bytes (a few kilobytes at least, or the whole file if shorter). An ID3
 * tag longer than the head is taken as MP3 here; `sniffAudioFile` (lib/media/input.ts) reads on
 * past it.
 */
export function sniffAudio(head: Uint8Array): SniffResult {
  const tag = id3TagLength(head);
  if (tag === null) return sniffContainer(head);
  if (tag + 4 > head.length) return audio(AUDIO_FORMATS.mp3);
  return sniffAfterId3(head.subarray(tag));
}

/**
 * The length of the ID3v2 tag the bytes open with (header, body and footer), or null when they
 * do not open with one.
 */
export function id3TagLength(head: Uint8Array): number | null {
  if (!ascii(head, 0, "ID3") || head.length < 10) return null;
  const [major, , flags, s1, s2, s3, s4] = head.subarray(3, 10);
  const syncsafe = [s1!, s2!, s3!, s4!];
  if (major! < 2 || major! > 4 || syncsafe.some((b) => b >= 0x80)) return null;
  return syncsafe.reduce((acc, b) => acc * 128 + b, 0) + 10 + (flags! & 0x10 ? 10 : 0);
}

/**
 * What follows an ID3v2 tag (`bytes` start where the tag ends): MPEG audio frames, or AAC or FLAC
 * data, which a tag may precede too. Anything else is not audio: an ID3 tag in front of a
 * playlist, a script or junk is how a file passes for an MP3 to make ffmpeg read something else.
 */
export function sniffAfterId3(bytes: Uint8Array): SniffResult {
  let at = 0;
  while (at < bytes.length && bytes[at] === 0) at++; // padding some writers leave after the tag
  const after = sniffContainer(bytes.subarray(at));
  return after.kind === "audio" ? after : { kind: "not-audio", reason: "no audio frames after the ID3 tag" };
}

function sniffContainer(bytes: Uint8Array): SniffResult {
  if ((ascii(bytes, 0, "RIFF") || ascii(bytes, 0, "RF64") || ascii(bytes, 0, "BW64")) && ascii(bytes, 8, "WAVE")) {
    return audio(AUDIO_FORMATS.wav);
  }
  if (ascii(bytes, 4, "ftyp")) return audio(AUDIO_FORMATS.mp4);
  if (ascii(bytes, 0, "OggS")) return audio(AUDIO_FORMATS.ogg);
  if (ascii(bytes, 0, "fLaC")) return audio(AUDIO_FORMATS.flac);
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    // The EBML header names the document type near the start.
    const header = new TextDecoder("latin1").decode(bytes.subarray(0, 64));
    return audio(header.includes("webm") ? AUDIO_FORMATS.webm : AUDIO_FORMATS.matroska);
  }
  if (framesInARow(bytes, adtsFrameLength)) return audio(AUDIO_FORMATS.aac);
  if (framesInARow(bytes, mpegFrameLength)) return audio(AUDIO_FORMATS.mp3);
  if (looksLikeText(bytes)) return { kind: "not-audio", reason: "text" };
  return { kind: "unknown" };
}

const audio = (format: AudioFormat): SniffResult => ({ kind: "audio", format });

/**
 * Whether the data opens with two consecutive frames of a kind (one when the data ends right
 * after it): a single sync pattern turns up by chance in other binary files.
 */
function framesInARow(bytes: Uint8Array, frameLength: (bytes: Uint8Array, at: number) => number | null): boolean {
  const first = frameLength(bytes, 0);
  if (first === null) return false;
  if (first === bytes.length) return true;
  if (first + 4 > bytes.length) return false;
  return frameLength(bytes, first) !== null;
}

// kbit/s by [MPEG-1 | MPEG-2/2.5][layer I, II, III][index]
const BITRATES = [
  [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
];
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** The length of the MPEG audio frame at `at`, or null when no valid frame header is there. */
function mpegFrameLength(bytes: Uint8Array, at: number): number | null {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) return null;
  const version = (bytes[at + 1]! >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
  const layerBits = (bytes[at + 1]! >> 1) & 3; // 3: I, 2: II, 1: III, 0: reserved
  const bitrateIndex = bytes[at + 2]! >> 4;
  const rateIndex = (bytes[at + 2]! >> 2) & 3;
  const padding = (bytes[at + 2]! >> 1) & 1;
  if (version === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const layer = 4 - layerBits;
  const bitrate = BITRATES[version === 3 ? 0 : 1]![layer - 1]![bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  if (layer === 1) return Math.floor((12 * bitrate) / sampleRate + padding) * 4;
  const perFrame = layer === 3 && version !== 3 ? 72 : 144;
  return Math.floor((perFrame * bitrate) / sampleRate) + padding;
}

/** The length of the ADTS (AAC) frame at `at`, or null when no valid ADTS header is there. */
function adtsFrameLength(bytes: Uint8Array, at: number): number | null {
  if (at + 7 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xf6) !== 0xf0) return null;
  if (((bytes[at + 2]! >> 2) & 0xf) > 12) return null; // sampling frequency index
  const length = ((bytes[at + 3]! & 3) << 11) | (bytes[at + 4]! << 3) | (bytes[at + 5]! >> 5);
  return length >= 7 ? length : null;
}

/** UTF-8 (or ASCII) text without control characters besides tabs, line breaks and form feeds. */
function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    // `stream` lets the head end in the middle of a character.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return false;
  }
  return !/[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f\u007f]/.test(text);
}

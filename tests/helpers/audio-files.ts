/** Real audio files for upload tests, made with ffmpeg from a sine tone into a temporary folder (once per vitest run: media-cache.ts). */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { cachedMedia } from "./media-cache";

const run = promisify(execFile);

/** ffmpeg output options per sample: codec and container. */
export const AUDIO_SAMPLES = {
  "tone.mp3": ["-c:a", "libmp3lame", "-b:a", "64k"],
  "tone-no-tag.mp3": ["-c:a", "libmp3lame", "-b:a", "64k", "-id3v2_version", "0", "-write_xing", "0"],
  "tone.wav": ["-c:a", "pcm_s16le"],
  "tone.m4a": ["-c:a", "aac", "-b:a", "64k"],
  "tone.aac": ["-c:a", "aac", "-b:a", "64k", "-f", "adts"],
  "tone.ogg": ["-c:a", "libvorbis"],
  "tone.opus": ["-c:a", "libopus", "-f", "ogg"],
  "tone.flac": ["-c:a", "flac"],
  "tone.webm": ["-c:a", "libopus", "-f", "webm"],
  "tone.mka": ["-c:a", "libvorbis", "-f", "matroska"],
  "tone.aiff": ["-c:a", "pcm_s16be", "-f", "aiff"],
} as const;

export type AudioSample = keyof typeof AUDIO_SAMPLES;

export async function makeAudioDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), "lingoreel-audio-"));
}

/** Writes `name` (one of AUDIO_SAMPLES) of `seconds` of a 440 Hz tone into `dir`; returns its path. */
export async function makeAudio(dir: string, name: AudioSample, seconds = 1): Promise<string> {
  const args = [
    "-hide_banner", "-loglevel", "error", "-y",
    "-f", "lavfi", "-i", `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
    ...AUDIO_SAMPLES[name],
  ];
  return cachedMedia(path.join(dir, name), ["ffmpeg", ...args, path.extname(name)], async (out) => {
    await run("ffmpeg", [...args, out]);
  });
}

/** A WAV of silence of about `bytes` bytes, quick to make at any size. */
export async function makeLargeWav(dir: string, bytes: number): Promise<string> {
  const file = path.join(dir, `large-${bytes}.wav`);
  const seconds = Math.ceil(bytes / (48000 * 2 * 2));
  await run("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-y",
    "-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo", "-t", String(seconds), "-c:a", "pcm_s16le", file,
  ]);
  return file;
}

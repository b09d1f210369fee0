/**
 * ffmpeg, spawned directly (which binary: lib/media/tools.ts). A run can be cancelled with an
 * AbortSignal, so a stage that outlives its job stops its child too.
 */
import { spawn } from "node:child_process";
import { resolveTool } from "./tools";

export const ffmpegPath = (): string => resolveTool("ffmpeg").path;
export const ffprobePath = (): string => resolveTool("ffprobe").path;

export class MediaToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MediaToolError";
  }
}

/** Runs a tool to completion; its stderr's tail becomes the error message. */
export function runTool(command: string, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], signal });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") reject(new MediaToolError(`${command} is not installed (set FFMPEG_PATH, or install ffmpeg)`));
      else if (error.name === "AbortError") reject(new MediaToolError(`${command} was stopped`));
      else reject(error);
    });
    child.on("close", (code) => {
      if (code === 0) resolve(out);
      else reject(new MediaToolError(`${command} failed: ${err.trim().split("\n").slice(-3).join(" ") || `exit code ${code}`}`));
    });
  });
}

/** Any audio or video file → 16 kHz mono 16-bit WAV, what speech recognition wants. */
export async function toSpeechWav(input: string, output: string, signal?: AbortSignal): Promise<void> {
  await runTool(ffmpegPath(), ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-i", input, "-vn", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", output], signal);
}

/** Low-bitrate Opus (speech stays clear), for audio over the transcription API's size limit. */
export async function toSmallOpus(input: string, output: string, options: { startMs?: number; durationMs?: number; signal?: AbortSignal } = {}): Promise<void> {
  const range = [
    ...(options.startMs ? ["-ss", (options.startMs / 1000).toFixed(3)] : []),
    ...(options.durationMs ? ["-t", (options.durationMs / 1000).toFixed(3)] : []),
  ];
  await runTool(ffmpegPath(), ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", ...range, "-i", input, "-vn", "-ac", "1", "-ar", "16000", "-c:a", "libopus", "-b:a", "24k", "-application", "voip", output], options.signal);
}

/** A media file's duration in milliseconds. */
export async function mediaDurationMs(input: string, signal?: AbortSignal): Promise<number> {
  const out = await runTool(ffprobePath(), ["-v", "error", "-show_entries", "format=duration", "-of", "default=noprint_wrappers=1:nokey=1", input], signal);
  const seconds = Number.parseFloat(out.trim());
  if (!Number.isFinite(seconds)) throw new MediaToolError("ffprobe could not read the file's duration");
  return Math.round(seconds * 1000);
}

/** Where silences are (at least `minMs` below `noiseDb`), as [startMs, endMs] pairs. */
export async function findSilences(input: string, options: { minMs?: number; noiseDb?: number; signal?: AbortSignal } = {}): Promise<[number, number][]> {
  const args = ["-nostdin", "-hide_banner", "-i", input, "-af", `silencedetect=noise=${options.noiseDb ?? -35}dB:d=${((options.minMs ?? 400) / 1000).toFixed(2)}`, "-f", "null", "-"];
  const log = await new Promise<string>((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ["ignore", "ignore", "pipe"], signal: options.signal });
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(err) : reject(new MediaToolError("ffmpeg could not scan the audio for silences"))));
  });
  const starts = [...log.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Math.round(Number(m[1]) * 1000));
  const ends = [...log.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Math.round(Number(m[1]) * 1000));
  return starts.map((s, i) => [s, ends[i] ?? s] as [number, number]);
}

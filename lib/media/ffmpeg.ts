/**
 * ffmpeg, spawned directly (which binary: lib/media/tools.ts). A run can be cancelled with an
 * AbortSignal, so a stage that outlives its job stops its child too.
 *
 * Media files are untrusted (an admin's upload, a YouTube download): ffmpeg and ffprobe read each
 * as the one local file it is, with the reader (demuxer) named from its sniffed type and only the
 * `file` protocol allowed, so no file can make them open another one (an HLS playlist, a concat
 * script, a URL); and a decoding run stops at a given length whatever the file's header says.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import type { FfmpegInputFormat } from "@/lib/uploads/sniff";
import { resolveTool } from "./tools";

/** A media file and the ffmpeg demuxer it is read with (from its sniffed type, never guessed by ffmpeg). */
export type MediaInput = { path: string; format: FfmpegInputFormat };

/**
 * The options that open `input`, for ffmpeg and ffprobe alike: its demuxer forced and the only
 * one allowed, the file protocol only, and the path as a `file:` URL so a name that looks like
 * another protocol ("concat:a|b", "http:...") is still a file name.
 */
export function inputArgs(input: MediaInput): string[] {
  return ["-protocol_whitelist", "file", "-format_whitelist", input.format, "-f", input.format, "-i", `file:${path.resolve(input.path)}`];
}

export const ffmpegPath = (): string => resolveTool("ffmpeg").path;
export const ffprobePath = (): string => resolveTool("ffprobe").path;

export class MediaToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MediaToolError";
  }
}

/** How long a stopped tool has to exit on SIGTERM before it is killed. */
export const STOP_GRACE_MS = 2000;

type ToolResult = { code: number | null; stdout: string; stderr: string };

/** How messages name a tool: "ffmpeg", not the path it runs from. */
const toolName = (command: string) => path.basename(command).replace(/\.exe$/i, "");

function notInstalled(name: string): string {
  return /^ff(mpeg|probe)$/.test(name) ? `${name} is not installed (install ffmpeg, or set FFMPEG_PATH)` : `${name} is not installed`;
}

/**
 * Runs a program in a process group of its own, so that stopping it (the job's signal) also stops
 * what it started (yt-dlp runs ffmpeg). The group gets SIGTERM, then SIGKILL if the program has not
 * exited within STOP_GRACE_MS (ffmpeg blocked opening its input ignores SIGTERM), and SIGKILL
 * once it has exited, for any of its children still running.
 */
function runProcess(command: string, args: string[], signal: AbortSignal | undefined, stderrTail = Infinity): Promise<ToolResult> {
  const name = toolName(command);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new MediaToolError(`${name} was stopped`));
    const ownGroup = process.platform !== "win32";
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], detached: ownGroup });
    let stdout = "";
    let stderr = "";
    let stopped = false;
    let escalation: NodeJS.Timeout | undefined;
    const kill = (signal: NodeJS.Signals) => {
      try {
        if (ownGroup && child.pid) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        // Already gone.
      }
    };
    const stop = () => {
      stopped = true;
      kill("SIGTERM");
      escalation = setTimeout(() => kill("SIGKILL"), STOP_GRACE_MS);
    };
    signal?.addEventListener("abort", stop, { once: true });
    const done = () => {
      signal?.removeEventListener("abort", stop);
      clearTimeout(escalation);
    };
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-stderrTail)));
    child.on("error", (error: NodeJS.ErrnoException) => {
      done();
      if (error.code === "ENOENT") reject(new MediaToolError(notInstalled(name)));
      else reject(error);
    });
    child.on("close", (code) => {
      done();
      if (stopped) {
        kill("SIGKILL");
        reject(new MediaToolError(`${name} was stopped`));
      } else resolve({ code, stdout, stderr });
    });
  });
}

/** Runs a tool to completion; its stderr's tail becomes the error message. */
export async function runTool(command: string, args: string[], signal?: AbortSignal): Promise<string> {
  const { code, stdout, stderr } = await runProcess(command, args, signal, 4000);
  if (code !== 0) throw new MediaToolError(`${toolName(command)} failed: ${stderr.trim().split("\n").slice(-3).join(" ") || `exit code ${code}`}`);
  return stdout;
}

/**
 * Any audio or video file → 16 kHz mono 16-bit WAV, what speech recognition wants. `maxSeconds`
 * cuts the output there: a file whose header understates its length still stops.
 */
export async function toSpeechWav(input: MediaInput, output: string, options: { maxSeconds?: number; signal?: AbortSignal } = {}): Promise<void> {
  const limit = options.maxSeconds ? ["-t", String(options.maxSeconds)] : [];
  await runTool(ffmpegPath(), ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", ...inputArgs(input), "-vn", ...limit, "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", output], options.signal);
}

/** Low-bitrate Opus (speech stays clear), for audio over the transcription API's size limit. */
export async function toSmallOpus(input: MediaInput, output: string, options: { startMs?: number; durationMs?: number; signal?: AbortSignal } = {}): Promise<void> {
  const range = [
    ...(options.startMs ? ["-ss", (options.startMs / 1000).toFixed(3)] : []),
    ...(options.durationMs ? ["-t", (options.durationMs / 1000).toFixed(3)] : []),
  ];
  await runTool(ffmpegPath(), ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", ...range, ...inputArgs(input), "-vn", "-ac", "1", "-ar", "16000", "-c:a", "libopus", "-b:a", "24k", "-application", "voip", output], options.signal);
}

/** A media file's duration in milliseconds as its header tells it, or null when it tells none. */
export async function probeDurationMs(input: MediaInput, signal?: AbortSignal): Promise<number | null> {
  const out = await runTool(ffprobePath(), ["-v", "error", "-show_entries", "format=duration", "-of", "default=noprint_wrappers=1:nokey=1", ...inputArgs(input)], signal);
  const seconds = Number.parseFloat(out.trim());
  return Number.isFinite(seconds) ? Math.round(seconds * 1000) : null;
}

/** A media file's duration in milliseconds. */
export async function mediaDurationMs(input: MediaInput, signal?: AbortSignal): Promise<number> {
  const ms = await probeDurationMs(input, signal);
  if (ms === null) throw new MediaToolError("ffprobe could not read the file's duration");
  return ms;
}

/** Where silences are (at least `minMs` below `noiseDb`), as [startMs, endMs] pairs. */
export async function findSilences(input: MediaInput, options: { minMs?: number; noiseDb?: number; signal?: AbortSignal } = {}): Promise<[number, number][]> {
  const args = ["-nostdin", "-hide_banner", ...inputArgs(input), "-af", `silencedetect=noise=${options.noiseDb ?? -35}dB:d=${((options.minMs ?? 400) / 1000).toFixed(2)}`, "-f", "null", "-"];
  const { code, stderr: log } = await runProcess(ffmpegPath(), args, options.signal);
  if (code !== 0) throw new MediaToolError("ffmpeg could not scan the audio for silences");
  const starts = [...log.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Math.round(Number(m[1]) * 1000));
  const ends = [...log.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Math.round(Number(m[1]) * 1000));
  return starts.map((s, i) => [s, ends[i] ?? s] as [number, number]);
}

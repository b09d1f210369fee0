/**
 * Asks ffprobe whether some bytes are audio, for files the byte signatures cannot place (AIFF,
 * AC-3, WMA, MP3 with leading junk, ...). Only the readers of those formats may answer
 * (`-format_whitelist`), and only the one input may be opened (`-protocol_whitelist`): a playlist
 * or any other format that opens further files is never tried. Which binary runs: lib/media/tools.ts.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { ffprobePath } from "@/lib/media/ffmpeg";
import type { FfmpegInputFormat } from "./sniff";

const TIMEOUT_MS = 15_000;

export type ProbeResult = { formatName: string; contentType: string; extension: string; ffmpegFormat: FfmpegInputFormat };

/** The formats ffprobe may find, by demuxer name. */
const KNOWN: Partial<Record<FfmpegInputFormat, { contentType: string; extension: string }>> = {
  mp3: { contentType: "audio/mpeg", extension: "mp3" },
  aiff: { contentType: "audio/aiff", extension: "aiff" },
  ac3: { contentType: "audio/ac3", extension: "ac3" },
  asf: { contentType: "audio/x-ms-wma", extension: "wma" },
  amr: { contentType: "audio/amr", extension: "amr" },
  caf: { contentType: "audio/x-caf", extension: "caf" },
  wav: { contentType: "audio/wav", extension: "wav" },
};
const WHITELIST = Object.keys(KNOWN).join(",");
const ENTRIES = ["-v", "error", "-print_format", "json", "-show_entries", "format=format_name:stream=codec_type", "-format_whitelist", WHITELIST];

/** The audio format ffprobe finds in a local file, or null when it finds no audio stream. */
export async function probeAudioFile(file: string, signal?: AbortSignal): Promise<ProbeResult | null> {
  return parse(await run([...ENTRIES, "-protocol_whitelist", "file", "-i", `file:${path.resolve(file)}`], signal));
}

function parse(output: string | null): ProbeResult | null {
  if (output === null) return null;
  let parsed: { format?: { format_name?: string }; streams?: { codec_type?: string }[] };
  try {
    parsed = JSON.parse(output) as typeof parsed;
  } catch {
    return null;
  }
  if (!parsed.streams?.some((s) => s.codec_type === "audio")) return null;
  const formatName = parsed.format?.format_name ?? "unknown";
  // format_name may list aliases ("mov,mp4,m4a,3gp,3g2,mj2"): the first known one names the type.
  const name = formatName.split(",").find((n): n is FfmpegInputFormat => Object.hasOwn(KNOWN, n));
  return name ? { formatName, ffmpegFormat: name, ...KNOWN[name]! } : null;
}

/** ffprobe's standard output, or null when it fails; throws only when it cannot be started. */
function run(args: string[], signal?: AbortSignal): Promise<string | null> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return resolve(null);
    const child = spawn(ffprobePath(), args, { stdio: ["ignore", "pipe", "ignore"] });
    const out: Buffer[] = [];
    const stop = () => child.kill("SIGKILL");
    const timer = setTimeout(stop, TIMEOUT_MS);
    signal?.addEventListener("abort", stop, { once: true });
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", stop);
    };
    child.stdout!.on("data", (chunk: Buffer) => out.push(chunk));
    child.once("error", (error) => {
      done();
      reject(error);
    });
    child.once("close", (code) => {
      done();
      resolve(code === 0 ? Buffer.concat(out).toString("utf8") : null);
    });
  });
}

/**
 * Asks ffprobe whether some bytes are audio, for files the byte signatures cannot place (AIFF,
 * AC-3, WMA, MP3 with leading junk, ...). The bytes go in on standard input, so nothing needs to be
 * stored before the answer. Which binary runs: lib/media/tools.ts.
 */
import { spawn } from "node:child_process";
import { ffprobePath } from "@/lib/media/ffmpeg";

const TIMEOUT_MS = 15_000;

export type ProbeResult = { formatName: string; contentType: string; extension: string };

const KNOWN: Record<string, { contentType: string; extension: string }> = {
  mp3: { contentType: "audio/mpeg", extension: "mp3" },
  aiff: { contentType: "audio/aiff", extension: "aiff" },
  ac3: { contentType: "audio/ac3", extension: "ac3" },
  asf: { contentType: "audio/x-ms-wma", extension: "wma" },
  amr: { contentType: "audio/amr", extension: "amr" },
  caf: { contentType: "audio/x-caf", extension: "caf" },
  wav: { contentType: "audio/wav", extension: "wav" },
};

/** The audio format ffprobe finds in `bytes`, or null when it finds no audio stream. */
export async function probeAudio(bytes: Uint8Array): Promise<ProbeResult | null> {
  const output = await run(["-v", "error", "-print_format", "json", "-show_entries", "format=format_name:stream=codec_type", "-i", "pipe:0"], bytes);
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
  const known = formatName.split(",").map((name) => KNOWN[name]).find(Boolean);
  return { formatName, ...(known ?? { contentType: "application/octet-stream", extension: "bin" }) };
}

/** ffprobe's standard output, or null when it fails; throws only when it cannot be started. */
function run(args: string[], input: Uint8Array): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffprobePath(), args, { stdio: ["pipe", "pipe", "ignore"] });
    const out: Buffer[] = [];
    const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    // ffprobe stops reading once it has seen enough; the rest of the input is not its concern.
    child.stdin.on("error", () => {});
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve(code === 0 ? Buffer.concat(out).toString("utf8") : null);
    });
    child.stdin.end(input);
  });
}

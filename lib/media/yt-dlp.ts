/**
 * YouTube audio through yt-dlp (YTDLP_PATH, else `yt-dlp` on PATH): the pure-JS downloaders are
 * unmaintained and blocked. An old yt-dlp fails the same way, so its version is checked first and
 * every failure says what to do: update it, or upload the audio file instead.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { MediaToolError, runTool } from "./ffmpeg";

/** Releases older than this no longer get through YouTube's changes. */
export const MIN_YTDLP_VERSION = "2025.01.01";

const advice = "Update yt-dlp (https://github.com/yt-dlp/yt-dlp), or upload the audio file instead.";

export function ytdlpPath(): string {
  return process.env.YTDLP_PATH || "yt-dlp";
}

/** "2025.06.30" compares as text once zero-padded. */
function versionKey(version: string): string {
  return version
    .trim()
    .split(/[.-]/)
    .slice(0, 3)
    .map((p) => p.padStart(4, "0"))
    .join(".");
}

export async function checkYtdlp(signal?: AbortSignal): Promise<string> {
  let version: string;
  try {
    version = (await runTool(ytdlpPath(), ["--version"], signal)).trim();
  } catch {
    throw new MediaToolError(`YouTube download failed: yt-dlp is not installed (set YTDLP_PATH). ${advice}`);
  }
  if (versionKey(version) < versionKey(MIN_YTDLP_VERSION)) {
    throw new MediaToolError(`YouTube download failed: yt-dlp ${version} is too old (${MIN_YTDLP_VERSION} or newer needed). ${advice}`);
  }
  return version;
}

/** Downloads a video's best audio into `dir`; returns the file's path. */
export async function downloadYoutubeAudio(youtubeId: string, dir: string, signal?: AbortSignal): Promise<string> {
  await checkYtdlp(signal);
  try {
    await runTool(
      ytdlpPath(),
      ["-f", "bestaudio/best", "--no-playlist", "--no-progress", "--quiet", "-o", path.join(dir, "source.%(ext)s"), `https://www.youtube.com/watch?v=${youtubeId}`],
      signal,
    );
  } catch (error) {
    throw new MediaToolError(`YouTube download failed: ${(error as Error).message.replace(/^yt-dlp failed: /, "")}. ${advice}`);
  }
  const file = (await readdir(dir)).find((name) => name.startsWith("source."));
  if (!file) throw new MediaToolError(`YouTube download failed: yt-dlp wrote no file. ${advice}`);
  return path.join(dir, file);
}

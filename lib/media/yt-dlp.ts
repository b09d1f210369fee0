/**
 * YouTube audio and captions through yt-dlp (YTDLP_PATH, else `yt-dlp` on PATH): the pure-JS downloaders are
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

/** Which of a video's own caption tracks yt-dlp saved: the uploader's, or YouTube's automatic ones. */
export type YoutubeCaptionsKind = "manual" | "auto";

/**
 * Saves the video's own captions in `language` as WebVTT into `dir`, the uploader's first, else
 * YouTube's automatic ones (their words carry times); null when it has neither. Regional variants
 * count (zh-Hans for zh), the plain code first.
 */
export async function downloadYoutubeCaptions(
  youtubeId: string,
  language: string,
  dir: string,
  signal?: AbortSignal,
): Promise<{ file: string; kind: YoutubeCaptionsKind } | null> {
  await checkYtdlp(signal);
  for (const kind of ["manual", "auto"] as const) {
    const name = `captions-${kind}`;
    try {
      await runTool(
        ytdlpPath(),
        [
          kind === "manual" ? "--write-subs" : "--write-auto-subs",
          "--sub-langs",
          `${language},${language}-.*`,
          "--sub-format",
          "vtt",
          "--skip-download",
          "--no-playlist",
          "--no-progress",
          "--quiet",
          "-o",
          path.join(dir, `${name}.%(ext)s`),
          `https://www.youtube.com/watch?v=${youtubeId}`,
        ],
        signal,
      );
    } catch (error) {
      throw new MediaToolError(`YouTube captions failed: ${(error as Error).message.replace(/^yt-dlp failed: /, "")}`);
    }
    const files = (await readdir(dir)).filter((file) => file.startsWith(`${name}.`) && file.endsWith(".vtt")).sort();
    const file = files.find((f) => f === `${name}.${language}.vtt`) ?? files[0];
    if (file) return { file: path.join(dir, file), kind };
  }
  return null;
}

/**
 * Small real video files for upload and playback tests: ffmpeg's `testsrc` picture with speech
 * from espeak-ng (or a tone when no words are given), as MP4 (H.264 + AAC) or WebM (VP8 + Opus),
 * made once per vitest run (media-cache.ts).
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { cachedMedia } from "./media-cache";

const run = promisify(execFile);

export type VideoSample = { format: "mp4" | "webm"; seconds?: number; words?: string; size?: string; faststart?: boolean };

const CODECS = {
  mp4: ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "48k"],
  webm: ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "200k", "-c:a", "libopus", "-b:a", "32k"],
};

export async function makeVideoDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), "lingoreel-video-"));
}

/** Writes a video of `seconds` (default 4) into `dir`, named `name`; returns its path. */
export async function makeVideo(dir: string, name: string, sample: VideoSample): Promise<string> {
  const seconds = sample.seconds ?? 4;
  return cachedMedia(path.join(dir, name), ["video", sample, path.extname(name)], async (file) => {
    let sound = ["-f", "lavfi", "-i", `sine=frequency=330:sample_rate=16000:duration=${seconds}`];
    if (sample.words) {
      const speech = `${file}.speech.wav`;
      await run("espeak-ng", ["-v", "en", "-s", "150", "-w", speech, sample.words]);
      sound = ["-i", speech];
    }
    await run("ffmpeg", [
      "-hide_banner", "-loglevel", "error", "-y",
      "-f", "lavfi", "-i", `testsrc=size=${sample.size ?? "320x180"}:rate=10:duration=${seconds}`,
      ...sound,
      "-af", `apad`, "-t", String(seconds),
      ...CODECS[sample.format],
      ...(sample.faststart ? ["-movflags", "+faststart"] : []),
      file,
    ]);
  });
}

/** The first `fraction` of a file, as a transfer cut short leaves it. */
export async function truncatedCopy(file: string, fraction: number): Promise<string> {
  const bytes = await fs.readFile(file);
  const out = `${file}.truncated${path.extname(file)}`;
  await fs.writeFile(out, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  return out;
}

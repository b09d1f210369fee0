/**
 * Own media: what the app does itself with an uploaded video, for a 10-minute 720p MP4 made once
 * into a temporary folder (BENCH_OWN_MEDIA_SECONDS to change the length): the upload's checks
 * (container sizes, ffprobe) and its thumbnail, and processing's audio extraction (16 kHz mono
 * WAV), each beside the bare ffmpeg/ffprobe command doing the same in the same run, so the
 * difference is the app's own overhead, not the machine's speed.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { toSpeechWav } from "@/lib/media/ffmpeg";
import { identifyMedia } from "@/lib/media/input";
import { containerIsComplete, cutThumbnail, probeVideo, thumbnailAtMs } from "@/lib/media/video";
import { envInt, ms, stats, timeRuns } from "./util";

const run = promisify(execFile);
const RUNS = 3;

async function timed(fn: () => Promise<unknown>) {
  return stats((await timeRuns(RUNS, 1, fn)).samples);
}

export async function benchOwnMedia(): Promise<void> {
  const seconds = envInt("BENCH_OWN_MEDIA_SECONDS", 600);
  console.log(`\nOwn media: a ${seconds / 60}-minute 720p MP4 (H.264 + AAC); p50 of ${RUNS} runs after a warm-up, app beside bare commands`);
  const dir = await mkdtemp(path.join(tmpdir(), "lingoreel-bench-media-"));
  try {
    const file = path.join(dir, "lesson.mp4");
    const made = performance.now();
    await run("ffmpeg", [
      "-hide_banner", "-loglevel", "error", "-y",
      "-f", "lavfi", "-i", `testsrc=size=1280x720:rate=24:duration=${seconds}`,
      "-f", "lavfi", "-i", `sine=frequency=220:sample_rate=44100:duration=${seconds}`,
      "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "96k", file,
    ]);
    console.log(`  input made in ${((performance.now() - made) / 1000).toFixed(1)} s: ${((await stat(file)).size / 1024 / 1024).toFixed(1)} MB`);
    const input = { path: file, format: "mov" as const };
    const at = thumbnailAtMs(seconds * 1000);
    const jpg = path.join(dir, "thumb.jpg");
    const wav = path.join(dir, "speech.wav");

    const rows: [string, Awaited<ReturnType<typeof timed>>, Awaited<ReturnType<typeof timed>>][] = [
      [
        "upload checks (sizes + ffprobe)",
        await timed(async () => {
          if (!(await containerIsComplete(input)) || !(await probeVideo(input))) throw new Error("the bench input did not pass the checks");
        }),
        await timed(() => run("ffprobe", ["-v", "error", "-show_entries", "format=duration:stream=codec_type", "-of", "json", file])),
      ],
      [
        "thumbnail at 10 %",
        await timed(() => cutThumbnail(input, at, jpg)),
        await timed(() => run("ffmpeg", ["-v", "error", "-y", "-ss", String(at / 1000), "-i", file, "-frames:v", "1", "-vf", "scale=640:-2", "-q:v", "4", "-update", "1", jpg])),
      ],
      [
        "audio extraction (16 kHz WAV)",
        await timed(async () => toSpeechWav((await identifyMedia(file)).input, wav, { maxSeconds: 7200 })),
        await timed(() => run("ffmpeg", ["-v", "error", "-y", "-i", file, "-vn", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", wav])),
      ],
    ];
    console.log(`  ${"step".padEnd(34)} ${"app ms".padStart(8)} ${"bare ms".padStart(8)} ${"overhead".padStart(9)}`);
    for (const [name, app, bare] of rows) {
      console.log(`  ${name.padEnd(34)} ${ms(app.p50, 8)} ${ms(bare.p50, 8)} ${`${(app.p50 - bare.p50).toFixed(0)} ms`.padStart(9)}`);
    }
    const app = rows.reduce((sum, [, a]) => sum + a.p50, 0);
    const bare = rows.reduce((sum, [, , b]) => sum + b.p50, 0);
    console.log(`  ${"processing's own work, all steps".padEnd(34)} ${ms(app, 8)} ${ms(bare, 8)} ${`${(app - bare).toFixed(0)} ms`.padStart(9)}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The export's audio clips (lib/media/clips.ts): several lines of one media file cut in one ffmpeg
 * run each give their own line's audio, with the padding around it, read back by ffprobe and
 * ffmpeg. The media is an Opus WebM (as uploads are) of five "lines", each a tone of its own pitch
 * for 2 s with 1 s of silence between them, so a clip that held another line's audio would show it.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cutMp3Clips, type ClipSpan } from "@/lib/media/clips";
import { ffmpegPath, ffprobePath } from "@/lib/media/ffmpeg";
import { identifyMedia } from "@/lib/media/input";
import type { MediaInput } from "@/lib/media/ffmpeg";

const PITCHES = [300, 500, 700, 900, 1100];
const LINE_MS = 2000;
const STEP_MS = 3000;
const PAD_MS = 300;
const RATE = 24_000;

let dir: string;
let input: MediaInput;

/** Line k: a tone of PITCHES[k] from k × 3 s for 2 s; silence between. */
function tonesExpression(): string {
  const pieces = PITCHES.map((f, k) => `between(t,${(k * STEP_MS) / 1000},${(k * STEP_MS + LINE_MS) / 1000})*sin(2*PI*${f}*t)`);
  return `0.5*(${pieces.join("+")})`;
}

/** A clip decoded back: its length by ffprobe, its samples by ffmpeg. */
function readClip(bytes: Uint8Array, name: string) {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const duration = Number(execFileSync(ffprobePath(), ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]).toString().trim());
  const pcm = execFileSync(ffmpegPath(), ["-v", "error", "-i", file, "-f", "s16le", "-ac", "1", "-ar", String(RATE), "-"], { maxBuffer: 64 * 1024 * 1024 });
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
  return { duration, samples };
}

/** Where the sound is (first and last sample louder than a quarter of full scale), in seconds, and its pitch from its zero crossings. */
function sound(samples: Int16Array) {
  const loud = (v: number) => Math.abs(v) > 8000;
  const first = samples.findIndex(loud);
  const last = samples.findLastIndex(loud);
  let crossings = 0;
  for (let i = first + 1; i <= last; i++) if (samples[i - 1]! < 0 !== samples[i]! < 0) crossings++;
  return { startS: first / RATE, endS: last / RATE, pitch: crossings / 2 / ((last - first) / RATE) };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lingoreel-clips-"));
  const media = path.join(dir, "lines.webm");
  execFileSync(ffmpegPath(), [
    "-v", "error", "-f", "lavfi", "-i", `aevalsrc='${tonesExpression()}':s=48000:d=${(PITCHES.length * STEP_MS) / 1000}`,
    "-c:a", "libopus", "-b:a", "48k", media,
  ]);
  input = (await identifyMedia(media)).input;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("export clips", () => {
  it("gives each line of one file, cut in one run, its own audio with the padding around it", async () => {
    // The lines out of order, the first at the very start of the file: each clip comes back where its span was asked.
    const order = [2, 0, 4, 1, 3];
    const spans: ClipSpan[] = order.map((k) => ({ startMs: Math.max(0, k * STEP_MS - PAD_MS), endMs: k * STEP_MS + LINE_MS + PAD_MS }));
    const clips = await cutMp3Clips(input, spans, path.join(dir, "run.mp3"));
    expect(clips).toHaveLength(order.length);
    for (const [i, k] of order.entries()) {
      const { duration, samples } = readClip(clips[i]!, `line-${k}.mp3`);
      const span = (spans[i]!.endMs - spans[i]!.startMs) / 1000;
      // Whole 24 ms frames: a frame or two more than the span, never less.
      expect(duration, `line ${k}`).toBeGreaterThanOrEqual(span - 0.01);
      expect(duration, `line ${k}`).toBeLessThan(span + 0.1);
      const heard = sound(samples);
      expect(Math.abs(heard.pitch - PITCHES[k]!), `line ${k}: ${heard.pitch.toFixed(0)} Hz`).toBeLessThan(PITCHES[k]! * 0.03);
      // The line's 2 s of tone after the lead-in: 300 ms (none for the first line, which starts the
      // file), give or take the frame the clip starts early by (24 ms) and where the span falls in its frame.
      const lead = k === 0 ? 0 : PAD_MS / 1000;
      expect(heard.startS, `line ${k}`).toBeGreaterThan(lead - 0.01);
      expect(heard.startS, `line ${k}`).toBeLessThan(lead + 0.06);
      expect(heard.endS - heard.startS, `line ${k}`).toBeGreaterThan(LINE_MS / 1000 - 0.05);
      expect(heard.endS - heard.startS, `line ${k}`).toBeLessThan(LINE_MS / 1000 + 0.05);
    }
  });

  it("gives a shorter clip for a span running past the end of the media, and none for one after it", async () => {
    const end = PITCHES.length * STEP_MS;
    const [partial, after] = await cutMp3Clips(input, [{ startMs: end - 1000, endMs: end + 2000 }, { startMs: end + 5000, endMs: end + 7000 }], path.join(dir, "tail.mp3"));
    const { duration } = readClip(partial!, "partial.mp3");
    expect(duration).toBeGreaterThan(0.9);
    expect(duration).toBeLessThan(1.2);
    expect(after).toHaveLength(0);
  });
});

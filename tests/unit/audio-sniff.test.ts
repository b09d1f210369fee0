/**
 * Audio recognised by content: real files of every supported format (made by ffmpeg) are
 * recognised from their first bytes, text and other files are not, and ffprobe places what the
 * signatures cannot.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeAudio } from "@/lib/uploads/ffprobe";
import { sniffAudio } from "@/lib/uploads/sniff";
import { makeAudio, makeAudioDir, type AudioSample } from "../helpers/audio-files";

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await makeAudioDir();
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const head = async (file: string, bytes = 256 * 1024) => (await fs.readFile(file)).subarray(0, bytes);

describe("audio sniffing", () => {
  const expected: [AudioSample, string, string][] = [
    ["tone.mp3", "mp3", "audio/mpeg"],
    ["tone-no-tag.mp3", "mp3", "audio/mpeg"],
    ["tone.wav", "wav", "audio/wav"],
    ["tone.m4a", "mp4", "audio/mp4"],
    ["tone.aac", "aac", "audio/aac"],
    ["tone.ogg", "ogg", "audio/ogg"],
    ["tone.opus", "ogg", "audio/ogg"],
    ["tone.flac", "flac", "audio/flac"],
    ["tone.webm", "webm", "audio/webm"],
    ["tone.mka", "matroska", "audio/x-matroska"],
  ];

  it.each(expected)("recognises %s from its first bytes", async (sample, name, contentType) => {
    const file = await makeAudio(dir, sample);
    expect(sniffAudio(await head(file))).toEqual({ kind: "audio", format: expect.objectContaining({ name, contentType }) });
    // A few kilobytes are enough.
    expect(sniffAudio(await head(file, 4096))).toMatchObject({ kind: "audio", format: { name } });
  });

  it("recognises an MP3 without an ID3 tag by two frames in a row", async () => {
    const bytes = await head(await makeAudio(dir, "tone-no-tag.mp3"));
    expect(bytes.subarray(0, 3).toString("latin1")).not.toBe("ID3");
    expect(sniffAudio(bytes)).toMatchObject({ kind: "audio", format: { name: "mp3" } });
    // One frame header followed by garbage is not enough.
    const broken = Buffer.concat([bytes.subarray(0, 4), Buffer.alloc(2000, 0x41)]);
    expect(sniffAudio(broken).kind).not.toBe("audio");
  });

  it("looks past an ID3 tag in front of other audio", async () => {
    const flac = await head(await makeAudio(dir, "tone.flac"));
    const tag = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 10, ...new Array<number>(10).fill(0)]);
    expect(sniffAudio(Buffer.concat([tag, flac]))).toMatchObject({ kind: "audio", format: { name: "flac" } });
  });

  it("calls text not audio, whatever its name", () => {
    const texts = [
      "Dear diary, this file was renamed to song.mp3.\n",
      "WEBVTT\n\n00:01.000 --> 00:02.000\nhola\n",
      "<!doctype html><html><body>hi</body></html>",
      "ID3 is how this text starts\n",
      "Señor, ¿qué tal? 日本語\tfine\r\n",
    ];
    for (const text of texts) expect(sniffAudio(Buffer.from(text)), text).toEqual({ kind: "not-audio", reason: "text" });
  });

  it("leaves other binary data to ffprobe", () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    expect(sniffAudio(png)).toEqual({ kind: "unknown" });
    expect(sniffAudio(Buffer.from([0xff, 0xfb, 0x90, 0x00, 0x00, 0x01, 0x02]))).toEqual({ kind: "unknown" });
    expect(sniffAudio(Buffer.alloc(0))).toEqual({ kind: "unknown" });
  });
});

describe("ffprobe fallback", () => {
  it("places audio the signatures do not know", async () => {
    const bytes = await head(await makeAudio(dir, "tone.aiff"));
    expect(sniffAudio(bytes)).toEqual({ kind: "unknown" });
    expect(await probeAudio(bytes)).toMatchObject({ formatName: "aiff", contentType: "audio/aiff", extension: "aiff" });
  });

  it("finds no audio in text, images or noise", async () => {
    expect(await probeAudio(Buffer.from("just words, renamed to .mp3\n".repeat(100)))).toBeNull();
    const png = path.join(dir, "red.png");
    await run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=red:s=16x16", "-frames:v", "1", png]);
    expect(sniffAudio(await fs.readFile(png))).toEqual({ kind: "unknown" });
    expect(await probeAudio(await fs.readFile(png))).toBeNull();
    const noise = Buffer.alloc(64 * 1024);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    expect(await probeAudio(noise)).toBeNull();
    expect(await probeAudio(Buffer.alloc(0))).toBeNull();
  });
});

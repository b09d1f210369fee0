/**
 * Audio recognised by content: real files of every supported format (made by ffmpeg) are
 * recognised from their first bytes, text and other files are not, and ffprobe places what the
 * signatures cannot. An ID3 tag is no pass: what follows it must be audio frames, or a playlist
 * behind it would have ffmpeg read the files it names. ffmpeg's arguments force the sniffed format.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inputArgs } from "@/lib/media/ffmpeg";
import { identifyMedia, NotAudioError, sniffAudioFile } from "@/lib/media/input";
import { probeAudioFile } from "@/lib/uploads/ffprobe";
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
  /** ffprobe's answer for a file holding `bytes`. */
  const probeBytes = async (name: string, bytes: Uint8Array) => {
    const file = path.join(dir, name);
    await fs.writeFile(file, bytes);
    return probeAudioFile(file);
  };

  it("places audio the signatures do not know", async () => {
    const file = await makeAudio(dir, "tone.aiff");
    expect(sniffAudio(await head(file))).toEqual({ kind: "unknown" });
    expect(await probeAudioFile(file)).toMatchObject({ formatName: "aiff", contentType: "audio/aiff", extension: "aiff" });
  });

  it("finds no audio in text, images or noise", async () => {
    expect(await probeBytes("words.mp3", Buffer.from("just words, renamed to .mp3\n".repeat(100)))).toBeNull();
    const png = path.join(dir, "red.png");
    await run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=red:s=16x16", "-frames:v", "1", png]);
    expect(sniffAudio(await fs.readFile(png))).toEqual({ kind: "unknown" });
    expect(await probeAudioFile(png)).toBeNull();
    const noise = Buffer.alloc(64 * 1024);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    expect(await probeBytes("noise.mp3", noise)).toBeNull();
    expect(await probeBytes("empty.mp3", Buffer.alloc(0))).toBeNull();
  });
});

/** An ID3v2.3 tag of `bodyBytes` (zeros: a tag with nothing but padding, as some writers leave). */
function id3Tag(bodyBytes = 0): Buffer {
  const size = [21, 14, 7, 0].map((shift) => (bodyBytes >> shift) & 0x7f);
  return Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, ...size]), Buffer.alloc(bodyBytes)]);
}

describe("what follows an ID3 tag", () => {
  const hostile: [string, string][] = [
    ["an HLS playlist naming a local file", "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:3,\n/var/lib/secret/recording.wav\n#EXT-X-ENDLIST\n"],
    ["plain text", "Just some words after a tag.\n"],
    ["an ffconcat script", "ffconcat version 1.0\nfile '/etc/passwd'\nfile 'file:/home/user/voice.wav'\n"],
    ["a concat protocol line", "concat:/tmp/a.wav|/tmp/b.wav"],
  ];

  it.each(hostile)("refuses an ID3 tag followed by %s", (_, text) => {
    expect(sniffAudio(Buffer.concat([id3Tag(), Buffer.from(text)]))).toEqual({ kind: "not-audio", reason: "no audio frames after the ID3 tag" });
    // Padding after the tag changes nothing.
    expect(sniffAudio(Buffer.concat([id3Tag(64), Buffer.from(text)])).kind).toBe("not-audio");
  });

  it("refuses an ID3 tag followed by junk, or by one MPEG frame header and then junk", async () => {
    const junk = Buffer.alloc(8192);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 2654435761) >>> 24;
    expect(sniffAudio(Buffer.concat([id3Tag(), junk])).kind).toBe("not-audio");
    const frames = await head(await makeAudio(dir, "tone-no-tag.mp3"));
    expect(sniffAudio(Buffer.concat([id3Tag(), frames.subarray(0, 4), junk])).kind).toBe("not-audio");
  });

  it("takes an ID3 tag (with padding) followed by MPEG audio frames as MP3", async () => {
    const frames = await head(await makeAudio(dir, "tone-no-tag.mp3"));
    expect(sniffAudio(Buffer.concat([id3Tag(), frames]))).toMatchObject({ kind: "audio", format: { name: "mp3", ffmpegFormat: "mp3" } });
    expect(sniffAudio(Buffer.concat([id3Tag(512), frames]))).toMatchObject({ kind: "audio", format: { name: "mp3" } });
  });

  it("reads past a tag longer than the head in a file: cover art, then frames or a playlist", async () => {
    const art = id3Tag(300 * 1024);
    const frames = await head(await makeAudio(dir, "tone-no-tag.mp3"));
    const good = path.join(dir, "long-tag.mp3");
    const bad = path.join(dir, "long-tag-playlist.mp3");
    await fs.writeFile(good, Buffer.concat([art, frames]));
    await fs.writeFile(bad, Buffer.concat([art, Buffer.from(hostile[0]![1])]));
    expect(await sniffAudioFile(good)).toMatchObject({ kind: "audio", format: { name: "mp3" } });
    expect(await sniffAudioFile(bad)).toMatchObject({ kind: "not-audio" });
    await expect(identifyMedia(bad)).rejects.toBeInstanceOf(NotAudioError);
  });

  it("identifies files for ffmpeg: the demuxer from the bytes, whatever the name", async () => {
    const m4a = await makeAudio(dir, "tone.m4a");
    const renamed = path.join(dir, "really-m4a.mp3");
    await fs.copyFile(m4a, renamed);
    expect(await identifyMedia(renamed)).toMatchObject({ input: { path: renamed, format: "mov" }, contentType: "audio/mp4" });
    expect((await identifyMedia(await makeAudio(dir, "tone.webm"))).input.format).toBe("matroska");
    expect((await identifyMedia(await makeAudio(dir, "tone.aiff"))).input.format).toBe("aiff");
  });
});

describe("ffmpeg's input arguments", () => {
  it("force the sniffed demuxer, allow only it and the file protocol, and name the input as a file", () => {
    const args = inputArgs({ path: "/srv/work/concat:a.wav|b.wav", format: "mp3" });
    expect(args).toEqual(["-protocol_whitelist", "file", "-format_whitelist", "mp3", "-f", "mp3", "-i", "file:/srv/work/concat:a.wav|b.wav"]);
    // A relative path becomes absolute: "-i x" never reaches ffmpeg's protocol guessing.
    expect(inputArgs({ path: "upload", format: "wav" }).at(-1)).toBe(`file:${path.resolve("upload")}`);
  });
});

describe("ffprobe on files the signatures cannot place", () => {
  it("does not follow a playlist or a concat script, even named as one", async () => {
    // Names relative to the list, as an unrestricted ffprobe follows them (the concat reader refuses absolute ones).
    await fs.copyFile(await makeAudio(dir, "tone.wav"), path.join(dir, "secret.wav"));
    const playlist = path.join(dir, "list.m3u8");
    await fs.writeFile(playlist, "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:1,\nsecret.wav\n#EXT-X-ENDLIST\n");
    expect(await probeAudioFile(playlist)).toBeNull();
    const concat = path.join(dir, "list.ffconcat");
    await fs.writeFile(concat, "ffconcat version 1.0\nfile 'secret.wav'\n");
    expect(await probeAudioFile(concat)).toBeNull();
  });

  it("still places the formats it is there for", async () => {
    expect(await probeAudioFile(await makeAudio(dir, "tone.aiff"))).toMatchObject({ formatName: "aiff", ffmpegFormat: "aiff" });
  });
});

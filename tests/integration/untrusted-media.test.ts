/**
 * Untrusted media end to end, through the add-video route and the processing worker, with real
 * files and a local stand-in for the OpenAI API:
 * - an "MP3" that is an ID3 tag and an HLS playlist naming a WAV elsewhere on disk is refused at
 *   upload, and ffmpeg, given such a file with its format forced, reads nothing else;
 * - audio over MAX_MEDIA_SECONDS (a FLAC of silence: tiny file, long audio) is refused at upload
 *   and, reaching processing another way, fails it before ffmpeg decodes anything, with the
 *   reason; a FLAC whose header understates its length is cut at the limit while decoding;
 * - a subtitle file or a transcription over MAX_LINES_PER_VIDEO is refused at upload / fails
 *   processing with the reason, before the API gets a single chat call.
 * ffmpeg and ffprobe run through wrappers that note each run, to tell "never decoded" from "decoded".
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postVideo } from "@/app/api/videos/route";
import { GET as getMe } from "@/app/api/users/route";
import { videos } from "@/db/schema";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { startWorkerQueue } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";
import { sendJob } from "@/lib/jobs/send";
import { startWorkers } from "@/lib/pipeline/job-workers";
import { defaultAudioSource } from "@/lib/pipeline/audio-source";
import { MediaToolError, toSpeechWav } from "@/lib/media/ffmpeg";
import { resolveTool } from "@/lib/media/tools";
import { createLocalStorage, installStorage } from "@/lib/storage";
import { NOT_AUDIO_MESSAGE } from "@/lib/uploads";
import { signedInUser } from "../helpers/app";
import { makeAudio, makeAudioDir } from "../helpers/audio-files";
import { testDbKinds, useTestDb } from "../helpers/db";
import { setAiServer, setEnv } from "@/scripts/standins/env";
import { startFakeOpenAi, type FakeOpenAi } from "@/scripts/standins/fake-openai";
import { call } from "../helpers/learner-api";
import { answerChat, transcriptOf } from "@/scripts/standins/standin-answers";
import { settledVideo } from "../helpers/videos";

const LINES = ["Buenos días, quiero un café.", "El mercado abre temprano.", "Compramos naranjas y manzanas."];
/** What the stand-in recogniser hears next (three lines unless a test says otherwise). */
let heard: string[] = LINES;

let dir: string;
let ai: FakeOpenAi;
let secret: string;
/** ID3 tag + HLS playlist naming `secret`: what the 2018 ffmpeg followed. */
let playlistMp3: string;
/** 90 s of silence in a FLAC of some 20 KB. */
let longFlac: string;
/** The same FLAC, its header saying 1 s. */
let lyingFlac: string;
let toneMp3: string;
let ffmpegLog: string;
const saved: Record<string, string | undefined> = {};

const id3 = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
/** `count` cues of 25 ms each: 2,000 of them end at 50 s, inside this file's 1 min MAX_MEDIA_SECONDS. */
const srtOf = (count: number) =>
  Array.from({ length: count }, (_, i) => {
    const at = (ms: number) => `00:00:${String(Math.floor(ms / 1000)).padStart(2, "0")},${String(ms % 1000).padStart(3, "0")}`;
    return `${i + 1}\n${at(i * 25)} --> ${at(i * 25 + 25)}\nLínea número ${i + 1}.\n`;
  }).join("\n");

/** ffmpeg (or ffprobe) behind a script that appends its name and arguments to `ffmpegLog`. */
async function wrapper(name: "ffmpeg" | "ffprobe"): Promise<string> {
  const real = resolveTool(name).path;
  const file = path.join(dir, "bin", name);
  await writeFile(file, `#!/bin/sh\necho "${name} $*" >> "${ffmpegLog}"\nexec "${real}" "$@"\n`);
  await chmod(file, 0o755);
  return file;
}
const runs = (name: "ffmpeg" | "ffprobe") => (existsSync(ffmpegLog) ? readFileSync(ffmpegLog, "utf8") : "").split("\n").filter((l) => l.startsWith(`${name} `));

beforeAll(async () => {
  dir = await makeAudioDir();
  ffmpegLog = path.join(dir, "ffmpeg-runs.log");
  secret = await makeAudio(dir, "tone.wav", 3);
  toneMp3 = await makeAudio(dir, "tone.mp3", 2);
  playlistMp3 = path.join(dir, "lesson.mp3");
  writeFileSync(playlistMp3, Buffer.concat([id3, Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:3,\n${secret}\n#EXT-X-ENDLIST\n`)]));
  longFlac = path.join(dir, "silence.flac");
  execFileSync(resolveTool("ffmpeg").path, ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono", "-t", "90", "-c:a", "flac", longFlac]);
  const bytes = readFileSync(longFlac);
  // STREAMINFO's total sample count (36 bits from byte 21's low nibble): 16,000, one second.
  bytes[21] = bytes[21]! & 0xf0;
  bytes.writeUInt32BE(16_000, 22);
  lyingFlac = path.join(dir, "lying.flac");
  writeFileSync(lyingFlac, bytes);

  await mkdir(path.join(dir, "bin"));
  const ffmpeg = await wrapper("ffmpeg");
  const ffprobe = await wrapper("ffprobe");
  for (const name of ["FFMPEG_PATH", "FFPROBE_PATH", "MAX_MEDIA_SECONDS", "MAX_LINES_PER_VIDEO"]) saved[name] = process.env[name];
  setEnv({ FFMPEG_PATH: ffmpeg, FFPROBE_PATH: ffprobe, MAX_MEDIA_SECONDS: "60", MAX_LINES_PER_VIDEO: undefined });

  ai = await startFakeOpenAi({ transcribe: () => transcriptOf(heard, { every: 10, spoken: 3, duration: heard.length * 10 }), chat: answerChat });
  setAiServer(ai.url);
});
afterAll(async () => {
  setEnv(saved);
  setAiServer(undefined);
  await ai?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("ffmpeg given a playlist behind an ID3 tag, as if it had passed the sniffing", () => {
  it("reads it as the MP3 it claims to be: it fails, and nothing of the other file comes out", async () => {
    const out = path.join(dir, "stolen.wav");
    await expect(toSpeechWav({ path: playlistMp3, format: "mp3" }, out)).rejects.toBeInstanceOf(MediaToolError);
    expect(existsSync(out) ? readFileSync(out).length : 0).toBeLessThan(1000);
  });
});

describe.each(testDbKinds)("untrusted media on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let boss: PgBoss | undefined;
  let uploads: string;
  let owner: { token: string };
  /** The file each video's processing run gets, copied into its folder as "upload" (as from storage). */
  const sources = new Map<number, string>();

  beforeAll(async () => {
    await seedDemoContent(t().db);
    owner = await signedInUser("owner@example.com");
    await call(getMe, "/api/users", { token: owner.token });
    uploads = await mkdtemp(path.join(tmpdir(), `lingoreel-untrusted-${kind}-`));
    installStorage(createLocalStorage(uploads));
    boss = await startWorkerQueue(t(), { maintenanceIntervalSeconds: 1 });
    await startWorkers(boss, {
      db: t().db,
      audio: async (video, workDir, signal) => {
        const source = sources.get(video.id);
        // Videos added through the route have their upload in storage.
        if (!source) return defaultAudioSource(video, workDir, signal);
        const copy = path.join(workDir, "upload");
        copyFileSync(source, copy);
        return copy;
      },
    });
  });
  afterAll(async () => {
    await boss?.stop({ graceful: true, close: false, wait: true, timeout: 15_000 });
    installStorage(undefined);
    await rm(uploads, { recursive: true, force: true });
  });

  /** The files in storage (not its .meta and .tmp folders). */
  const stored = async () =>
    (await readdir(uploads, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && !path.relative(uploads, e.parentPath).startsWith("."))
      .map((e) => e.name);

  let uploadCount = 0;
  async function upload(files: { audio?: [Buffer | string, string]; subtitles?: [string, string] }) {
    const form = new FormData();
    form.set("youtubeId", `Upl0aded${String(++uploadCount).padStart(3, "0")}`);
    form.set("title", "Subido");
    form.set("targetLanguage", "es");
    if (files.audio) form.set("audioFile", new File([typeof files.audio[0] === "string" ? files.audio[0] : new Uint8Array(files.audio[0])], files.audio[1]));
    if (files.subtitles) form.set("subtitleFile", new File([files.subtitles[0]], files.subtitles[1]));
    const request = new Request("http://localhost:3000/api/videos", { method: "POST", headers: { authorization: `Bearer ${owner.token}` }, body: form });
    const response = await postVideo(request, { params: Promise.resolve({}) });
    return { status: response.status, body: await response.json() };
  }

  const settled = (id: number) => settledVideo(t().db, id);

  /** Queues a video whose processing gets `source`; returns the video row once processing has settled. */
  async function processed(source: string, values: Partial<typeof videos.$inferInsert> = {}) {
    const [video] = await t().db.insert(videos).values({ youtubeId: "abcdefghijk", title: "Mercado", targetLanguage: "es", status: "processing", ...values }).returning();
    sources.set(video!.id, source);
    await sendJob(QUEUES.processVideo, { videoId: video!.id });
    return settled(video!.id);
  }
  const aiCalls = () => ({ transcriptions: ai.transcriptions.length, chats: ai.chats.length });

  it("refuses at upload an 'MP3' that is an ID3 tag and a playlist naming a local WAV, and keeps nothing", async () => {
    const refused = await upload({ audio: [await readFile(playlistMp3), "lesson.mp3"] });
    expect(refused).toMatchObject({ status: 400, body: { message: NOT_AUDIO_MESSAGE } });
    expect(await stored()).toEqual([]);
  });

  it("fails processing of such a file however it got there, before the API hears anything", async () => {
    const before = aiCalls();
    const video = await processed(playlistMp3);
    expect(video).toMatchObject({ status: "failed", errorReason: NOT_AUDIO_MESSAGE });
    expect(aiCalls()).toEqual(before);
  });

  it("refuses at upload audio longer than MAX_MEDIA_SECONDS, naming the limit, without decoding it", async () => {
    writeFileSync(ffmpegLog, "");
    const refused = await upload({ audio: [await readFile(longFlac), "silence.flac"] });
    expect(refused).toMatchObject({ status: 422, body: { message: "The audio is 1 min 30 s long, longer than the 1 min limit (MAX_MEDIA_SECONDS)" } });
    expect(await stored()).toEqual([]);
    expect(runs("ffprobe").length).toBeGreaterThan(0);
    expect(runs("ffmpeg")).toEqual([]);
    // Under the limit, the same kind of upload is taken.
    const taken = await upload({ audio: [await readFile(toneMp3), "tone.mp3"] });
    expect(taken.status).toBe(201);
    expect(await stored()).toEqual([expect.stringMatching(/\.mp3$/)]);
    // (Its processing ends before the next test counts the API's calls.)
    expect((await settled(taken.body.id)).status).toBe("processed");
  });

  it("fails processing of audio over the limit before decoding it, with the reason the admin reads", async () => {
    writeFileSync(ffmpegLog, "");
    const before = aiCalls();
    const video = await processed(longFlac);
    expect(video).toMatchObject({ status: "failed", errorReason: "The audio is 1 min 30 s long, longer than the 1 min limit (MAX_MEDIA_SECONDS)" });
    expect(runs("ffmpeg")).toEqual([]);
    expect(aiCalls()).toEqual(before);
  });

  it("cuts at the limit a file whose header understates its length", async () => {
    const video = await processed(lyingFlac);
    expect(video.status).toBe("processed");
    // The recogniser got 60 s of 16 kHz mono 16-bit audio, not the file's 90.
    const wav = ai.transcriptions.at(-1)!.file.bytes;
    expect(wav.readUInt32LE(24)).toBe(16_000);
    expect(Math.round((wav.length - 44) / 32_000)).toBe(60);
  });

  it("refuses at upload a subtitle file of 2,000 lines (default limit 1,500), and keeps nothing", async () => {
    const before = await stored();
    const refused = await upload({ subtitles: [srtOf(2000), "long.srt"] });
    expect(refused).toMatchObject({ status: 422, body: { message: "The subtitle file has 2,000 lines, more than the 1,500 a video may have (MAX_LINES_PER_VIDEO)" } });
    expect(await stored()).toEqual(before);
    const taken = await upload({ subtitles: [srtOf(3), "short.srt"] });
    expect(taken.status).toBe(201);
    await settled(taken.body.id);
  });

  it("fails processing of a stored subtitle file over the limit: not one AI call", async () => {
    await mkdir(path.join(uploads, "subtitles"), { recursive: true });
    await writeFile(path.join(uploads, "subtitles", "long.srt"), srtOf(2000));
    const before = aiCalls();
    const video = await processed(toneMp3, { subtitlePath: "subtitles/long.srt" });
    expect(video).toMatchObject({ status: "failed", errorReason: "The subtitle file has 2,000 lines, more than the 1,500 a video may have (MAX_LINES_PER_VIDEO)" });
    expect(aiCalls()).toEqual(before);
  });

  it("fails processing of a transcription over the limit before any chat call", async () => {
    setEnv({ MAX_LINES_PER_VIDEO: "20" });
    heard = Array.from({ length: 25 }, (_, i) => `Frase número ${i + 1}.`);
    try {
      const before = aiCalls();
      const video = await processed(toneMp3);
      expect(video).toMatchObject({ status: "failed", errorReason: "The transcription has 25 lines, more than the 20 a video may have (MAX_LINES_PER_VIDEO)" });
      expect(aiCalls()).toEqual({ transcriptions: before.transcriptions + 1, chats: before.chats });
    } finally {
      heard = LINES;
      setEnv({ MAX_LINES_PER_VIDEO: undefined });
    }
  });
});

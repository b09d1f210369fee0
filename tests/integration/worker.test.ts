/**
 * The processing worker end to end on real speech (espeak-ng through ffmpeg) against a local
 * OpenAI-compatible server: a queued video goes through every stage to 'processed' and plays;
 * without an AI provider it fails at once with the fix in the reason; a failed run is retried
 * from the admin's Retry and then succeeds; a run that outlives its job's expiry is stopped, its
 * ffmpeg with it, and the retry processes the video.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { and, eq, inArray, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as retry } from "@/app/api/videos/[id]/retry/route";
import { GET as translationStatus, POST as generateTranslations } from "@/app/api/videos/[id]/generate-translations/route";
import { GET as quizStatus, POST as regenerateQuizzes } from "@/app/api/videos/[id]/regenerate-quizzes/route";
import { POST as extractVocabulary } from "@/app/api/videos/[id]/extract-vocabulary/route";
import { GET as getCaptions } from "@/app/api/videos/[id]/captions/route";
import { GET as getVideo } from "@/app/api/videos/[id]/route";
import { POST as postVideo } from "@/app/api/videos/route";
import { GET as getWords } from "@/app/api/videos/[id]/words/route";
import { GET as getWordTimings } from "@/app/api/videos/[id]/word-timings/route";
import { GET as getQuiz } from "@/app/api/words/[id]/quiz/route";
import { GET as getMe } from "@/app/api/users/route";
import { resultRows } from "@/db/client";
import { stageLabel } from "@/lib/admin/video-status";
import { captions, quizzes, segmentTranslations, videoLemmas, videoTokens, videos, words } from "@/db/schema";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { startWorkerQueue } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";
import { sendJob } from "@/lib/jobs/send";
import { createLocalStorage, installStorage } from "@/lib/storage";
import { startWorkers } from "@/lib/pipeline/job-workers";
import type { AudioSource } from "@/lib/pipeline/process-video";
import { defaultAudioSource } from "@/lib/pipeline/audio-source";
import { extractVocabulary as reworkVocabulary, generateTranslations as reworkTranslations, regenerateQuizzes as reworkQuizzes } from "@/lib/pipeline/rework";
import { signedInUser } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { settledVideo } from "../helpers/videos";
import { setAiServer, setEnv } from "@/scripts/standins/env";
import { startFakeOpenAi, type FakeOpenAi } from "@/scripts/standins/fake-openai";
import { answerChat, transcriptOf } from "@/scripts/standins/standin-answers";
import { call } from "../helpers/learner-api";
import { processesMatching, waitUntil } from "../helpers/processes";
import { sendVideoJob } from "../helpers/jobs";

const LINES = ["Buenos días, quiero un café.", "El mercado abre temprano.", "Compramos naranjas y manzanas."];

/** How long the stand-in model takes to answer (ms), for runs that must outlive their time. */
let slowChat = 0;
/** While set, each request to the stand-in notes the stage label the admin sees at that moment. */
let stageNow: (() => Promise<string>) | undefined;
/**
 * YouTube's automatic captions as yt-dlp saves them: each cue repeats the line before, 10 ms cues
 * carry the finished line, lines of one space, inline word times. Two spoken lines.
 */
const ROLLING_CAPTIONS = [
  "WEBVTT",
  "Kind: captions",
  "Language: es",
  "",
  "00:00:00.500 --> 00:00:03.000 align:start position:0%",
  " ",
  "Buenos<00:00:01.000><c> días,</c><00:00:01.700><c> quiero</c><00:00:02.200><c> un</c><00:00:02.400><c> café.</c>",
  "",
  "00:00:03.000 --> 00:00:03.010 align:start position:0%",
  "Buenos días, quiero un café.",
  " ",
  "",
  "00:00:25.000 --> 00:00:28.000 align:start position:0%",
  "Buenos días, quiero un café.",
  "El<00:00:25.300><c> mercado</c><00:00:26.100><c> abre</c><00:00:26.800><c> temprano.</c>",
  "",
];

const stagesAtRequest: string[] = [];
const noteStage = async (request: string) => {
  if (stageNow) stagesAtRequest.push(`${request}: ${await stageNow()}`);
};

/** The stand-in recogniser hears our three lines, 25 s apart. */
const transcribe = () => transcriptOf(LINES, { every: 25, spoken: 3, duration: 60 });

let ai: FakeOpenAi;
let dir: string;
let clip: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lingoreel-worker-"));
  clip = path.join(dir, "clip.wav");
  execFileSync("espeak-ng", ["-v", "es", "-w", clip, LINES.join(" ")]);
  ai = await startFakeOpenAi({
    transcribe: async () => {
      await noteStage("transcription");
      return transcribe();
    },
    chat: async (request) => {
      if (slowChat) await new Promise((resolve) => setTimeout(resolve, slowChat));
      await noteStage(request.schemaName);
      return answerChat(request);
    },
  });
});
afterAll(async () => {
  setAiServer(undefined);
  await ai.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(testDbKinds)("processing worker on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let boss: PgBoss | undefined;
  // After-hooks run in reverse: the workers stop (letting a running job finish) before the database closes.
  afterAll(async () => {
    await boss?.stop({ graceful: true, close: false, wait: true, timeout: 15_000 });
  });
  let admin: { id: string; token: string };

  beforeAll(async () => {
    await seedDemoContent(t().db);
    admin = await signedInUser("owner@example.com");
    await call(getMe, "/api/users", { token: admin.token });
    boss = await startWorkerQueue(t(), { maintenanceIntervalSeconds: 1 });
    await startWorkers(boss, {
      db: t().db,
      audio: async (video, workDir, signal) => {
        if (nextAudio) return nextAudio(video, workDir, signal);
        const copy = path.join(workDir, "upload.wav");
        copyFileSync(clip, copy);
        return copy;
      },
    });
  });
  /** The audio source of the next run, if not the clip (it clears itself when used). */
  let nextAudio: AudioSource | undefined;
  const addVideo = async () =>
    (await t().db.insert(videos).values({ youtubeId: "abcdefghijk", title: "Mercado", targetLanguage: "es", status: "processing" }).returning())[0]!.id;

  const settled = (id: number) => settledVideo(t().db, id);

  it("takes a queued video through every stage to processed, and it plays with captions and quizzes", async () => {
    setAiServer(ai.url);
    const id = await addVideo();
    stagesAtRequest.length = 0;
    stageNow = async () => stageLabel((await t().db.select().from(videos).where(eq(videos.id, id)))[0]!.processingProgress);
    await sendJob(QUEUES.processVideo, { videoId: id });
    const video = await settled(id);
    stageNow = undefined;
    expect(video).toMatchObject({ status: "processed", processingProgress: 100, errorReason: null, durationMs: 60_000 });
    // While each call runs, the admin's row names the stage it belongs to.
    expect(new Set(stagesAtRequest)).toEqual(
      new Set(["transcription: Transcribing with Whisper", "vocabulary: Processing Vocabulary", "translations: Processing Vocabulary"]),
    );
    const params = { id: String(id) };
    expect((await call(getCaptions, `/api/videos/${id}/captions`, { token: admin.token, params })).body.map((c: { text: string }) => c.text)).toEqual(LINES);
    const words = (await call(getWords, `/api/videos/${id}/words`, { token: admin.token, params })).body;
    expect(words.map((w: { word: string }) => w.word)).toEqual(["Buenos", "temprano", "Compramos"]);
    const quiz = (await call(getQuiz, `/api/words/${words[0].id}/quiz?nativeLanguage=en`, { token: admin.token, params: { id: String(words[0].id) } })).body;
    expect(quiz.options[quiz.correctIndex]).toBe("en-Buenos");
    expect(quiz.options).toHaveLength(4);
    // The recogniser got 16 kHz mono speech.
    const wav = ai.transcriptions.at(-1)!.file.bytes;
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(16_000);
  });

  it("an uploaded subtitle file becomes the captions, its words timed by the transcription", async () => {
    setAiServer(ai.url);
    const storage = createLocalStorage(path.join(dir, `uploads-${kind}`));
    installStorage(storage);
    try {
      const srt = "1\r\n00:00:00,500 --> 00:00:03,000\r\n<i>Buenos días</i>, quiero un café.\r\n\r\n2\r\n00:00:25,000 --> 00:00:28,000\r\nEl mercado abre temprano.\r\n";
      await storage.put("subtitles/test.srt", Readable.from([Buffer.from(srt)]), { contentType: "application/x-subrip" });
      const [video] = await t().db.insert(videos).values({ youtubeId: "abcdefghijk", title: "Con subtítulos", targetLanguage: "es", status: "processing", subtitlePath: "subtitles/test.srt" }).returning();
      await sendJob(QUEUES.processVideo, { videoId: video!.id });
      expect(await settled(video!.id)).toMatchObject({ status: "processed" });
      const lines = (await call(getCaptions, `/api/videos/${video!.id}/captions`, { token: admin.token, params: { id: String(video!.id) } })).body;
      expect(lines.map((c: { text: string; startTime: number }) => [c.text, c.startTime])).toEqual([
        ["Buenos días, quiero un café.", 500],
        ["El mercado abre temprano.", 25_000],
      ]);
    } finally {
      installStorage(undefined);
    }
  });

  it("YouTube's rolling automatic captions uploaded with an audio file become one caption per spoken line, timed by the file's own word times", async () => {
    setAiServer(ai.url);
    const storage = createLocalStorage(path.join(dir, `uploads-rolling-${kind}`));
    installStorage(storage);
    try {
      // The two rolling lines, then a third that comes without word times.
      const vtt = [
        ...ROLLING_CAPTIONS,
        "00:00:28.000 --> 00:00:28.010 align:start position:0%",
        "El mercado abre temprano.",
        " ",
        "",
        "00:00:50.000 --> 00:00:53.000 align:start position:0%",
        "El mercado abre temprano.",
        "Compramos naranjas y manzanas.",
        "",
      ].join("\n");
      // Uploaded as the admin would: the audio file and the captions file, through POST /api/videos.
      const upload = (captionsFile: string) => {
        const form = new FormData();
        form.set("youtubeId", "abcdefghijk");
        form.set("title", "Subtítulos automáticos");
        form.set("targetLanguage", "es");
        form.set("audioFile", new File([readFileSync(clip)], "clase.wav", { type: "audio/wav" }));
        form.set("subtitleFile", new File([captionsFile], "clase.es.vtt", { type: "text/vtt" }));
        const request = new Request("http://localhost:3000/api/videos", { method: "POST", headers: { authorization: `Bearer ${admin.token}` }, body: form });
        return postVideo(request, { params: Promise.resolve({}) });
      };
      // A file that still cannot be used is refused with the line and the reason, and nothing is added.
      const count = async () => (await t().db.select({ id: videos.id }).from(videos)).length;
      const before = await count();
      const broken = await upload(vtt.replace("00:00:50.000 --> 00:00:53.000", "00:00:50.000 -> 00:00:53.000"));
      expect(broken.status).toBe(400);
      expect((await broken.json()).message).toBe("The subtitle file cannot be used: Line 21: expected a cue timing such as 00:00:01.000 --> 00:00:02.500");
      expect(await count()).toBe(before);
      const heard = ai.transcriptions.length;
      nextAudio = defaultAudioSource;
      const response = await upload(vtt);
      expect(response.status).toBe(201);
      const video = (await response.json()) as { id: number };
      expect(await settled(video.id)).toMatchObject({ status: "processed", captionsSource: "subtitle-file" });
      // The uploaded audio was transcribed (for the line the file does not time).
      expect(ai.transcriptions.length).toBe(heard + 1);
      const params = { id: String(video!.id) };
      const lines = (await call(getCaptions, `/api/videos/${video!.id}/captions`, { token: admin.token, params })).body;
      expect(lines.map((c: { text: string; startTime: number; endTime: number }) => [c.text, c.startTime, c.endTime])).toEqual([
        ["Buenos días, quiero un café.", 500, 3010],
        ["El mercado abre temprano.", 25_000, 28_010],
        ["Compramos naranjas y manzanas.", 50_000, 53_000],
      ]);
      const timings = (await call(getWordTimings, `/api/videos/${video!.id}/word-timings`, { token: admin.token, params })).body;
      const line = (id: number) => timings.filter((w: { captionId: number }) => w.captionId === id).map((w: { word: string; start: number; end: number }) => [w.word, w.start, w.end]);
      // The file's word times where it has them: the recogniser heard these words at other times.
      expect(line(lines[0].id)).toEqual([
        ["Buenos", 500, 1000],
        ["días,", 1000, 1700],
        ["quiero", 1700, 2200],
        ["un", 2200, 2400],
        ["café.", 2400, 3000],
      ]);
      expect(line(lines[1].id)).toEqual([
        ["El", 25_000, 25_300],
        ["mercado", 25_300, 26_100],
        ["abre", 26_100, 26_800],
        ["temprano.", 26_800, 28_000],
      ]);
      // The line the file does not time keeps the transcription's words.
      expect(line(lines[2].id)).toEqual([
        ["Compramos", 50_000, 50_750],
        ["naranjas", 50_750, 51_500],
        ["y", 51_500, 52_250],
        ["manzanas.", 52_250, 53_000],
      ]);
    } finally {
      nextAudio = undefined;
      installStorage(undefined);
    }
  });

  it("a quiz or translation job that cannot run says why when it ends (the status's error), and the video keeps the reason", async () => {
    setAiServer(ai.url);
    // Never processed: no captions to work from.
    const id = await addVideo();
    const params = { id: String(id) };
    for (const [post, get, suffix, body] of [
      [regenerateQuizzes, quizStatus, "/regenerate-quizzes", undefined],
      [generateTranslations, translationStatus, "/generate-translations", { action: "fill_missing" }],
    ] as const) {
      const queued = await call(post, `/api/videos/${id}${suffix}`, { method: "POST", token: admin.token, body, params });
      expect(queued.status).toBe(200);
      const read = async () => (await call(get, queued.body.statusUrl, { token: admin.token, params })).body;
      await waitUntil(async () => ["completed", "failed"].includes((await read()).state), `the ${suffix} job to end`, 30_000);
      expect(await read()).toMatchObject({ state: "failed", result: null, error: "The video has no captions yet: process it first" });
    }
    expect((await t().db.select().from(videos).where(eq(videos.id, id)))[0]!.errorReason).toBe("The video has no captions yet: process it first");
  });

  /**
   * A yt-dlp stand-in on YTDLP_PATH: it says its version, notes each call, and "saves" the captions
   * it is given (the uploader's, YouTube's automatic ones) where yt-dlp would, as yt-dlp names them.
   */
  function ytdlpStandin(captions: { manual?: string; auto?: string }) {
    const home = path.join(dir, `yt-dlp-${kind}-${Math.random().toString(36).slice(2)}`);
    mkdirSync(home);
    for (const [name, text] of Object.entries(captions)) writeFileSync(path.join(home, `${name}.vtt`), text);
    const script = path.join(home, "yt-dlp");
    writeFileSync(
      script,
      [
        "#!/usr/bin/env node",
        'const fs = require("node:fs"), path = require("node:path");',
        "const args = process.argv.slice(2);",
        'if (args[0] === "--version") { console.log("2025.06.30"); process.exit(0); }',
        'fs.appendFileSync(path.join(__dirname, "calls.log"), JSON.stringify(args) + "\\n");',
        'const kind = args.includes("--write-subs") ? "manual" : args.includes("--write-auto-subs") ? "auto" : null;',
        'if (!kind || !args.includes("--skip-download")) { console.error("this stand-in only saves captions"); process.exit(1); }',
        'const language = args[args.indexOf("--sub-langs") + 1].split(",")[0];',
        'const out = args[args.indexOf("-o") + 1];',
        "const source = path.join(__dirname, kind + \".vtt\");",
        'if (fs.existsSync(source)) fs.copyFileSync(source, out.replace("%(ext)s", language + ".vtt"));',
      ].join("\n"),
    );
    chmodSync(script, 0o755);
    setEnv({ YTDLP_PATH: script });
    const log = path.join(home, "calls.log");
    return { calls: () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").map((line) => JSON.parse(line) as string[]) : []) };
  }
  const kindOf = (args: string[]) => (args.includes("--write-subs") ? "manual" : "auto");
  const card = async (id: number) => (await call(getVideo, `/api/videos/${id}`, { token: admin.token, params: { id: String(id) } })).body;

  it("a YouTube video with automatic captions on YouTube takes them through yt-dlp: one caption per line with their word times, no audio, no Whisper", async () => {
    setAiServer(ai.url);
    const standin = ytdlpStandin({ auto: ROLLING_CAPTIONS.join("\n") });
    const heard = ai.transcriptions.length;
    nextAudio = async () => {
      throw new Error("the audio was not needed");
    };
    try {
      const id = await addVideo();
      await sendJob(QUEUES.processVideo, { videoId: id });
      expect(await settled(id)).toMatchObject({ status: "processed", captionsSource: "youtube-auto", errorReason: null });
      const params = { id: String(id) };
      const lines = (await call(getCaptions, `/api/videos/${id}/captions`, { token: admin.token, params })).body;
      expect(lines.map((c: { text: string; startTime: number }) => [c.text, c.startTime])).toEqual([
        ["Buenos días, quiero un café.", 500],
        ["El mercado abre temprano.", 25_000],
      ]);
      const timings = (await call(getWordTimings, `/api/videos/${id}/word-timings`, { token: admin.token, params })).body;
      expect(timings.slice(0, 3).map((w: { word: string; start: number; end: number }) => [w.word, w.start, w.end])).toEqual([
        ["Buenos", 500, 1000],
        ["días,", 1000, 1700],
        ["quiero", 1700, 2200],
      ]);
      expect(ai.transcriptions.length).toBe(heard);
      // The uploader's captions were looked for first, in the video's language; then YouTube's automatic ones.
      expect(standin.calls().map(kindOf)).toEqual(["manual", "auto"]);
      for (const args of standin.calls()) {
        expect(args).toEqual(expect.arrayContaining(["--sub-langs", "es,es-.*", "--sub-format", "vtt", "--skip-download", "https://www.youtube.com/watch?v=abcdefghijk"]));
      }
      // The admin's directory says where the captions came from.
      expect(await card(id)).toMatchObject({ captionsSource: "youtube-auto" });
    } finally {
      nextAudio = undefined;
      setEnv({ YTDLP_PATH: undefined });
    }
  });

  it("the uploader's captions on YouTube come before the automatic ones; their words' times are estimated", async () => {
    setAiServer(ai.url);
    const manual = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nBuenos días, quiero un café.\n\n00:00:20.000 --> 00:00:23.000\nEl mercado abre temprano.\n";
    const standin = ytdlpStandin({ manual, auto: "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nno esto\n" });
    nextAudio = async () => {
      throw new Error("the audio was not needed");
    };
    try {
      const id = await addVideo();
      await sendJob(QUEUES.processVideo, { videoId: id });
      expect(await settled(id)).toMatchObject({ status: "processed", captionsSource: "youtube" });
      const lines = (await call(getCaptions, `/api/videos/${id}/captions`, { token: admin.token, params: { id: String(id) } })).body;
      expect(lines.map((c: { text: string }) => c.text)).toEqual(["Buenos días, quiero un café.", "El mercado abre temprano."]);
      expect(standin.calls().map(kindOf)).toEqual(["manual"]);
      expect(await card(id)).toMatchObject({ captionsSource: "youtube" });
    } finally {
      nextAudio = undefined;
      setEnv({ YTDLP_PATH: undefined });
    }
  });

  it("a YouTube video without captions on YouTube is transcribed (Whisper) as before", async () => {
    setAiServer(ai.url);
    const standin = ytdlpStandin({});
    const heard = ai.transcriptions.length;
    try {
      const id = await addVideo();
      await sendJob(QUEUES.processVideo, { videoId: id });
      expect(await settled(id)).toMatchObject({ status: "processed", captionsSource: "whisper" });
      const lines = (await call(getCaptions, `/api/videos/${id}/captions`, { token: admin.token, params: { id: String(id) } })).body;
      expect(lines.map((c: { text: string }) => c.text)).toEqual(LINES);
      expect(ai.transcriptions.length).toBe(heard + 1);
      expect(standin.calls().map(kindOf)).toEqual(["manual", "auto"]);
      expect(await card(id)).toMatchObject({ captionsSource: "whisper" });
    } finally {
      setEnv({ YTDLP_PATH: undefined });
    }
  });

  it("when the admin asks for it, the audio is transcribed (Whisper) although YouTube has captions; without the ask, YouTube's are taken", async () => {
    setAiServer(ai.url);
    const standin = ytdlpStandin({ auto: ROLLING_CAPTIONS.join("\n") });
    const add = async (body: object) =>
      (await call(postVideo, "/api/videos", { method: "POST", token: admin.token, body: { youtubeId: "abcdefghijk", title: "Mercado", targetLanguage: "es", ...body } })).body.id as number;
    try {
      const heard = ai.transcriptions.length;
      const asked = await add({ transcribeAudio: true });
      expect(await settled(asked)).toMatchObject({ status: "processed", captionsSource: "whisper", errorReason: null });
      const lines = (await call(getCaptions, `/api/videos/${asked}/captions`, { token: admin.token, params: { id: String(asked) } })).body;
      expect(lines.map((c: { text: string }) => c.text)).toEqual(LINES);
      expect(ai.transcriptions.length).toBe(heard + 1);
      // YouTube's captions were not even asked for.
      expect(standin.calls()).toEqual([]);
      expect(await card(asked)).toMatchObject({ captionsSource: "whisper" });

      // The same video added without the ask: YouTube's captions, no transcription.
      nextAudio = async () => {
        throw new Error("the audio was not needed");
      };
      const plain = await add({});
      expect(await settled(plain)).toMatchObject({ status: "processed", captionsSource: "youtube-auto" });
      expect(ai.transcriptions.length).toBe(heard + 1);
      expect(standin.calls().map(kindOf)).toEqual(["manual", "auto"]);
    } finally {
      nextAudio = undefined;
      setEnv({ YTDLP_PATH: undefined });
    }
  });

  it("a retry transcribes the audio when the video was added asking for it, and takes YouTube's captions when the retry says otherwise", async () => {
    setAiServer(ai.url);
    const standin = ytdlpStandin({ auto: ROLLING_CAPTIONS.join("\n") });
    const [video] = await t()
      .db.insert(videos)
      .values({ youtubeId: "abcdefghijk", title: "Mercado", targetLanguage: "es", status: "failed", errorReason: "Transcription failed: 502", transcribeAudio: true })
      .returning();
    const id = video!.id;
    const params = { id: String(id) };
    try {
      const heard = ai.transcriptions.length;
      expect((await call(retry, `/api/videos/${id}/retry`, { method: "POST", token: admin.token, params })).status).toBe(200);
      expect(await settled(id)).toMatchObject({ status: "processed", captionsSource: "whisper" });
      expect(ai.transcriptions.length).toBe(heard + 1);
      expect(standin.calls()).toEqual([]);

      await t().db.update(videos).set({ status: "failed" }).where(eq(videos.id, id));
      expect((await call(retry, `/api/videos/${id}/retry`, { method: "POST", token: admin.token, params, body: { transcribeAudio: false } })).status).toBe(200);
      expect(await settled(id)).toMatchObject({ status: "processed", captionsSource: "youtube-auto" });
      expect(ai.transcriptions.length).toBe(heard + 1);
    } finally {
      setEnv({ YTDLP_PATH: undefined });
    }
  });

  it("fails at once without an AI provider, saying how to fix it", async () => {
    setAiServer(undefined);
    const id = await addVideo();
    await sendJob(QUEUES.processVideo, { videoId: id });
    expect(await settled(id)).toMatchObject({ status: "failed", errorReason: "No AI provider configured: set OPENAI_API_KEY" });
  });

  it("a run that fails on an API that is down is failed with the reason; Retry then processes it", async () => {
    setAiServer(ai.url);
    const id = await addVideo();
    ai.failNext(503, 503, 503, 503);
    await sendVideoJob(boss!, QUEUES.processVideo, { videoId: id }, { retryLimit: 0 });
    const failed = await settled(id);
    expect(failed.status).toBe("failed");
    expect(failed.errorReason).toMatch(/503/);
    const retried = await call(retry, `/api/videos/${id}/retry`, { method: "POST", token: admin.token, params: { id: String(id) } });
    expect(retried.body).toMatchObject({ status: "processing", processingProgress: 0 });
    expect(await settled(id)).toMatchObject({ status: "processed", processingProgress: 100, errorReason: null });
  });

  it("stops a run that outlives its job's expiry, ffmpeg included, and the retry processes the video", async () => {
    setAiServer(ai.url);
    // Long enough for a normal run, the retry's; the first run's ffmpeg waits on a pipe nobody writes to.
    setEnv({ JOB_EXPIRE_SECONDS: "6", JOB_RETRY_DELAY_SECONDS: "1" });
    let fifo = "";
    nextAudio = async (_video, workDir) => {
      nextAudio = undefined;
      fifo = path.join(workDir, "stuck.wav");
      execFileSync("mkfifo", [fifo]);
      return fifo;
    };
    try {
      const id = await addVideo();
      await sendJob(QUEUES.processVideo, { videoId: id });
      await waitUntil(() => fifo !== "" && processesMatching(fifo).length === 1, "the first run's ffmpeg");
      // When the worker took the first try: its time limit counts from then, not from when this test saw ffmpeg.
      const [firstTry] = resultRows<{ started_ms: number | string }>(
        await t().db.execute(
          sql`SELECT extract(epoch from started_on) * 1000 AS started_ms FROM pgboss.job WHERE name = ${QUEUES.processVideo} AND singleton_key = ${`video:${id}`}`,
        ),
      );
      // Expired: ffmpeg is killed (it ignores SIGTERM there), and the video is not failed for it.
      await waitUntil(() => processesMatching(fifo).length === 0, "ffmpeg to be stopped", 20_000);
      expect(Date.now() - Number(firstTry!.started_ms)).toBeGreaterThan(5000);
      const video = await settled(id);
      expect(video).toMatchObject({ status: "processed", processingProgress: 100, errorReason: null });
      const lines = await t().db.select().from(captions).where(eq(captions.videoId, id));
      expect(lines.map((l) => l.text)).toEqual(LINES);
      const job = async () =>
        resultRows<{ state: string; retry_count: number }>(
          await t().db.execute(sql`SELECT state, retry_count FROM pgboss.job WHERE name = ${QUEUES.processVideo} AND singleton_key = ${`video:${id}`}`),
        );
      await waitUntil(async () => (await job())[0]?.state === "completed", "the job to complete");
      expect(await job()).toEqual([{ state: "completed", retry_count: 1 }]);
    } finally {
      nextAudio = undefined;
      setEnv({ JOB_EXPIRE_SECONDS: undefined, JOB_RETRY_DELAY_SECONDS: undefined });
    }
  }, 60_000);

  it("runs the admin's extra jobs: missing translations filled, quizzes rebuilt, vocabulary chosen again", async () => {
    setAiServer(ai.url);
    const id = await addVideo();
    await sendJob(QUEUES.processVideo, { videoId: id });
    await settled(id);
    const db = t().db;
    const lineIds = (await db.select({ id: captions.id }).from(captions).where(eq(captions.videoId, id))).map((l) => l.id);
    const french = () => db.select().from(segmentTranslations).where(and(inArray(segmentTranslations.captionId, lineIds), eq(segmentTranslations.language, "fr")));
    const until = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 300 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
      expect(await check()).toBe(true);
    };
    const post = (handler: Parameters<typeof call>[0], suffix: string, body?: unknown) =>
      call(handler, `/api/videos/${id}${suffix}`, { method: "POST", token: admin.token, body, params: { id: String(id) } });

    /** The job's status (GET on the POST answer's statusUrl) once it has ended. */
    const ended = async (handler: Parameters<typeof call>[0], statusUrl: string) => {
      const read = async () => (await call(handler, statusUrl, { token: admin.token, params: { id: String(id) } })).body;
      await until(async () => ["completed", "failed"].includes((await read()).state));
      return read();
    };

    // Fill missing: only the French line that went missing is asked for, in one call.
    await db.delete(segmentTranslations).where(and(eq(segmentTranslations.captionId, lineIds[0]!), eq(segmentTranslations.language, "fr")));
    const before = ai.chats.length;
    const filling = (await post(generateTranslations, "/generate-translations", { action: "fill_missing" })).body;
    expect(filling).toMatchObject({ queued: true, statusUrl: `/api/videos/${id}/generate-translations` });
    // What it made (SPEC §3 "Generation response"), once it has finished.
    expect(await ended(translationStatus, filling.statusUrl)).toMatchObject({
      state: "completed",
      result: { segmentTranslationCount: 1, totalTranslationsGenerated: 1, languages: ["fr"] },
      error: null,
    });
    expect(await french()).toHaveLength(lineIds.length);
    const asked = ai.chats.slice(before).map((c) => JSON.parse(c.messages.at(-1)!.content));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ to: "fr", lines: [{ index: 0 }], words: [] });

    // Quizzes rebuilt: every word's quiz is made again (new rows), answers unchanged.
    const wordIds = (await db.select({ id: words.id }).from(words).where(eq(words.videoId, id))).map((w) => w.id);
    const quizRows = () => db.select().from(quizzes).where(inArray(quizzes.wordId, wordIds));
    const oldQuizzes = await quizRows();
    const rebuilding = (await post(regenerateQuizzes, "/regenerate-quizzes")).body;
    expect(rebuilding).toMatchObject({ queued: true, wordCount: wordIds.length, statusUrl: `/api/videos/${id}/regenerate-quizzes` });
    const rebuilt = await ended(quizStatus, rebuilding.statusUrl);
    // Every language's (the job goes through them one by one).
    const newQuizzes = await quizRows();
    expect(newQuizzes).toHaveLength(oldQuizzes.length);
    expect(newQuizzes.some((q) => oldQuizzes.some((old) => old.id === q.id))).toBe(false);
    for (const q of newQuizzes) expect(q.options[q.correctIndex]).toMatch(new RegExp(`^${q.nativeLanguage}-`));
    // What it made (SPEC §3 "Quiz regeneration response").
    expect(rebuilt).toMatchObject({ state: "completed", error: null, result: { totalQuizzesGenerated: newQuizzes.length, wordCount: wordIds.length } });
    expect([...rebuilt.result.languages].sort()).toEqual([...new Set(newQuizzes.map((q) => q.nativeLanguage))].sort());
    expect(rebuilt.result.languages.length).toBeGreaterThan(1);

    // A run stopped at its expiry (then retried) stops its model call at once, and writes nothing.
    const stopAfter = (ms: number) => AbortSignal.timeout(ms);
    const snapshot = async () => [(await quizRows()).map((q) => q.id), (await db.select({ id: words.id }).from(words).where(eq(words.videoId, id))).map((w) => w.id)];
    const beforeStopped = await snapshot();
    slowChat = 30_000;
    try {
      const stoppedAt = Date.now();
      await expect(reworkQuizzes(db, id, stopAfter(100))).rejects.toThrow();
      await expect(reworkVocabulary(db, id, stopAfter(100))).rejects.toThrow();
      await expect(reworkTranslations(db, id, "regenerate", stopAfter(100))).rejects.toThrow();
      // Not waiting for the model's answers (30 s each).
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    } finally {
      slowChat = 0;
    }
    expect(await snapshot()).toEqual(beforeStopped);

    // Vocabulary chosen again: new word rows, translated, with quizzes; and every line's words with
    // their lemmas, filled for a video processed before they were kept.
    await db.delete(videoTokens).where(eq(videoTokens.videoId, id));
    await db.delete(videoLemmas).where(eq(videoLemmas.videoId, id));
    await post(extractVocabulary, "/extract-vocabulary");
    await until(async () => {
      const now = await db.select().from(words).where(eq(words.videoId, id));
      if (!now.length || now.some((w) => wordIds.includes(w.id))) return false;
      return (await db.select().from(quizzes).where(inArray(quizzes.wordId, now.map((w) => w.id)))).length > 0;
    });
    const tokens = await db.select().from(videoTokens).where(eq(videoTokens.videoId, id));
    expect(new Set(tokens.map((w) => w.captionId))).toEqual(new Set(lineIds));
    expect(tokens.filter((w) => w.isContent).every((w) => w.partOfSpeech === "noun" && w.lemma === w.surface.toLowerCase())).toBe(true);
    expect((await db.select().from(videoLemmas).where(eq(videoLemmas.videoId, id))).length).toBeGreaterThan(0);
  }, 60_000);
});

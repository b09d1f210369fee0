/**
 * A 10-minute clip from upload to processed data, with the AI calls answered at once by a local
 * stand-in of the OpenAI API (scripts/standins/fake-openai.ts), so the figure is our own work: the
 * upload is stored as the app stores it (local storage), the video is added as the admin's form
 * adds it (`createVideo`: row, then a pg-boss job), and the product's worker runs `processVideo`
 * on it (the upload copied into the job's folder, ffmpeg to 16 kHz mono, transcription, vocabulary,
 * translations into every other language, quizzes, one saving transaction). The figure is the
 * time from the upload being stored to the video's status reading `processed`, split into stages
 * at the progress the worker writes at the end of each one (the worker's database connection logs
 * its progress updates), when it took the job, and when the stand-in received and answered each
 * call. Baseline, alternating with each run: the bare ffmpeg conversion of the same clip, the
 * floor no pipeline can beat.
 *
 * The clip is espeak-ng speaking Spanish, looped to length and encoded as a typical upload would
 * be (MP3, 128 kb/s, 44.1 kHz stereo); it is made once per bench run. The stand-in's transcription
 * has speech at a realistic density (BENCH_PIPELINE_LINES lines of 10 words: 150 lines, 1,500 words
 * for 10 minutes); its chat answers follow each request's schema.
 */
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { eq, type Logger } from "drizzle-orm";
import { installDbHandle, type Db } from "@/db/client";
import * as schema from "@/db/schema";
import { languages, users, videos, type User } from "@/db/schema";
import { getBoss } from "@/lib/jobs/boss";
import { startWorkers } from "@/lib/pipeline/job-workers";
import { ffmpegPath, mediaDurationMs, MediaToolError, runTool, toSpeechWav } from "@/lib/media/ffmpeg";
import { defaultAudioSource } from "@/lib/pipeline/audio-source";
import type { AudioSource } from "@/lib/pipeline/process-video";
import { STAGE_START } from "@/lib/pipeline/progress";
import { createVideo } from "@/lib/services/admin-videos";
import { createLocalStorage, installStorage } from "@/lib/storage";
import { createVideoSchema } from "@/lib/validation/admin-videos";
import { setAiServer } from "@/scripts/standins/env";
import { startFakeOpenAi, type ChatRequest, type FakeCall, type FakeOpenAi } from "@/scripts/standins/fake-openai";
import { analyseLines, answerChat } from "@/scripts/standins/standin-answers";
import { countSaved, describeCounts } from "./save";
import { envInt, fmtInt, ms, seconds, stats, verdict, type BenchDb, type Stats } from "./util";

const LANGUAGE = "es";
const LINE_MS = 4000;
const POLL_MS = 20;

// Ten words a line: who (2) does (1) what (3) where or when (4).
const WHO = ["Mi hermana", "El vendedor", "Nuestra familia", "La profesora", "Un turista", "El cocinero", "Mi abuelo", "La camarera", "Aquel pescador", "Tu vecina"];
const DOES = ["compra", "prepara", "busca", "visita", "recuerda", "describe", "encuentra", "fotografía", "recomienda", "pide"];
const WHAT = [
  "naranjas muy frescas", "un café caliente", "la estación central", "el museo antiguo", "una receta sencilla", "los libros usados",
  "un billete barato", "la catedral gótica", "pan recién horneado", "una mesa tranquila", "el castillo medieval", "unas zapatillas cómodas",
];
const WHEN = [
  "por la mañana temprano.", "cerca del mercado central.", "antes de la fiesta.", "con mucha paciencia hoy.",
  "durante las vacaciones largas.", "junto a sus amigos.", "después del trabajo diario.", "en el barrio viejo.",
];

/** The clip's lines: the same every run (a fixed-seed generator). */
function lines(count: number): string[] {
  let seed = 42;
  const pick = <T>(list: T[]) => {
    // MINSTD: exact in doubles.
    seed = (seed * 48271) % 2147483647;
    return list[seed % list.length]!;
  };
  return Array.from({ length: count }, () => `${pick(WHO)} ${pick(DOES)} ${pick(WHAT)} ${pick(WHEN)}`);
}

/** Whisper's verbose_json for the lines, one every LINE_MS, words evenly timed within them. */
function transcription(text: string[], durationMs: number) {
  const segments = text.map((line, id) => {
    const start = (id * LINE_MS) / 1000;
    const end = start + (LINE_MS - 200) / 1000;
    return { id, seek: 0, start, end, text: ` ${line}`, tokens: [], temperature: 0, avg_logprob: -0.2, compression_ratio: 1.4, no_speech_prob: 0.01 };
  });
  const words = segments.flatMap((s) => {
    const parts = s.text.trim().split(" ");
    const step = (s.end - s.start) / parts.length;
    return parts.map((word, j) => ({ word, start: Number((s.start + j * step).toFixed(2)), end: Number((s.start + (j + 1) * step).toFixed(2)) }));
  });
  return { task: "transcribe", language: "spanish", duration: durationMs / 1000, text: text.join(" "), segments, words };
}

const bare = (word: string) => word.replace(/[.,;:!?¿¡]/g, "");

/** The stand-in model: as many distinct words as asked for, spread over the video; translations as the tests' stand-in makes them. */
function chat(request: ChatRequest): unknown {
  if (request.schemaName !== "vocabulary") return answerChat(request);
  const input = JSON.parse(request.messages.at(-1)!.content);
  const all = input.lines as { index: number; text: string }[];
  const wanted = Math.min(all.length, input.wanted as number);
  const used = new Set<string>();
  const words = [];
  for (let k = 0; k < wanted; k++) {
    const line = all[Math.floor((k * all.length) / wanted)]!;
    const word = line.text.split(" ").map(bare).filter((w) => !used.has(w.toLowerCase())).sort((a, b) => b.length - a.length)[0];
    if (!word) continue;
    used.add(word.toLowerCase());
    words.push({ word, lemma: word.toLowerCase(), partOfSpeech: "noun", cefr: "A2", segmentIndex: line.index });
  }
  return { lines: analyseLines(input), words };
}

export type PipelineKit = {
  dir: string;
  clip: { path: string; bytes: number; durationMs: number; describe: string };
  lines: string[];
  ai: FakeOpenAi;
  dispose: () => Promise<void>;
};

async function makeClip(dir: string, text: string[], seconds: number): Promise<PipelineKit["clip"]> {
  const speech = path.join(dir, "speech.wav");
  const encoded = path.join(dir, "speech.mp3");
  const clip = path.join(dir, "clip.mp3");
  // About a minute and a half of speech, encoded once, then repeated frame by frame to length.
  const spoken = text.slice(0, 24).join(" ");
  try {
    await runTool("espeak-ng", ["-v", LANGUAGE, "-s", "160", "-w", speech, spoken]);
  } catch (error) {
    if (error instanceof MediaToolError && /not installed/.test(error.message)) throw new Error("The pipeline scenario needs espeak-ng to make its clip (apt-get install espeak-ng)");
    throw error;
  }
  const ff = ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"];
  await runTool(ffmpegPath(), [...ff, "-i", speech, "-ar", "44100", "-ac", "2", "-c:a", "libmp3lame", "-b:a", "128k", encoded]);
  await runTool(ffmpegPath(), [...ff, "-stream_loop", "-1", "-i", encoded, "-t", String(seconds), "-c", "copy", clip]);
  const bytes = (await stat(clip)).size;
  const durationMs = await mediaDurationMs({ path: clip, format: "mp3" });
  const whole = Math.round(durationMs / 1000);
  const mmss = `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
  return { path: clip, bytes, durationMs, describe: `a ${mmss} clip of espeak-ng Spanish (MP3 128 kb/s 44.1 kHz stereo, ${(bytes / 1e6).toFixed(1)} MB)` };
}

/** The clip and the stand-in, made once and shared by the engines. */
export async function preparePipeline(): Promise<PipelineKit> {
  const started = performance.now();
  const clipSeconds = envInt("BENCH_PIPELINE_SECONDS", 600);
  const text = lines(envInt("BENCH_PIPELINE_LINES", Math.round((clipSeconds * 1000) / LINE_MS)));
  const dir = await mkdtemp(path.join(tmpdir(), "lingoreel-bench-pipeline-"));
  try {
    const clip = await makeClip(dir, text, clipSeconds);
    const answer = transcription(text, clip.durationMs);
    const ai = await startFakeOpenAi({ transcribe: () => answer, chat });
    setAiServer(ai.url);
    console.log(`\nPipeline scenario: ${clip.describe}, made in ${seconds(started)}; the AI stand-in listens at ${ai.url}`);
    return {
      dir,
      clip,
      lines: text,
      ai,
      dispose: async () => {
        setAiServer(undefined);
        await ai.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** performance.now() at each point of one run; `progress` holds when the worker first wrote each value. */
type Marks = { stored: number; queued: number; picked: number; copied: number; done: number; progress: Map<number, number>; calls: FakeCall[] };

const at = (m: Marks, progress: number) => m.progress.get(progress) ?? NaN;
const vocabularyEnd = (m: Marks) => Math.min(...[...m.progress].filter(([p]) => p > STAGE_START.vocabulary).map(([, t]) => t));

const STAGES: { label: string; span: (m: Marks) => number }[] = [
  { label: "add the video, queue its job (createVideo)", span: (m) => m.queued - m.stored },
  { label: "wait for the worker (pg-boss polls every 1 s)", span: (m) => m.picked - m.queued },
  { label: "copy the upload into the job's folder", span: (m) => m.copied - m.picked },
  { label: `ffmpeg to 16 kHz mono WAV (progress ${STAGE_START.extracting} → ${STAGE_START.transcribing})`, span: (m) => at(m, STAGE_START.transcribing) - at(m, STAGE_START.extracting) },
  { label: `transcription call (→ ${STAGE_START.vocabulary})`, span: (m) => at(m, STAGE_START.vocabulary) - at(m, STAGE_START.transcribing) },
  { label: "  of which the stand-in: receiving the WAV", span: (m) => first(m, "transcription").bodyMs - first(m, "transcription").receivedMs },
  { label: "  of which the stand-in: parsing it, answering", span: (m) => first(m, "transcription").answeredMs - first(m, "transcription").bodyMs },
  { label: "vocabulary: call, place the words", span: (m) => vocabularyEnd(m) - at(m, STAGE_START.vocabulary) },
  { label: `translation calls, quizzes (→ ${STAGE_START.saving})`, span: (m) => at(m, STAGE_START.saving) - vocabularyEnd(m) },
  { label: "  of which the stand-in, all chat calls", span: (m) => m.calls.filter((c) => c.kind === "chat").reduce((sum, c) => sum + c.answeredMs - c.bodyMs, 0) },
  { label: `save in one transaction (→ ${STAGE_START.finalizing})`, span: (m) => at(m, STAGE_START.finalizing) - at(m, STAGE_START.saving) },
  { label: "finish, status processed seen", span: (m) => m.done - at(m, STAGE_START.finalizing) },
];

const missing: FakeCall = { kind: "chat", schemaName: "", receivedMs: NaN, bodyMs: NaN, answeredMs: NaN };
const first = (m: Marks, kind: FakeCall["kind"]) => m.calls.find((c) => c.kind === kind) ?? missing;

/**
 * The worker's own connection to `handle`'s database, noting when it writes a video's progress
 * (the log comes as each update is sent; the stage before it has ended).
 */
async function progressLoggingDb(handle: BenchDb, onProgress: (videoId: number, progress: number) => void): Promise<Db> {
  const logger: Logger = {
    logQuery(query, params) {
      if (!/^update "videos" set "processing_progress" = \$1/.test(query)) return;
      const [progress, id] = [params[0], params.at(-1)];
      if (typeof progress === "number" && typeof id === "number") onProgress(id, progress);
    },
  };
  if (handle.pglite) {
    const { drizzle } = await import("drizzle-orm/pglite");
    return drizzle(handle.pglite, { schema, logger }) as unknown as Db;
  }
  if (!handle.postgres) throw new Error("The bench database has no client to share");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  return drizzle(handle.postgres, { schema, logger }) as unknown as Db;
}

export async function benchPipeline(handle: BenchDb, engine: string, kit: PipelineKit, targetMs: number, note?: string): Promise<void> {
  const { db } = handle;
  const runs = Math.max(1, envInt("BENCH_PIPELINE_RUNS", 3));
  const others = (await db.select({ code: languages.code }).from(languages)).filter((l) => l.code !== LANGUAGE).length;
  const words = kit.lines.length * 10;
  console.log(
    `\n${engine} · upload stored → status processed: ${kit.clip.describe}; the stand-in hears ${fmtInt(kit.lines.length)} lines, ${fmtInt(words)} words; translations into ${others} languages`,
  );
  if (note) console.log(`  ${note}`);

  const storage = createLocalStorage(path.join(kit.dir, `uploads-${handle.kind}`));
  const marks = new Map<number, Marks>();
  // The run whose video is being added: its job may start before createVideo returns its id.
  let pending: Marks | undefined;
  const marksOf = (id: number) => {
    if (!marks.has(id) && pending) marks.set(id, pending);
    return marks.get(id);
  };
  const workerDb = await progressLoggingDb(handle, (id, progress) => {
    const m = marksOf(id);
    if (m && !m.progress.has(progress)) m.progress.set(progress, performance.now());
  });
  const audio: AudioSource = async (video, workDir, signal) => {
    const m = marksOf(video.id);
    if (m) m.picked = performance.now();
    const file = await defaultAudioSource(video, workDir, signal);
    if (m) m.copied = performance.now();
    return file;
  };

  installDbHandle(handle);
  installStorage(storage);
  const boss = await getBoss(handle);
  try {
    await startWorkers(boss, { db: workerDb, audio });
    const [admin] = (await db
      .insert(users)
      .values({ id: randomUUID(), email: "bench-admin@bench.test", username: "bench-admin", role: "admin", nativeLanguage: "en", targetLanguage: LANGUAGE })
      .returning()) as User[];
    const input = createVideoSchema.parse({ youtubeId: "benchpipe01", title: "Bench: a 10-minute upload", targetLanguage: LANGUAGE });

    const floor: number[] = [];
    const totals: number[] = [];
    const storeTimes: number[] = [];
    const standIn: number[] = [];
    const timed: Marks[] = [];
    let saved = "";
    for (let r = 0; r < runs + 1; r++) {
      // The floor, alternating with the runs so passing load hits both alike.
      const t0 = performance.now();
      await toSpeechWav({ path: kit.clip.path, format: "mp3" }, path.join(kit.dir, "floor.wav"));
      if (r > 0) floor.push(performance.now() - t0);

      const key = `audio/${randomUUID()}.mp3`;
      const putStarted = performance.now();
      await storage.put(key, createReadStream(kit.clip.path), { contentType: "audio/mpeg", size: kit.clip.bytes });
      const m: Marks = { stored: performance.now(), queued: NaN, picked: NaN, copied: NaN, done: NaN, progress: new Map(), calls: [] };
      const callsBefore = kit.ai.timeline.length;
      pending = m;
      const card = await createVideo(db, admin!, input, { media: { key, contentType: "audio/mpeg", durationMs: null, originalName: "bench.mp3" } });
      m.queued = performance.now();
      pending = undefined;
      marks.set(card.id, m);
      const video = await settled(handle, card.id);
      m.done = performance.now();
      if (video.status !== "processed") throw new Error(`The bench video ended ${video.status}: ${video.errorReason ?? "no reason"}`);
      m.calls = kit.ai.timeline.slice(callsBefore);
      // The stand-in keeps each request's audio: let it go.
      kit.ai.transcriptions.length = 0;
      if (r === 0) saved = describeCounts(await countSaved(db, card.id));
      if (r > 0) {
        timed.push(m);
        totals.push(m.done - m.stored);
        storeTimes.push(m.stored - putStarted);
        standIn.push(m.calls.reduce((sum, c) => sum + (c.answeredMs - c.bodyMs), 0));
      }
    }

    const total: Stats = stats(totals);
    const v = verdict(engine, "pipeline", "upload stored → processed", total, targetMs);
    const calls = timed[0]?.calls.length ?? 0;
    console.log(`  ${runs} timed runs after 1 untimed run; saved each time: ${saved}; ${calls} calls to the stand-in per run`);
    console.log(`  ${"stage (ms)".padEnd(50)} ${"p50".padStart(7)}  ${"max".padStart(7)}`);
    for (const stage of STAGES) {
      const s = stats(timed.map(stage.span));
      console.log(`  ${stage.label.padEnd(50)} ${ms(s.p50)}  ${ms(s.max)}`);
    }
    console.log(`  ${"upload stored → status processed".padEnd(50)} ${ms(total.p50)}  ${ms(total.max)}  p95 ${ms(total.p95).trim()} ms, target < ${targetMs} ms ${v}`);
    const f = stats(floor);
    console.log(`  ${"baseline: bare ffmpeg conversion of the clip".padEnd(50)} ${ms(f.p50)}  ${ms(f.max)}  (toSpeechWav alone, between the runs: the floor)`);
    const si = stats(standIn);
    const own = stats(timed.map((m, i) => m.done - m.stored - standIn[i]!));
    console.log(
      `  the stand-in runs in this process: its own time (parsing requests, building answers) p50 ${ms(si.p50).trim()} ms; the total without it p50 ${ms(own.p50).trim()} ms, max ${ms(own.max).trim()} ms`,
    );
    console.log(`  (before the clock starts: storing the ${(kit.clip.bytes / 1e6).toFixed(1)} MB upload, p50 ${ms(stats(storeTimes).p50).trim()} ms)`);
  } finally {
    await boss.stop({ graceful: true, close: false, wait: true, timeout: 30_000 });
    installStorage(undefined);
    installDbHandle(undefined);
  }
}

/** The video once it has left `processing`, seen by polling its row every POLL_MS. */
async function settled(handle: BenchDb, id: number) {
  const deadline = performance.now() + 300_000;
  while (performance.now() < deadline) {
    const [video] = await handle.db.select({ status: videos.status, errorReason: videos.errorReason }).from(videos).where(eq(videos.id, id));
    if (video && video.status !== "processing") return video;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`The bench video ${id} is still processing after 5 minutes`);
}

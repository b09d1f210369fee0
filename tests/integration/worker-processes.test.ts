/**
 * `npm run worker` processes against one Postgres database, as production runs them: several
 * share the queued videos, each video processed by exactly one of them; a worker killed mid-job
 * has its job picked up by another once the job expires, and the video finishes once; SIGTERM
 * lets a running job finish, then the process exits 0. The workers are real child processes
 * talking to a local OpenAI-compatible server; the videos' audio is an upload in DATA_DIR.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resultRows } from "@/db/client";
import { captions, videos } from "@/db/schema";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { QUEUES } from "@/lib/jobs/queues";
import { sendJob } from "@/lib/jobs/send";
import { createLocalStorage } from "@/lib/storage";
import { useTestDb } from "../helpers/db";
import { setEnv } from "@/scripts/standins/env";
import { startFakeOpenAi, type FakeOpenAi, type TranscriptionRequest } from "@/scripts/standins/fake-openai";
import { answerChat, transcriptOf } from "@/scripts/standins/standin-answers";
import { waitUntil } from "../helpers/processes";

const LINES = ["Buenos días, quiero un café.", "El mercado abre temprano.", "Compramos naranjas y manzanas."];
const CLIP_KEY = "audio/mercado.wav";

const transcription = () => transcriptOf(LINES, { every: 4, spoken: 3 });

/** How the stand-in recogniser answers the current test's requests (it may hold one open). */
let onTranscribe: (request: TranscriptionRequest) => Promise<unknown> = async () => transcription();
let ai: FakeOpenAi;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "lingoreel-workers-"));
  const clip = path.join(dataDir, "clip.wav");
  execFileSync("espeak-ng", ["-v", "es", "-w", clip, LINES.join(" ")]);
  // Where the workers' local storage (DATA_DIR/uploads) finds it, as an admin's upload.
  await createLocalStorage(path.join(dataDir, "uploads")).put(CLIP_KEY, Readable.from([readFileSync(clip)]), { contentType: "audio/wav" });
  ai = await startFakeOpenAi({ transcribe: (request) => onTranscribe(request), chat: (request) => answerChat(request) });
});
afterAll(async () => {
  await ai?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Worker = {
  child: ChildProcess;
  output: () => string;
  exitCode: Promise<number | null>;
  /** Ids of the videos whose processing this worker finished, since `from` (a `mark()`) if given. */
  finished: (from?: number) => number[];
  /** Where its output has got to: what it does from now on is read with `finished(mark)`. */
  mark: () => number;
};

describe.skipIf(!process.env.TEST_DATABASE_URL)("worker processes on one Postgres", () => {
  const t = useTestDb("postgres", { app: true });
  const workers: Worker[] = [];

  beforeAll(async () => {
    await seedDemoContent(t().db);
  });
  afterEach(() => {
    onTranscribe = async () => transcription();
    setEnv({ JOB_EXPIRE_SECONDS: undefined, JOB_RETRY_DELAY_SECONDS: undefined });
  });
  // Whatever is still running goes before the database is dropped (after-hooks run in reverse).
  afterAll(async () => {
    for (const w of workers.splice(0)) {
      if (alive(w)) w.child.kill("SIGKILL");
      await w.exitCode;
    }
  });

  /** `npm run worker`, without npx or tsx's launcher in between, so a signal reaches the worker itself. */
  function startWorker(): Worker {
    const url = (t() as { url?: string }).url!;
    const inherited = Object.fromEntries(["PATH", "HOME", "TMPDIR", "FFMPEG_PATH", "FFPROBE_PATH"].flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])));
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "workers/index.ts"], {
      cwd: process.cwd(),
      env: { ...inherited, NODE_ENV: "production", DATABASE_URL: url, DATA_DIR: dataDir, OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: ai.url, JOB_MAINTENANCE_INTERVAL_SECONDS: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    const exitCode = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const worker: Worker = {
      child,
      output: () => output,
      exitCode,
      finished: (from = 0) => [...output.slice(from).matchAll(/video-process video (\d+) \(try \d+\): done/g)].map((m) => Number(m[1])),
      mark: () => output.length,
    };
    workers.push(worker);
    return worker;
  }
  const ready = async (w: Worker) => {
    await waitUntil(() => w.output().includes("[worker] ready") || w.child.exitCode !== null, "a worker to start", 60_000);
    expect(w.output()).toContain("[worker] ready");
  };
  const alive = (w: Worker) => w.child.exitCode === null && w.child.signalCode === null;
  /**
   * Exactly `n` running, ready workers: those an earlier test left running (each one starting
   * costs seconds of compiling and connecting), and new ones for the rest; any more are killed.
   */
  async function runningWorkers(n: number): Promise<Worker[]> {
    const [running, extra] = [workers.filter(alive).slice(0, n), workers.filter(alive).slice(n)];
    for (const w of extra) w.child.kill("SIGKILL");
    await Promise.all(extra.map((w) => w.exitCode));
    while (running.length < n) running.push(startWorker());
    await Promise.all(running.map(ready));
    return running;
  }

  const addVideo = async (title: string) =>
    (await t().db.insert(videos).values({ title, targetLanguage: "es", status: "processing", mediaPath: CLIP_KEY, mediaType: "audio/wav" }).returning())[0]!.id;
  const statusOf = async (id: number) => (await t().db.select({ status: videos.status }).from(videos).where(eq(videos.id, id)))[0]?.status;
  const captionsOf = async (id: number) => (await t().db.select({ text: captions.text }).from(captions).where(eq(captions.videoId, id))).map((c) => c.text);
  /** The queue's rows for a video's processing: pg-boss keeps one row per job, its retries included. */
  const jobsOf = async (id: number) =>
    resultRows<{ state: string; retry_count: number }>(
      await t().db.execute(sql`SELECT state, retry_count FROM pgboss.job WHERE name = ${QUEUES.processVideo} AND singleton_key = ${`video:${id}`}`),
    );
  const completed = async (id: number) => (await jobsOf(id))[0]?.state === "completed";

  it("two workers share the queued videos, each video processed exactly once", async () => {
    // Slow enough that one worker cannot take every video before the other takes one.
    onTranscribe = async () => {
      await new Promise((r) => setTimeout(r, 1000));
      return transcription();
    };
    const [a, b] = await runningWorkers(2);
    const [fromA, fromB] = [a!.mark(), b!.mark()];
    const before = ai.transcriptions.length;
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await addVideo(`Mercado ${i}`));
    for (const id of ids) await sendJob(QUEUES.processVideo, { videoId: id });

    for (const id of ids) await waitUntil(async () => (await statusOf(id)) !== "processing", `video ${id} to be processed`, 60_000);
    for (const id of ids) {
      expect(await statusOf(id)).toBe("processed");
      expect(await captionsOf(id)).toEqual(LINES);
      await waitUntil(() => completed(id), `video ${id}'s job to complete`);
      expect(await jobsOf(id)).toEqual([{ state: "completed", retry_count: 0 }]);
    }
    expect(ai.transcriptions.length - before).toBe(ids.length);
    // Every video was finished by one worker, and each worker finished some.
    expect([...a!.finished(fromA), ...b!.finished(fromB)].sort((x, y) => x - y)).toEqual(ids);
    expect(a!.finished(fromA).length).toBeGreaterThan(0);
    expect(b!.finished(fromB).length).toBeGreaterThan(0);
  }, 120_000);

  it("a worker killed mid-job: after the job's expiry another worker takes it, and the video finishes once", async () => {
    // Long enough for a normal run; the job's expiry is the sender's setting.
    setEnv({ JOB_EXPIRE_SECONDS: "8", JOB_RETRY_DELAY_SECONDS: "1" });
    let held = 0;
    onTranscribe = async () => {
      // The first request is never answered: its worker dies waiting.
      if (held++ === 0) return new Promise(() => {});
      return transcription();
    };
    const [a, b] = await runningWorkers(2);
    const from = new Map([a!, b!].map((w) => [w, w.mark()]));
    const id = await addVideo("Mercado, interrumpido");
    await sendJob(QUEUES.processVideo, { videoId: id });

    const tookIt = (w: Worker) => w.output().includes(`video ${id} (try 1): started`);
    await waitUntil(() => held === 1 && (tookIt(a!) || tookIt(b!)), "the transcription request", 30_000);
    const [taker, other] = tookIt(a!) ? [a!, b!] : [b!, a!];
    taker.child.kill("SIGKILL");
    expect(await taker.exitCode).toBeNull();

    await waitUntil(async () => (await statusOf(id)) !== "processing", "the video to be processed", 60_000);
    expect(await statusOf(id)).toBe("processed");
    expect(await captionsOf(id)).toEqual(LINES);
    await waitUntil(() => completed(id), "the job to complete");
    expect(await jobsOf(id)).toEqual([{ state: "completed", retry_count: 1 }]);
    expect(held).toBe(2);
    expect(other.finished(from.get(other))).toEqual([id]);
    expect(other.output()).toContain(`video ${id} (try 2): done`);
  }, 120_000);

  it("SIGTERM lets the running job finish, then the worker exits 0", async () => {
    let answer: () => void = () => {};
    let asked = false;
    onTranscribe = async () => {
      asked = true;
      await new Promise<void>((resolve) => (answer = resolve));
      return transcription();
    };
    const [w] = await runningWorkers(1);
    const id = await addVideo("Mercado, hasta el final");
    await sendJob(QUEUES.processVideo, { videoId: id });
    await waitUntil(() => asked, "the transcription request", 30_000);

    w!.child.kill("SIGTERM");
    await waitUntil(() => w!.output().includes("SIGTERM: finishing running jobs"), "the worker to start draining");
    await new Promise((r) => setTimeout(r, 500));
    expect(w!.child.exitCode).toBeNull();
    answer();

    expect(await w!.exitCode).toBe(0);
    expect(await statusOf(id)).toBe("processed");
    expect(await captionsOf(id)).toEqual(LINES);
    expect(await jobsOf(id)).toEqual([{ state: "completed", retry_count: 0 }]);
    expect(w!.output()).toContain("[worker] stopped");
  }, 60_000);
});

/**
 * "Export to Anki" at size: one learner's BENCH_EXPORT_WORDS saved words (5,000), each said in its
 * own line of one of ~34 ten-minute videos with uploaded media (150 lines each, as a real video
 * has), exported as an .apkg by `exportSavedWords` (the service GET /api/words/export calls): every
 * note, and a clip per line cut by ffmpeg. Figures: the time from the call to the last byte read,
 * the CPU time of this process and of its ffmpeg children over it, and the process's peak memory
 * (RSS, sampled every 50 ms) over what it held before, with the ffmpeg children's own peak apart.
 * The machine is shared, so each time is printed with the load average. Baselines from the same
 * run: the bare ffmpeg runs cutting the same clips (the same runs, as many at once); ffmpeg run
 * once per clip, the way clips were first cut (on BENCH_EXPORT_BASELINE_CLIPS of them, 250,
 * scaled to all); and a plain in-memory ZIP of the package's own files. The package is then read
 * back (notes and clips counted).
 *
 * The media is a made-up signal (a tone under noise), encoded as the demo videos are (Opus in
 * WebM, mono), stored once per video in a local store as uploads are.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { unzipSync, zipSync } from "fflate";
import initSqlJs from "sql.js";
import { resultRows, type Db } from "@/db/client";
import { getUserById } from "@/db/queries/users";
import { cutMp3Clips, type ClipSpan } from "@/lib/media/clips";
import { ffmpegPath, inputArgs, runTool } from "@/lib/media/ffmpeg";
import { identifyMedia } from "@/lib/media/input";
import { exportSavedWords } from "@/lib/words/export/export";
import { createLocalStorage, installStorage } from "@/lib/storage";
import { envInt, fmtInt, verdicts, type BenchDb } from "./util";

const LINES_PER_VIDEO = 150;
const LINE_MS = 4000;
const VIDEO_SECONDS = (LINES_PER_VIDEO * LINE_MS) / 1000;

export const EXPORT_TARGETS = { seconds: 60, megabytes: 300 };

const mb = (bytes: number) => bytes / 1024 / 1024;
/** The load average (1, 5, 15 minutes): the machine is shared, so each figure is printed beside it. */
const load = () => loadavg().map((l) => l.toFixed(1)).join(" ");

/**
 * CPU seconds spent so far by this process and, apart, by its children that have exited (the
 * ffmpeg runs; /proc/self/stat's cutime and cstime, in ticks of 1/100 s): on a loaded machine the
 * wall time varies with the others' work, the CPU time much less.
 */
async function cpuSeconds(): Promise<{ self: number; children: number }> {
  const { user, system } = process.cpuUsage();
  const stat = await readFile("/proc/self/stat", "utf8").catch(() => "");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 16 and 17 of stat(5), counted from the state (field 3) here.
  const children = (Number(fields[13]) + Number(fields[14])) / 100;
  return { self: (user + system) / 1e6, children: Number.isFinite(children) ? children : NaN };
}

const cpuSince = async (start: { self: number; children: number }) => {
  const now = await cpuSeconds();
  return `CPU: node ${(now.self - start.self).toFixed(1)} s, ffmpeg ${(now.children - start.children).toFixed(1)} s`;
};

/** Peak RSS of this process and, apart, of its ffmpeg children (read from /proc while they run). */
function sampleMemory() {
  const before = process.memoryUsage.rss();
  let peak = before;
  let childrenPeak = 0;
  /** This process's children's RSS (each thread's list of children; read synchronously, /proc answers at once). */
  const childrenRss = () => {
    const read = (file: string) => {
      try {
        return readFileSync(file, "utf8");
      } catch {
        return "";
      }
    };
    let total = 0;
    for (const task of readdirSync(`/proc/${process.pid}/task`)) {
      for (const pid of read(`/proc/${process.pid}/task/${task}/children`).split(" ").filter(Boolean)) {
        const status = read(`/proc/${pid}/status`);
        if (status.includes("Name:\tffmpeg")) total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      }
    }
    return total;
  };
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
    childrenPeak = Math.max(childrenPeak, childrenRss());
  }, 50);
  return {
    stop: () => {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage.rss());
      return { before, peak, childrenPeak, maxRss: process.resourceUsage().maxRSS * 1024 };
    },
  };
}

async function makeMedia(dir: string): Promise<string> {
  const file = path.join(dir, "media.webm");
  await runTool(ffmpegPath(), [
    "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
    "-f", "lavfi", "-i", "sine=f=220:sample_rate=48000", "-f", "lavfi", "-i", "anoisesrc=a=0.05:r=48000",
    "-filter_complex", "amix=inputs=2", "-t", String(VIDEO_SECONDS), "-ac", "1", "-c:a", "libopus", "-b:a", "32k", file,
  ]);
  return file;
}

/** The learner, the videos (media stored once each), their lines and words, and a saved word per line. */
async function fill(db: Db, words: number, media: string, storeDir: string) {
  const storage = createLocalStorage(storeDir);
  installStorage(storage);
  const videoCount = Math.ceil(words / LINES_PER_VIDEO);
  const userId = randomUUID();
  await db.execute(sql`INSERT INTO languages (code, name, native_name) VALUES ('es', 'Spanish', 'Español'), ('en', 'English', 'English') ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO users (id, email, target_language, native_language) VALUES (${userId}, ${`bench-${userId}@example.com`}, 'es', 'en')`);
  for (let v = 0; v < videoCount; v++) {
    const key = `audio/bench-export-${v}.webm`;
    await storage.put(key, Readable.from([await readFile(media)]), { contentType: "audio/webm" });
    await db.execute(sql`
      INSERT INTO videos (title, target_language, status, media_path, media_type)
      VALUES (${`Bench lesson ${v + 1}`}, 'es', 'active', ${key}, 'audio/webm')`);
  }
  const [first] = resultRows<{ id: number }>(await db.execute(sql`SELECT min(id)::int AS id FROM videos`));
  // Line s of every video; word n = video × 150 + line is said in it, once.
  await db.execute(sql`
    INSERT INTO captions (video_id, segment_index, text, start_time, end_time)
    SELECT v.id, s, 'Mi hermana compra la palabra' || ((v.id - ${first!.id}) * ${LINES_PER_VIDEO} + s) || ' en el mercado.', s * ${LINE_MS}, s * ${LINE_MS} + ${LINE_MS - 200}
      FROM videos v, generate_series(0, ${LINES_PER_VIDEO - 1}) AS s`);
  await db.execute(sql`
    INSERT INTO segment_translations (caption_id, language, translated_text)
    SELECT id, 'en', 'My sister buys word ' || segment_index || ' at the market.' FROM captions`);
  await db.execute(sql`
    INSERT INTO video_tokens (video_id, caption_id, position, char_start, char_end, surface, lemma, part_of_speech, is_content, is_proper_noun)
    SELECT c.video_id, c.id, 4, 20, 20 + length(w.lemma), w.lemma, w.lemma, 'noun', true, false
      FROM captions c, LATERAL (SELECT 'palabra' || ((c.video_id - ${first!.id}) * ${LINES_PER_VIDEO} + c.segment_index) AS lemma) w`);
  await db.execute(sql`INSERT INTO video_lemmas (video_id, lemma, occurrences) SELECT video_id, lemma, 1 FROM video_tokens`);
  await db.execute(sql`
    INSERT INTO word_statuses (user_id, language, lemma, status, saved_at)
    SELECT ${userId}, 'es', 'palabra' || n, 'learning', now() FROM generate_series(0, ${words - 1}) AS n`);
  // Meanings as earlier look-ups left them in the cache.
  await db.execute(sql`
    INSERT INTO word_meanings (language, native_language, lemma, model, prompt_version, part_of_speech, meanings)
    SELECT 'es', 'en', 'palabra' || n, 'bench', 1, 'noun', '["word", "term"]'::jsonb FROM generate_series(0, ${words - 1}) AS n`);
  return { user: (await getUserById(db, { id: userId }))!, videoCount, storage };
}

const spanOf = (n: number): ClipSpan => {
  const line = n % LINES_PER_VIDEO;
  return { startMs: Math.max(0, line * LINE_MS - 300), endMs: line * LINE_MS + LINE_MS - 200 + 300 };
};

/** Runs `count` jobs, `atOnce` at a time; the elapsed ms. */
async function timed(count: number, atOnce: number, job: (i: number) => Promise<void>): Promise<number> {
  const t0 = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < count) await job(next++);
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
  return performance.now() - t0;
}

/** Baseline: the same clips as bare ffmpeg runs of the export's kind, a video's lines per run, as many at once. */
async function bareRuns(media: string, words: number, dir: string, atOnce: number): Promise<number> {
  const input = (await identifyMedia(media)).input;
  const runs = Math.ceil(words / LINES_PER_VIDEO);
  return timed(runs, atOnce, async (r) => {
    const lines = Array.from({ length: Math.min(LINES_PER_VIDEO, words - r * LINES_PER_VIDEO) }, (_, i) => spanOf(i));
    await cutMp3Clips(input, lines, path.join(dir, `bare-${r}.mp3`));
  });
}

/**
 * Baseline: ffmpeg once per clip (open, seek, decode, encode, exit), as many at once, on a sample
 * of the clips: the whole set would take minutes. Its time scaled to every clip.
 */
async function processPerClip(media: string, clips: number, dir: string, atOnce: number): Promise<number> {
  const input = (await identifyMedia(media)).input;
  return timed(clips, atOnce, async (n) => {
    const { startMs, endMs } = spanOf(n);
    const output = path.join(dir, `one-${n}.mp3`);
    await runTool(ffmpegPath(), [
      "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-ss", (startMs / 1000).toFixed(3), "-t", ((endMs - startMs) / 1000).toFixed(3), ...inputArgs(input),
      "-map", "0:a:0", "-af", "aresample=24000,aformat=channel_layouts=mono", "-c:a", "libmp3lame", "-b:a", "48k", "-compression_level", "7", "-f", "mp3", output,
    ]);
    await rm(output, { force: true });
  });
}

export async function benchExport(handle: BenchDb, engine: string): Promise<void> {
  const words = envInt("BENCH_EXPORT_WORDS", 5000);
  console.log(`\n[export] ${engine}: ${fmtInt(words)} saved words, each in its own line of ${Math.ceil(words / LINES_PER_VIDEO)} ${VIDEO_SECONDS / 60}-minute videos with uploaded media`);
  const dir = await mkdtemp(path.join(tmpdir(), "bench-export-"));
  try {
    const media = await makeMedia(dir);
    const { user } = await fill(handle.db, words, media, path.join(dir, "store"));
    const target = path.join(dir, "words.apkg");

    const memory = sampleMemory();
    const cpu0 = await cpuSeconds();
    const t0 = performance.now();
    const download = await exportSavedWords(handle.db, user, { format: "apkg" }, "http://localhost:3000");
    if (typeof download.body === "string") throw new Error("expected a stream");
    await pipeline(Readable.fromWeb(download.body as import("node:stream/web").ReadableStream<Uint8Array>), createWriteStream(target));
    const elapsedMs = performance.now() - t0;
    const used = memory.stop();
    const exportCpu = await cpuSince(cpu0);
    const size = (await stat(target)).size;

    // Read back, after measuring: the notes, the media map and the clips.
    const files = unzipSync(new Uint8Array(await readFile(target)));
    const mediaMap = JSON.parse(new TextDecoder().decode(files.media)) as Record<string, string>;
    const SQL = await initSqlJs();
    const collection = new SQL.Database(files["collection.anki2"]);
    const notes = Number(collection.exec("SELECT count(*) FROM notes")[0]!.values[0]![0]);
    const withAudio = Number(collection.exec("SELECT count(*) FROM notes WHERE flds LIKE '%[sound:%'")[0]!.values[0]![0]);
    collection.close();

    const exportLoad = load();
    const zipStart = performance.now();
    const plainZip = zipSync(files, { level: 0 });
    const zipMs = performance.now() - zipStart;
    const atOnce = Math.min(4, availableParallelism());
    const bareCpu0 = await cpuSeconds();
    const bareMs = await bareRuns(media, words, dir, atOnce);
    const bareCpu = await cpuSince(bareCpu0);
    const bareLoad = load();
    const sample = Math.min(words, envInt("BENCH_EXPORT_BASELINE_CLIPS", 250));
    const perClipCpu0 = await cpuSeconds();
    const perClipMs = await processPerClip(media, sample, dir, atOnce);
    const perClipCpu = await cpuSince(perClipCpu0);
    const perClipLoad = load();

    const growth = mb(used.peak - used.before);
    const line = (label: string, ms: number, rest: string) => console.log(`  ${label.padEnd(44)} ${(ms / 1000).toFixed(1).padStart(6)} s   ${rest}`);
    line("export (.apkg, streamed to disk)", elapsedMs, `${mb(size).toFixed(1)} MB, ${fmtInt(notes)} notes, ${fmtInt(Object.keys(mediaMap).length)} clips, ${fmtInt(withAudio)} notes with audio; ${exportCpu}; load ${exportLoad}`);
    console.log(
      `  memory: node peak RSS ${mb(used.peak).toFixed(0)} MB sampled (${growth.toFixed(0)} MB over the ${mb(used.before).toFixed(0)} MB before; ` +
        `maxRSS over the whole bench process ${mb(used.maxRss).toFixed(0)} MB); ffmpeg children at most ${mb(used.childrenPeak).toFixed(0)} MB together`,
    );
    line(`baseline: bare ffmpeg, same runs, ${atOnce} at once`, bareMs, `${bareCpu}; load ${bareLoad}`);
    line(`baseline: ffmpeg per clip, ${atOnce} at once`, (perClipMs * words) / sample, `(${fmtInt(sample)} clips took ${(perClipMs / 1000).toFixed(1)} s, scaled to ${fmtInt(words)}; ${perClipCpu}); load ${perClipLoad}`);
    line("baseline: plain ZIP of the same files", zipMs, `(in memory, ${mb(plainZip.length).toFixed(1)} MB)`);
    if (notes !== words || Object.keys(mediaMap).length !== words) console.log(`  MISMATCH: expected ${words} notes and clips`);
    verdicts.push({ engine, scenario: "export", item: `${fmtInt(words)} notes + clips, time`, p95: elapsedMs / 1000, target: EXPORT_TARGETS.seconds, unit: "s" });
    verdicts.push({ engine, scenario: "export", item: `${fmtInt(words)} notes + clips, memory`, p95: growth + mb(used.childrenPeak), target: EXPORT_TARGETS.megabytes, unit: "MB" });
  } finally {
    installStorage(undefined);
    await rm(dir, { recursive: true, force: true });
  }
}

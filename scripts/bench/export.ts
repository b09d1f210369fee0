/**
 * "Export to Anki" at size: one learner's BENCH_EXPORT_WORDS saved words (5,000), each said in its
 * own line of one of ~34 ten-minute videos with uploaded media (150 lines each, as a real video
 * has), exported as an .apkg by `exportSavedWords` (the service GET /api/words/export calls): every
 * note, and a clip per line cut by ffmpeg. Figures: the time from the call to the last byte read,
 * and the process's peak memory (RSS, sampled every 50 ms) over what it held before, with the
 * ffmpeg children's own peak apart. Baselines from the same run: the bare ffmpeg runs cutting
 * the same clips (the same batches, as many at once), and a plain in-memory ZIP of the
 * package's own files. The package is then read back (notes and clips counted).
 *
 * The media is a made-up signal (a tone under noise), encoded as the demo videos are (Opus in
 * WebM, mono), stored once per video in a local store as uploads are.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
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
import { ffmpegPath, runTool } from "@/lib/media/ffmpeg";
import { identifyMedia } from "@/lib/media/input";
import { exportSavedWords } from "@/lib/services/word-export";
import { createLocalStorage, installStorage } from "@/lib/storage";
import { envInt, fmtInt, verdicts, type BenchDb } from "./util";

const LINES_PER_VIDEO = 150;
const LINE_MS = 4000;
const VIDEO_SECONDS = (LINES_PER_VIDEO * LINE_MS) / 1000;

export const EXPORT_TARGETS = { seconds: 60, megabytes: 300 };

const mb = (bytes: number) => bytes / 1024 / 1024;

/** Peak RSS of this process and, apart, of its ffmpeg children (read from /proc while they run). */
function sampleMemory() {
  const before = process.memoryUsage().rss;
  let peak = before;
  let childrenPeak = 0;
  const childrenRss = async () => {
    let total = 0;
    for (const pid of await readdir("/proc").catch(() => [] as string[])) {
      if (!/^\d+$/.test(pid)) continue;
      const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
      if (!status.includes("Name:\tffmpeg") || !status.includes(`PPid:\t${process.pid}\n`)) continue;
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    }
    return total;
  };
  let busy = false;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
    if (busy) return;
    busy = true;
    void childrenRss().then((rss) => {
      childrenPeak = Math.max(childrenPeak, rss);
      busy = false;
    });
  }, 50);
  return {
    stop: () => {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage().rss);
      return { before, peak, childrenPeak };
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
    INSERT INTO word_statuses (user_id, language, lemma, status)
    SELECT ${userId}, 'es', 'palabra' || n, 'learning' FROM generate_series(0, ${words - 1}) AS n`);
  // Meanings as earlier look-ups left them in the cache.
  await db.execute(sql`
    INSERT INTO word_meanings (language, native_language, lemma, model, prompt_version, part_of_speech, meanings)
    SELECT 'es', 'en', 'palabra' || n, 'bench', 1, 'noun', '["word", "term"]'::jsonb FROM generate_series(0, ${words - 1}) AS n`);
  return { user: (await getUserById(db, { id: userId }))!, videoCount, storage };
}

/** The clips the export cuts, as bare ffmpeg runs: the same spans, batches of 32, two at once. */
async function bareFfmpeg(media: string, words: number, dir: string): Promise<number> {
  const input = (await identifyMedia(media)).input;
  const batches: ClipSpan[][] = [];
  for (let n = 0; n < words; n += 32) {
    batches.push(
      Array.from({ length: Math.min(32, words - n) }, (_, i) => {
        const line = (n + i) % LINES_PER_VIDEO;
        const start = Math.max(0, line * LINE_MS - 300);
        return { startMs: start, endMs: line * LINE_MS + LINE_MS - 200 + 300, output: path.join(dir, `${n + i}.mp3`) };
      }),
    );
  }
  const t0 = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      await cutMp3Clips(input, batch, undefined);
      await Promise.all(batch.map((c) => rm(c.output, { force: true })));
    }
  };
  await Promise.all([worker(), worker()]);
  return performance.now() - t0;
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
    const t0 = performance.now();
    const download = await exportSavedWords(handle.db, user, { format: "apkg" }, "http://localhost:3000");
    if (typeof download.body === "string") throw new Error("expected a stream");
    await pipeline(Readable.fromWeb(download.body as import("node:stream/web").ReadableStream<Uint8Array>), createWriteStream(target));
    const elapsedMs = performance.now() - t0;
    const used = memory.stop();
    const size = (await stat(target)).size;

    // Read back, after measuring: the notes, the media map and the clips.
    const files = unzipSync(new Uint8Array(await readFile(target)));
    const mediaMap = JSON.parse(new TextDecoder().decode(files.media)) as Record<string, string>;
    const SQL = await initSqlJs();
    const collection = new SQL.Database(files["collection.anki2"]);
    const notes = Number(collection.exec("SELECT count(*) FROM notes")[0]!.values[0]![0]);
    const withAudio = Number(collection.exec("SELECT count(*) FROM notes WHERE flds LIKE '%[sound:%'")[0]!.values[0]![0]);
    collection.close();

    const zipStart = performance.now();
    const plainZip = zipSync(files, { level: 0 });
    const zipMs = performance.now() - zipStart;
    const bareMs = await bareFfmpeg(media, words, dir);

    const growth = mb(used.peak - used.before);
    console.log(`  export (.apkg, streamed to disk)          ${(elapsedMs / 1000).toFixed(1).padStart(6)} s   ${mb(size).toFixed(1)} MB, ${fmtInt(notes)} notes, ${fmtInt(Object.keys(mediaMap).length)} clips, ${fmtInt(withAudio)} notes with audio`);
    console.log(`  memory: node peak RSS ${mb(used.peak).toFixed(0)} MB (${growth.toFixed(0)} MB over the ${mb(used.before).toFixed(0)} MB before); ffmpeg children at most ${mb(used.childrenPeak).toFixed(0)} MB together`);
    console.log(`  baseline: bare ffmpeg runs, same clips   ${(bareMs / 1000).toFixed(1).padStart(6)} s`);
    console.log(`  baseline: plain ZIP of the same files    ${(zipMs / 1000).toFixed(1).padStart(6)} s   (in memory, ${mb(plainZip.length).toFixed(1)} MB)`);
    if (notes !== words || Object.keys(mediaMap).length !== words) console.log(`  MISMATCH: expected ${words} notes and clips`);
    verdicts.push({ engine, scenario: "export", item: `${fmtInt(words)} notes + clips, time`, p95: elapsedMs / 1000, target: EXPORT_TARGETS.seconds, unit: "s" });
    verdicts.push({ engine, scenario: "export", item: `${fmtInt(words)} notes + clips, memory`, p95: growth + mb(used.childrenPeak), target: EXPORT_TARGETS.megabytes, unit: "MB" });
  } finally {
    installStorage(undefined);
    await rm(dir, { recursive: true, force: true });
  }
}

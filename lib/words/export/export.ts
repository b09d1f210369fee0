/**
 * "Export to Anki": the learner's saved words as an .apkg (one note per word, in a deck per
 * language, with the line's audio where the app has the video's media) or as a TSV Anki imports.
 * Notes keep a guid made from the learner, the language and the lemma, so importing a later
 * export updates the notes of the earlier one. The package streams: clips are cut a run at a
 * time while the download runs, and the collection goes last, once it is known which clips exist.
 */
import "server-only";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import type { DbOrTx } from "@/db/client";
import { listLanguages } from "@/db/queries/languages";
import type { User } from "@/db/schema";
import { ApiError, rateLimited } from "@/lib/api/errors";
import { buildCollection, type AnkiNote } from "@/lib/words/export/anki/collection";
import { stableGuid } from "@/lib/words/export/anki/guid";
import { escapeHtml } from "@/lib/words/export/anki/html";
import { apkgChunks, type MediaFile } from "@/lib/words/export/anki/package";
import { tsvHeader, tsvRow } from "@/lib/words/export/anki/tsv";
import { cutMp3Clips, type ClipSpan } from "@/lib/media/clips";
import { identifyMedia } from "@/lib/media/input";
import type { WordExportQuery } from "@/lib/validation/saved-words";
import { openVideoMediaFile } from "@/lib/services/media";
import { readSavedWords, savedWordCounts, type SavedWordWithLine } from "@/lib/words/statuses/saved-list";

/** The most words one export holds; past it the learner exports a language at a time. */
export const EXPORT_MAX_WORDS = 10_000;
/** Packages being made at once in this process (each runs ffmpeg); one per learner. */
const EXPORTS_AT_ONCE = 2;
/**
 * One ffmpeg run encodes the stretch from its first clip to its last once (lib/media/clips.ts): at
 * most RUN_SPAN_MAX_MS of audio (a few MB of MP3, held until its clips are packed), with lines
 * further apart than RUN_GAP_MAX_MS in runs of their own rather than encoding what lies between
 * (half a minute of audio costs about what starting a run does). Runs going at once: the cores.
 */
const RUN_SPAN_MAX_MS = 15 * 60_000;
const RUN_GAP_MAX_MS = 30_000;
const RUNS_AT_ONCE = Math.min(4, availableParallelism());
/** A line's audio gets this much before and after it; a clip never runs longer than CLIP_MAX_MS. */
const CLIP_PAD_MS = 300;
const CLIP_MAX_MS = 20_000;

export type WordExport = { filename: string; contentType: string; body: ReadableStream<Uint8Array> | string };

const running = new Set<string>();

/** Where a note's line is in its video, as a link: YouTube's own page at that second, else ours. */
function sourceUrl(line: SavedWordWithLine["line"], origin: string): string | null {
  if (!line) return null;
  const second = Math.floor(line.startMs / 1000);
  return line.youtubeId ? `https://www.youtube.com/watch?v=${encodeURIComponent(line.youtubeId)}&t=${second}s` : `${origin}/video/${line.videoId}?t=${second}`;
}

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

/** The clip file name a note's Audio field names (the same line, the same clip, whoever exports it). */
const clipName = (line: SavedWordWithLine["line"]) => (line ? `lingoreel-${line.videoId}-${line.captionId}.mp3` : null);

function noteOf(user: User, { word, line }: SavedWordWithLine, deck: string, origin: string, audio: ReadonlySet<string>): AnkiNote {
  const occurrence = word.occurrence;
  let sentence = "";
  let said = word.lemma;
  if (occurrence) {
    const { text, wordStart, wordEnd } = occurrence;
    if (wordEnd > wordStart) {
      said = text.slice(wordStart, wordEnd);
      sentence = `${escapeHtml(text.slice(0, wordStart))}<b>${escapeHtml(said)}</b>${escapeHtml(text.slice(wordEnd))}`;
    } else sentence = escapeHtml(text);
  }
  const url = sourceUrl(line, origin);
  const clip = clipName(line);
  return {
    guid: stableGuid("lingoreel", user.id, word.language, word.lemma),
    deck,
    tags: ["LingoReel", word.language],
    fields: {
      Word: escapeHtml(said),
      Lemma: escapeHtml(word.lemma),
      Meaning: word.meaning ? `${word.meaning.source === "line" ? "<i>In this line:</i> " : ""}${escapeHtml(word.meaning.text)}` : "",
      Sentence: sentence,
      SentenceTranslation: occurrence?.translation ? escapeHtml(occurrence.translation) : "",
      Audio: clip && audio.has(clip) ? `[sound:${clip}]` : "",
      Source: url && occurrence ? `<a href="${escapeHtml(url)}">${escapeHtml(occurrence.videoTitle)} (${clock(occurrence.startMs)})</a>` : "",
    },
  };
}

type ClipJob = { mediaPath: string; clips: (ClipSpan & { name: string })[]; scratch: string };

/** The clips to cut, a line once, by video and in time order, in runs of at most RUN_SPAN_MAX_MS. */
function clipJobs(words: readonly SavedWordWithLine[], workDir: string): ClipJob[] {
  const byVideo = new Map<string, Map<string, ClipJob["clips"][number]>>();
  for (const { line } of words) {
    const name = clipName(line);
    if (!name || !line?.mediaPath) continue;
    const clips = byVideo.get(line.mediaPath) ?? new Map();
    byVideo.set(line.mediaPath, clips);
    const startMs = Math.max(0, line.startMs - CLIP_PAD_MS);
    clips.set(name, { name, startMs, endMs: Math.min(line.endMs + CLIP_PAD_MS, startMs + CLIP_MAX_MS) });
  }
  const jobs: ClipJob[] = [];
  for (const [mediaPath, clips] of byVideo) {
    let job: ClipJob | undefined;
    let from = 0;
    let reached = 0;
    for (const clip of [...clips.values()].sort((a, b) => a.startMs - b.startMs)) {
      // A run encodes from its first clip to its last: far-apart lines go to runs of their own.
      if (!job || clip.endMs - from > RUN_SPAN_MAX_MS || clip.startMs - reached > RUN_GAP_MAX_MS) {
        jobs.push((job = { mediaPath, clips: [], scratch: path.join(workDir, `run-${jobs.length}.mp3`) }));
        from = clip.startMs;
        reached = 0;
      }
      job.clips.push(clip);
      reached = Math.max(reached, clip.endMs);
    }
  }
  return jobs;
}

/**
 * Cuts the jobs' clips, RUNS_AT_ONCE runs at a time, and gives each clip's bytes as its run ends.
 * A video whose media cannot be read or cut gives no clips: its notes go without audio rather
 * than failing the export.
 */
async function* cutClips(jobs: readonly ClipJob[], signal: AbortSignal): AsyncGenerator<MediaFile> {
  const remaining = new Map<string, number>();
  for (const job of jobs) remaining.set(job.mediaPath, (remaining.get(job.mediaPath) ?? 0) + 1);
  const inputs = new Map<string, ReturnType<typeof openInput>>();
  const openInput = async (mediaPath: string) => {
    const file = await openVideoMediaFile(mediaPath);
    if (!file) return null;
    try {
      return { file, input: (await identifyMedia(file.path, signal)).input };
    } catch (error) {
      await file.cleanup();
      throw error;
    }
  };
  const run = async (job: ClipJob): Promise<MediaFile[]> => {
    let opened = inputs.get(job.mediaPath);
    if (!opened) inputs.set(job.mediaPath, (opened = openInput(job.mediaPath)));
    try {
      const media = await opened;
      if (!media) return [];
      const clips = await cutMp3Clips(media.input, job.clips, job.scratch, signal);
      return job.clips.flatMap((clip, i) => (clips[i]!.length > 0 ? [{ name: clip.name, bytes: clips[i]! }] : []));
    } catch (error) {
      if (signal.aborted) throw error;
      console.warn(`[word-export] no audio from ${job.mediaPath}:`, error instanceof Error ? error.message : error);
      return [];
    } finally {
      const left = remaining.get(job.mediaPath)! - 1;
      remaining.set(job.mediaPath, left);
      if (left === 0) void opened.then((m) => m?.file.cleanup()).catch(() => {});
    }
  };
  // RUNS_AT_ONCE runs going whatever the order they end in; a run's clips are given as it ends
  // (the package names its files in the order they come), and the next run starts before the
  // reader takes them. At most RUNS_AT_ONCE + 1 runs' clips are held.
  const going = new Map<number, Promise<{ index: number; files: MediaFile[] }>>();
  let next = 0;
  const startNext = () => {
    if (next >= jobs.length) return;
    const index = next++;
    const result = run(jobs[index]!).then((files) => ({ index, files }));
    result.catch(() => {}); // Raced below; a rejection not yet raced is not unhandled.
    going.set(index, result);
  };
  while (going.size < RUNS_AT_ONCE && next < jobs.length) startNext();
  while (going.size > 0) {
    const { index, files } = await Promise.race(going.values());
    going.delete(index);
    startNext();
    yield* files;
  }
}

/** An async generator as a byte stream: pulled as the client reads, stopped when it goes away. */
function streamOf(chunks: AsyncGenerator<Uint8Array>, onCancel: () => void): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      // Stops the ffmpeg runs now: the generator only sees the cancellation at its next chunk.
      onCancel();
      await chunks.return(undefined);
    },
    // Nothing is made before the client reads.
  }, { highWaterMark: 0 });
}

function fileName(language: string | undefined, extension: string, now: Date): string {
  return `lingoreel-words-${language ?? "all"}-${now.toISOString().slice(0, 10)}.${extension}`;
}

/**
 * GET /api/words/export: the caller's saved words (of one language, or all) as an Anki package
 * or a TSV. No saved words gives a valid empty file. More than EXPORT_MAX_WORDS is refused (422)
 * before anything is made; a learner may make one package at a time (429).
 */
export async function exportSavedWords(db: DbOrTx, user: User, query: WordExportQuery, origin: string, now = new Date()): Promise<WordExport> {
  const counts = await savedWordCounts(db, user);
  const total = counts.filter((c) => query.language === undefined || c.language === query.language).reduce((sum, c) => sum + c.count, 0);
  if (total > EXPORT_MAX_WORDS) {
    throw new ApiError(
      "unprocessable",
      `You have ${total.toLocaleString("en-US")} saved words; an export holds at most ${EXPORT_MAX_WORDS.toLocaleString("en-US")}. Export one language at a time.`,
    );
  }
  if (query.format === "apkg" && (running.has(user.id) || running.size >= EXPORTS_AT_ONCE)) {
    throw rateLimited("An Anki package is already being made. Try again when it has downloaded.", 30);
  }
  const words = total === 0 ? [] : await readSavedWords(db, user, { language: query.language, limit: EXPORT_MAX_WORDS, offset: 0 });
  const names = new Map((await listLanguages(db)).map((l) => [l.code, l.name]));
  const deckOf = (language: string) => `LingoReel::${names.get(language) ?? language}`;

  if (query.format === "tsv") {
    const notes = words.map((w) => noteOf(user, w, deckOf(w.word.language), origin, new Set()));
    return { filename: fileName(query.language, "txt", now), contentType: "text/tab-separated-values; charset=utf-8", body: tsvHeader() + notes.map(tsvRow).join("") };
  }

  const abort = new AbortController();
  let workDir: string | undefined;
  const chunks = async function* () {
    // Counted from the first read: a response nobody reads holds no place.
    running.add(user.id);
    try {
      workDir = await mkdtemp(path.join(tmpdir(), "lingoreel-export-"));
      yield* apkgChunks({
        media: cutClips(clipJobs(words, workDir), abort.signal),
        collection: (audio) => buildCollection(words.map((w) => noteOf(user, w, deckOf(w.word.language), origin, audio)), now),
      });
    } finally {
      running.delete(user.id);
      abort.abort();
      if (workDir) await rm(workDir, { recursive: true, force: true });
    }
  };
  return {
    filename: fileName(query.language, "apkg", now),
    contentType: "application/octet-stream",
    body: streamOf(chunks(), () => abort.abort()),
  };
}

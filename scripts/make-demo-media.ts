/**
 * Builds the bundled demo videos from scripts/demo-content.source.json.
 *
 *   npx tsx scripts/make-demo-media.ts
 *
 * For every video it:
 *   1. synthesises each spoken token separately with espeak-ng,
 *   2. trims the silence espeak-ng pads around each token,
 *   3. concatenates the tokens with fixed pauses, so every word's start and
 *      end time is known exactly from the sample arithmetic,
 *   4. renders a title card (gradient + title) and encodes a small WebM
 *      (VP9 + Opus) plus a JPEG thumbnail with ffmpeg,
 * and finally writes db/seed/demo-content.json with the timed captions,
 * translations, the lines' lemmas and the vocabulary.
 *
 * Requires espeak-ng, ffmpeg and the DejaVu fonts. The output is deterministic,
 * and committed, so a fresh install needs none of these tools.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readWebmHeader } from "../lib/media/webm";

// ---------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------

const ROOT = path.resolve(path.dirname(path.resolve(process.argv[1] ?? "scripts/make-demo-media.ts")), "..");
const SOURCE_FILE = path.join(ROOT, "scripts", "demo-content.source.json");
const OUTPUT_JSON = path.join(ROOT, "db", "seed", "demo-content.json");
// Thumbnails are public images; the media is served by the media route, to those who may see the video.
const THUMBNAIL_DIR = path.join(ROOT, "public", "demo");
const MEDIA_DIR = path.join(ROOT, "db", "seed", "demo-media");
const PUBLIC_PREFIX = "/demo";

const LANGUAGES = ["en", "es", "fr", "de", "it", "pt", "sv", "ja", "zh"] as const;
type Language = (typeof LANGUAGES)[number];

/** espeak-ng voice per target language. */
const VOICES: Record<Language, string> = {
  en: "en-us",
  es: "es",
  fr: "fr",
  de: "de",
  it: "it",
  pt: "pt-br",
  sv: "sv",
  ja: "ja",
  zh: "cmn",
};

/** The language's own name, drawn on the title card. */
const ENDONYMS: Record<Language, string> = {
  en: "ENGLISH",
  es: "ESPAÑOL",
  fr: "FRANÇAIS",
  de: "DEUTSCH",
  it: "ITALIANO",
  pt: "PORTUGUÊS",
  sv: "SVENSKA",
  ja: "日本語",
  zh: "中文",
};

const SPEECH_RATE_WPM = 140;
/** Silence before the first word. */
const LEAD_IN_MS = 700;
/** Pause between two words of the same sentence. */
const WORD_GAP_MS = 80;
/** Pause between two sentences; must leave room for the quiz pause. */
const SENTENCE_GAP_MS = 900;
/** Minimum silence after the last word. */
const TAIL_MS = 1200;
/**
 * A vocabulary quiz pauses this long after the end of its sentence. The player
 * fires a quiz 350 ms before its quizTime, so 450 ms lands ~100 ms after the
 * last word has finished.
 */
const QUIZ_DELAY_MS = 450;

/** Amplitude (fraction of the clip's peak) that counts as audible. */
const TRIM_THRESHOLD = 0.03;
const TRIM_PAD_BEFORE_MS = 8;
const TRIM_PAD_AFTER_MS = 25;
const FADE_MS = 4;

const WIDTH = 480;
const HEIGHT = 270;
const FPS = 10;
const FONT_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
const FONT_REGULAR = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

// ---------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------

type Translations = Partial<Record<Language, string>>;

interface SourceSegment {
  text: string;
  translations: Translations;
  /** Its content words' lemmas, as processing's model would give them: the demo videos' words come with lemmas. */
  lemmas: DemoLemma[];
}

/** What processing's model says of a content word of a line: its lemma and part of speech (lib/text/line-words.ts). */
export interface DemoLemma {
  word: string;
  lemma: string;
  partOfSpeech: string;
}

interface SourceVocabulary {
  word: string;
  segment: number;
  translations: Translations;
}

interface SourceVideo {
  slug: string;
  title: string;
  description: string;
  targetLanguage: Language;
  categories: string[];
  colors: [string, string];
  segments: SourceSegment[];
  vocabulary: SourceVocabulary[];
}

interface SourceFile {
  categories: string[];
  videos: SourceVideo[];
}

export interface DemoWord {
  word: string;
  start: number;
  end: number;
}

export interface DemoSegment {
  text: string;
  startTime: number;
  endTime: number;
  translations: Translations;
  words: DemoWord[];
  lemmas: DemoLemma[];
}

export interface DemoVocabulary {
  word: string;
  segmentIndex: number;
  wordIndex: number;
  timestamp: number;
  quizTime: number;
  translations: Translations;
}

export interface DemoVideo {
  slug: string;
  title: string;
  description: string;
  targetLanguage: Language;
  categories: string[];
  media: string;
  mediaType: string;
  thumbnail: string;
  durationMs: number;
  segments: DemoSegment[];
  vocabulary: DemoVocabulary[];
}

export interface DemoContent {
  categories: string[];
  videos: DemoVideo[];
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

function fail(message: string): never {
  throw new Error(message);
}

function run(command: string, args: string[]): void {
  try {
    execFileSync(command, args, { stdio: ["ignore", "ignore", "pipe"] });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
    fail(`${command} failed: ${stderr.slice(-2000)}`);
  }
}

/** The token as a vocabulary word: without surrounding punctuation. */
export function bareWord(token: string): string {
  return token.replace(/^[¿¡«"'(]+/u, "").replace(/[.,;:!?…»"')]+$/u, "");
}

function otherLanguages(target: Language): Language[] {
  return LANGUAGES.filter((l) => l !== target);
}

function checkTranslations(where: string, target: Language, translations: Translations): void {
  for (const lang of otherLanguages(target)) {
    const value = translations[lang];
    if (typeof value !== "string" || value.trim() === "") fail(`${where}: missing ${lang} translation`);
  }
  for (const key of Object.keys(translations)) {
    if (!(LANGUAGES as readonly string[]).includes(key) || key === target) {
      fail(`${where}: unexpected translation language ${key}`);
    }
  }
}

/** Orders the translation keys the same way for every entry. */
function orderedTranslations(target: Language, translations: Translations): Translations {
  const out: Translations = {};
  for (const lang of otherLanguages(target)) out[lang] = translations[lang];
  return out;
}

// ---------------------------------------------------------------------------
// WAV handling (16-bit mono PCM, as produced by espeak-ng)
// ---------------------------------------------------------------------------

interface Pcm {
  sampleRate: number;
  samples: Int16Array;
}

function readWav(file: string): Pcm {
  const buf = fs.readFileSync(file);
  if (buf.toString("ascii", 0, 4) !== "RIFF" || buf.toString("ascii", 8, 12) !== "WAVE") fail(`${file}: not a WAV file`);
  let offset = 12;
  let sampleRate = 0;
  let channels = 0;
  let bits = 0;
  let data: Buffer | null = null;
  while (offset + 8 <= buf.length) {
    const id = buf.toString("ascii", offset, offset + 4);
    let size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === "fmt ") {
      channels = buf.readUInt16LE(body + 2);
      sampleRate = buf.readUInt32LE(body + 4);
      bits = buf.readUInt16LE(body + 14);
    } else if (id === "data") {
      // espeak-ng writing to a file fills in the real size; guard anyway.
      if (size === 0 || body + size > buf.length) size = buf.length - body;
      data = buf.subarray(body, body + size);
    }
    offset = body + size + (size % 2);
  }
  if (!data || channels !== 1 || bits !== 16 || sampleRate === 0) fail(`${file}: expected 16-bit mono PCM`);
  const samples = new Int16Array(Math.floor(data.length / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
  return { sampleRate, samples };
}

function writeWav(file: string, pcm: Pcm): void {
  const dataBytes = pcm.samples.length * 2;
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write("RIFF", 0, "ascii");
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write("WAVE", 8, "ascii");
  buf.write("fmt ", 12, "ascii");
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(pcm.sampleRate, 24);
  buf.writeUInt32LE(pcm.sampleRate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write("data", 36, "ascii");
  buf.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < pcm.samples.length; i++) buf.writeInt16LE(pcm.samples[i] ?? 0, 44 + i * 2);
  fs.writeFileSync(file, buf);
}

/** Cuts the silence around a spoken token and fades the edges to avoid clicks. */
function trimSilence(pcm: Pcm): Int16Array {
  const { samples, sampleRate } = pcm;
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  if (peak === 0) fail("espeak-ng produced silence");
  const threshold = Math.max(200, peak * TRIM_THRESHOLD);
  let first = 0;
  while (first < samples.length && Math.abs(samples[first] ?? 0) < threshold) first++;
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last] ?? 0) < threshold) last--;
  const start = Math.max(0, first - Math.round((TRIM_PAD_BEFORE_MS * sampleRate) / 1000));
  const end = Math.min(samples.length, last + 1 + Math.round((TRIM_PAD_AFTER_MS * sampleRate) / 1000));
  const clip = samples.slice(start, end);
  const fade = Math.min(Math.round((FADE_MS * sampleRate) / 1000), Math.floor(clip.length / 2));
  for (let i = 0; i < fade; i++) {
    const gain = i / fade;
    clip[i] = Math.round((clip[i] ?? 0) * gain);
    const j = clip.length - 1 - i;
    clip[j] = Math.round((clip[j] ?? 0) * gain);
  }
  return clip;
}

function synthesise(token: string, voice: string, file: string): Pcm {
  run("espeak-ng", ["-v", voice, "-s", String(SPEECH_RATE_WPM), "-w", file, "--", token]);
  return readWav(file);
}

// ---------------------------------------------------------------------------
// Speech track with known word timings
// ---------------------------------------------------------------------------

interface SpeechTrack {
  pcm: Pcm;
  /** Word timings per segment, in ms. */
  segments: DemoWord[][];
  durationMs: number;
}

function buildSpeech(video: SourceVideo, workDir: string): SpeechTrack {
  const voice = VOICES[video.targetLanguage];
  const chunks: Int16Array[] = [];
  let sampleRate = 0;
  let cursor = 0; // in samples
  const segments: DemoWord[][] = [];

  const msToSamples = (ms: number) => Math.round((ms * sampleRate) / 1000);
  const samplesToMs = (n: number) => Math.round((n * 1000) / sampleRate);
  const silence = (ms: number) => {
    const n = msToSamples(ms);
    chunks.push(new Int16Array(n));
    cursor += n;
  };

  let clipIndex = 0;
  video.segments.forEach((segment, segmentIndex) => {
    const tokens = segment.text.split(" ");
    const words: DemoWord[] = [];
    tokens.forEach((token, tokenIndex) => {
      const pcm = synthesise(token, voice, path.join(workDir, `clip-${clipIndex++}.wav`));
      if (sampleRate === 0) {
        sampleRate = pcm.sampleRate;
        silence(LEAD_IN_MS);
      } else if (pcm.sampleRate !== sampleRate) {
        fail("espeak-ng changed its sample rate between clips");
      }
      if (tokenIndex > 0) silence(WORD_GAP_MS);
      else if (segmentIndex > 0) silence(SENTENCE_GAP_MS);
      const clip = trimSilence(pcm);
      words.push({ word: token, start: samplesToMs(cursor), end: samplesToMs(cursor + clip.length) });
      chunks.push(clip);
      cursor += clip.length;
    });
    segments.push(words);
  });

  // Pad the tail so the total is a whole number of video frames.
  const frameMs = 1000 / FPS;
  const durationMs = Math.ceil((samplesToMs(cursor) + TAIL_MS) / frameMs) * frameMs;
  const tail = msToSamples(durationMs) - cursor;
  chunks.push(new Int16Array(tail));
  cursor += tail;

  const samples = new Int16Array(cursor);
  let offset = 0;
  for (const chunk of chunks) {
    samples.set(chunk, offset);
    offset += chunk.length;
  }
  return { pcm: { sampleRate, samples }, segments, durationMs };
}

// ---------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------

/** Splits the title into at most two balanced lines (more only if it is very long). */
function wrap(text: string, maxChars: number): string[] {
  if (text.length <= maxChars) return [text];
  const words = text.split(" ");
  let best: string[] | null = null;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(" "), words.slice(i).join(" ")];
    const longest = Math.max(...lines.map((l) => l.length));
    if (longest <= maxChars && (!best || longest < Math.max(...best.map((l) => l.length)))) best = lines;
  }
  if (best) return best;
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function drawtext(textFile: string, font: string, size: number, y: string, extra = ""): string {
  return (
    `drawtext=fontfile=${font}:textfile=${textFile}:expansion=none:fontsize=${size}:fontcolor=white` +
    `:x=(w-text_w)/2:y=${y}:shadowcolor=black@0.35:shadowx=2:shadowy=2${extra}`
  );
}

const BITEXACT = ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact", "-map_metadata", "-1"];

function renderCard(video: SourceVideo, workDir: string, file: string): void {
  const [c0, c1] = video.colors;
  const filters: string[] = [];
  const label = path.join(workDir, `${video.slug}-label.txt`);
  fs.writeFileSync(label, ENDONYMS[video.targetLanguage]);
  const footer = path.join(workDir, `${video.slug}-footer.txt`);
  fs.writeFileSync(footer, `Demo lesson  ·  ${video.segments.length} sentences`);

  const titleLines = wrap(video.title, 24);
  const lineHeight = 38;
  const titleTop = Math.round(HEIGHT / 2 - (titleLines.length * lineHeight) / 2 + 6);
  filters.push(
    drawtext(label, FONT_BOLD, 15, String(titleTop - 34), ":box=1:boxcolor=white@0.18:boxborderw=6"),
  );
  titleLines.forEach((line, i) => {
    const f = path.join(workDir, `${video.slug}-title-${i}.txt`);
    fs.writeFileSync(f, line);
    filters.push(drawtext(f, FONT_BOLD, 30, String(titleTop + i * lineHeight)));
  });
  filters.push(drawtext(footer, FONT_REGULAR, 13, String(HEIGHT - 34), ":fontcolor=white@0.8"));

  // A diagonal linear gradient from the first colour (top left) to the second.
  const channel = (shift: number) => {
    const a = (parseInt(c0, 16) >> shift) & 0xff;
    const b = (parseInt(c1, 16) >> shift) & 0xff;
    return `${a}+(${b - a})*(X+Y)/(W+H)`;
  };
  const gradient = `format=rgb24,geq=r='${channel(16)}':g='${channel(8)}':b='${channel(0)}'`;
  run("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-y",
    "-f", "lavfi", "-i", `color=c=black:s=${WIDTH}x${HEIGHT}:r=1:d=1`,
    "-vf", [gradient, ...filters].join(","),
    "-frames:v", "1", ...BITEXACT, file,
  ]);
}

function renderVideo(card: string, wav: string, durationMs: number, file: string): void {
  const seconds = (durationMs / 1000).toFixed(3);
  // A thin bar along the bottom edge fills up as the lesson progresses.
  const graph = [
    `[0:v]drawbox=x=0:y=ih-5:w=iw:h=5:color=black@0.3:t=fill[bg]`,
    `color=c=white:s=${WIDTH}x5:r=${FPS}[bar]`,
    `[bg][bar]overlay=x='-w+W*t/${seconds}':y=H-5:eval=frame:shortest=1,format=yuv420p[v]`,
  ].join(";");
  run("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-y",
    "-loop", "1", "-framerate", String(FPS), "-i", card,
    "-i", wav,
    "-filter_complex", graph, "-map", "[v]", "-map", "1:a",
    "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "44", "-g", String(FPS * 5),
    "-deadline", "good", "-cpu-used", "2", "-row-mt", "0", "-threads", "1",
    "-c:a", "libopus", "-b:a", "24k", "-ac", "1", "-ar", "48000", "-application", "voip",
    "-t", seconds,
    ...BITEXACT,
    file,
  ]);
}

function renderThumbnail(card: string, file: string): void {
  run("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-y",
    "-i", card, "-frames:v", "1", "-q:v", "4", "-pix_fmt", "yuvj420p", ...BITEXACT, file,
  ]);
}

// ---------------------------------------------------------------------------
// WebM duration (Matroska Segment > Info > Duration)
// ---------------------------------------------------------------------------

export function webmDurationMs(file: string): number {
  const { durationMs } = readWebmHeader(fs.readFileSync(file));
  if (!Number.isFinite(durationMs)) fail(`${file}: no duration in the WebM header`);
  return durationMs;
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

function buildVideo(video: SourceVideo, categories: string[], workDir: string): DemoVideo {
  const where = video.slug;
  if (!/^[a-z0-9-]+$/.test(video.slug)) fail(`${where}: slug must be lower-case letters, digits and dashes`);
  if (!(LANGUAGES as readonly string[]).includes(video.targetLanguage)) fail(`${where}: unknown language`);
  if (video.categories.length < 1 || video.categories.length > 2) fail(`${where}: needs 1-2 categories`);
  for (const c of video.categories) if (!categories.includes(c)) fail(`${where}: unknown category ${c}`);
  video.segments.forEach((s, i) => {
    if (s.text !== s.text.trim() || s.text.includes("  ")) fail(`${where}: segment ${i} has stray spaces`);
    checkTranslations(`${where} segment ${i}`, video.targetLanguage, s.translations);
  });

  console.log(`${video.slug}: synthesising ${video.segments.length} sentences (${VOICES[video.targetLanguage]})`);
  const speech = buildSpeech(video, workDir);

  const segments: DemoSegment[] = video.segments.map((s, i) => {
    const words = speech.segments[i] ?? fail(`${where}: missing timings`);
    const first = words[0] ?? fail(`${where}: empty segment ${i}`);
    const last = words[words.length - 1] ?? first;
    return {
      text: s.text,
      startTime: first.start,
      endTime: last.end,
      translations: orderedTranslations(video.targetLanguage, s.translations),
      words,
      lemmas: s.lemmas,
    };
  });

  const seen = new Set<string>();
  const vocabulary: DemoVocabulary[] = video.vocabulary.map((v) => {
    const vw = `${where} vocabulary "${v.word}"`;
    if (seen.has(v.word.toLowerCase())) fail(`${vw}: duplicate`);
    seen.add(v.word.toLowerCase());
    checkTranslations(vw, video.targetLanguage, v.translations);
    const segment = segments[v.segment] ?? fail(`${vw}: no segment ${v.segment}`);
    const wordIndex = segment.words.findIndex((w) => bareWord(w.word) === v.word);
    const word = segment.words[wordIndex] ?? fail(`${vw}: not spoken in segment ${v.segment}`);
    const quizTime = segment.endTime + QUIZ_DELAY_MS;
    const nextStart = segments[v.segment + 1]?.startTime ?? speech.durationMs;
    if (quizTime >= nextStart) fail(`${vw}: quiz time ${quizTime} is not before ${nextStart}`);
    return {
      word: v.word,
      segmentIndex: v.segment,
      wordIndex,
      timestamp: word.start,
      quizTime,
      translations: orderedTranslations(video.targetLanguage, v.translations),
    };
  });
  vocabulary.sort((a, b) => a.timestamp - b.timestamp);

  const wav = path.join(workDir, `${video.slug}.wav`);
  writeWav(wav, speech.pcm);
  const card = path.join(workDir, `${video.slug}-card.png`);
  renderCard(video, workDir, card);
  const webm = path.join(MEDIA_DIR, `${video.slug}.webm`);
  const jpg = path.join(THUMBNAIL_DIR, `${video.slug}.jpg`);
  renderVideo(card, wav, speech.durationMs, webm);
  renderThumbnail(card, jpg);

  const durationMs = Math.round(webmDurationMs(webm));
  if (Math.abs(durationMs - speech.durationMs) > 60) {
    fail(`${where}: encoded duration ${durationMs} ms differs from the speech track ${speech.durationMs} ms`);
  }
  console.log(
    `${video.slug}: ${(durationMs / 1000).toFixed(1)} s, ` +
      `${segments.reduce((n, s) => n + s.words.length, 0)} words, ` +
      `${(fs.statSync(webm).size / 1024).toFixed(0)} KB video, ${(fs.statSync(jpg).size / 1024).toFixed(0)} KB thumbnail`,
  );

  return {
    slug: video.slug,
    title: video.title,
    description: video.description,
    targetLanguage: video.targetLanguage,
    categories: video.categories,
    // Named as when it was public: existing databases hold this path (see lib/storage/demo-media).
    media: `${PUBLIC_PREFIX}/${video.slug}.webm`,
    mediaType: "video/webm",
    thumbnail: `${PUBLIC_PREFIX}/${video.slug}.jpg`,
    durationMs,
    segments,
    vocabulary,
  };
}

function main(): void {
  const source = JSON.parse(fs.readFileSync(SOURCE_FILE, "utf8")) as SourceFile;
  const slugs = new Set<string>();
  for (const v of source.videos) {
    if (slugs.has(v.slug)) fail(`duplicate slug ${v.slug}`);
    slugs.add(v.slug);
  }

  fs.mkdirSync(MEDIA_DIR, { recursive: true });
  fs.mkdirSync(THUMBNAIL_DIR, { recursive: true });
  fs.mkdirSync(path.dirname(OUTPUT_JSON), { recursive: true });
  // Remove media of videos that no longer exist in the source.
  for (const dir of [MEDIA_DIR, THUMBNAIL_DIR]) {
    for (const f of fs.readdirSync(dir)) {
      const slug = f.replace(/\.(webm|jpg)$/, "");
      if (slug !== f && !slugs.has(slug)) fs.rmSync(path.join(dir, f));
    }
  }

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "demo-media-"));
  try {
    const videos = source.videos.map((v) => buildVideo(v, source.categories, workDir));
    const content: DemoContent = { categories: source.categories, videos };
    fs.writeFileSync(OUTPUT_JSON, `${JSON.stringify(content, null, 2)}\n`);
    const total = videos.reduce(
      (n, v) => n + fs.statSync(path.join(MEDIA_DIR, `${v.slug}.webm`)).size + fs.statSync(path.join(THUMBNAIL_DIR, `${v.slug}.jpg`)).size,
      0,
    );
    console.log(`wrote ${path.relative(ROOT, OUTPUT_JSON)}; ${videos.length} videos, ${(total / 1024).toFixed(0)} KB of media`);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

main();

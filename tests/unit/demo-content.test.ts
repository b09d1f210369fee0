/**
 * The bundled demo lessons (db/seed/demo-content.json, db/seed/demo-media/*, public/demo/*.jpg):
 * everything a learner would notice if it broke — missing or oversized media,
 * captions out of sync with the audio, vocabulary that is never spoken,
 * quizzes that interrupt a sentence, missing translations.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

import content from "@/db/seed/demo-content.json";
import type { PartOfSpeech } from "@/db/schema/words";
import { readWebmHeader, type WebmHeader } from "@/lib/media/webm";
import { lineWords } from "@/lib/text/line-words";
import { contentWords, tokenize } from "@/lib/text/tokenize";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PUBLIC_DIR = path.join(ROOT, "public");
const MEDIA_DIR = path.join(ROOT, "db", "seed", "demo-media");
const LANGUAGES = ["en", "es", "fr", "de", "it", "pt", "sv", "ja", "zh"];
const MAX_FILE_BYTES = 400 * 1024;
const MAX_TOTAL_BYTES = 2.5 * 1024 * 1024;

interface Word {
  word: string;
  start: number;
  end: number;
}
interface Segment {
  text: string;
  startTime: number;
  endTime: number;
  translations: Record<string, string>;
  words: Word[];
  lemmas: { word: string; lemma: string; partOfSpeech: PartOfSpeech }[];
}
interface Vocabulary {
  word: string;
  segmentIndex: number;
  wordIndex: number;
  timestamp: number;
  quizTime: number;
  translations: Record<string, string>;
}
interface Video {
  slug: string;
  title: string;
  description: string;
  targetLanguage: string;
  categories: string[];
  media: string;
  mediaType: string;
  thumbnail: string;
  durationMs: number;
  segments: Segment[];
  vocabulary: Vocabulary[];
}

const data = content as { categories: string[]; videos: Video[] };
const videos = data.videos;

function publicFile(url: string): string {
  expect(url.startsWith("/demo/")).toBe(true);
  return path.join(PUBLIC_DIR, url);
}

/** Media is bundled outside public/ (the media route serves it to those who may see the video). */
function mediaFile(mediaPath: string): string {
  expect(mediaPath.startsWith("/demo/")).toBe(true);
  const file = path.join(MEDIA_DIR, mediaPath.slice("/demo/".length));
  expect(fs.existsSync(path.join(PUBLIC_DIR, mediaPath)), `${mediaPath} is not public`).toBe(false);
  return file;
}

function bareWord(token: string): string {
  return token.replace(/^[¿¡«"'(]+/u, "").replace(/[.,;:!?…»"')]+$/u, "");
}

function readWebm(file: string): WebmHeader {
  return readWebmHeader(fs.readFileSync(file));
}

/** Width and height from a baseline or progressive JPEG's SOF marker. */
function jpegSize(file: string): { width: number; height: number } {
  const buf = fs.readFileSync(file);
  expect(buf.readUInt16BE(0)).toBe(0xffd8);
  let pos = 2;
  while (pos + 4 <= buf.length) {
    if (buf[pos] !== 0xff) throw new Error("JPEG: bad marker");
    const marker = buf[pos + 1] ?? 0;
    const length = buf.readUInt16BE(pos + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: buf.readUInt16BE(pos + 5), width: buf.readUInt16BE(pos + 7) };
    }
    pos += 2 + length;
  }
  throw new Error("JPEG: no frame header");
}

// --- Tests --------------------------------------------------------------------

describe("demo content catalogue", () => {
  it("offers at least 5 videos in at least 3 categories and 3 target languages", () => {
    expect(videos.length).toBeGreaterThanOrEqual(5);
    const usedCategories = new Set(videos.flatMap((v) => v.categories));
    expect(usedCategories.size).toBeGreaterThanOrEqual(3);
    expect(new Set(videos.map((v) => v.targetLanguage)).size).toBeGreaterThanOrEqual(3);
  });

  it("gives every video a unique slug, a title, a description, a known language and 1-2 listed categories", () => {
    expect(new Set(videos.map((v) => v.slug)).size).toBe(videos.length);
    expect(new Set(data.categories).size).toBe(data.categories.length);
    for (const v of videos) {
      expect(v.slug).toMatch(/^[a-z0-9-]+$/);
      expect(v.title.trim().length).toBeGreaterThan(0);
      expect(v.description.trim().length).toBeGreaterThan(0);
      expect(LANGUAGES).toContain(v.targetLanguage);
      expect(v.targetLanguage).not.toBe("en");
      expect(v.categories.length).toBeGreaterThanOrEqual(1);
      expect(v.categories.length).toBeLessThanOrEqual(2);
      for (const c of v.categories) expect(data.categories).toContain(c);
      expect(v.mediaType).toBe("video/webm");
      expect(v.media).toBe(`/demo/${v.slug}.webm`);
      expect(v.thumbnail).toBe(`/demo/${v.slug}.jpg`);
    }
  });
});

describe("demo media files", () => {
  it("are all present and small", () => {
    let total = 0;
    for (const v of videos) {
      for (const [url, file] of [[v.media, mediaFile(v.media)], [v.thumbnail, publicFile(v.thumbnail)]] as const) {
        expect(fs.existsSync(file), `${url} exists`).toBe(true);
        const size = fs.statSync(file).size;
        expect(size, `${url} size`).toBeGreaterThan(1000);
        expect(size, `${url} size`).toBeLessThan(MAX_FILE_BYTES);
        total += size;
      }
    }
    expect(total).toBeLessThan(MAX_TOTAL_BYTES);
  });

  it("has a 480x270 JPEG thumbnail per video", () => {
    for (const v of videos) expect(jpegSize(publicFile(v.thumbnail)), v.slug).toEqual({ width: 480, height: 270 });
  });

  it.each(videos.map((v) => [v.slug, v] as const))("%s is a WebM with VP8/VP9 video and Opus audio of the stated duration", (_slug, v) => {
    const webm = readWebm(mediaFile(v.media));
    expect(webm.docType).toBe("webm");
    expect(webm.codecs.some((c) => c === "V_VP9" || c === "V_VP8")).toBe(true);
    expect(webm.codecs).toContain("A_OPUS");
    expect(Number.isFinite(webm.durationMs)).toBe(true);
    expect(Math.abs(webm.durationMs - v.durationMs)).toBeLessThanOrEqual(50);
  });
});

describe.each(videos.map((v) => [v.slug, v] as const))("demo video %s", (_slug, v) => {
  const lastSegment = v.segments[v.segments.length - 1];

  it("has 6-10 sentences and 20-50 seconds of speech", () => {
    expect(v.segments.length).toBeGreaterThanOrEqual(6);
    expect(v.segments.length).toBeLessThanOrEqual(10);
    const speech = (lastSegment?.endTime ?? 0) - (v.segments[0]?.startTime ?? 0);
    expect(speech).toBeGreaterThanOrEqual(20_000);
    expect(speech).toBeLessThanOrEqual(50_000);
  });

  it("has ordered, non-overlapping captions inside the media", () => {
    let previousEnd = -1;
    for (const s of v.segments) {
      expect(Number.isInteger(s.startTime) && Number.isInteger(s.endTime)).toBe(true);
      expect(s.startTime).toBeGreaterThan(previousEnd);
      expect(s.endTime).toBeGreaterThan(s.startTime);
      previousEnd = s.endTime;
    }
    expect(v.segments[0]?.startTime).toBeGreaterThanOrEqual(0);
    expect(previousEnd).toBeLessThanOrEqual(v.durationMs);
  });

  it("times every spoken word, in order, and the words make up the caption text", () => {
    for (const s of v.segments) {
      expect(s.words.length).toBeGreaterThan(0);
      expect(s.words.map((w) => w.word).join(" ")).toBe(s.text);
      expect(s.startTime).toBe(s.words[0]?.start);
      expect(s.endTime).toBe(s.words[s.words.length - 1]?.end);
      let previousEnd = s.startTime;
      for (const w of s.words) {
        expect(w.word.trim()).toBe(w.word);
        expect(w.word.length).toBeGreaterThan(0);
        expect(Number.isInteger(w.start) && Number.isInteger(w.end)).toBe(true);
        expect(w.start).toBeGreaterThanOrEqual(previousEnd);
        expect(w.end).toBeGreaterThan(w.start);
        previousEnd = w.end;
      }
    }
  });

  it("translates every sentence into all 8 other languages", () => {
    const expected = LANGUAGES.filter((l) => l !== v.targetLanguage).sort();
    for (const s of v.segments) {
      expect(Object.keys(s.translations).sort()).toEqual(expected);
      for (const lang of expected) expect(s.translations[lang]?.trim().length, `${s.text} -> ${lang}`).toBeGreaterThan(0);
    }
  });

  it("teaches at most about one word per 10 s of speech, and enough for a quiz's four options", () => {
    const speechMs = (lastSegment?.endTime ?? 0) - (v.segments[0]?.startTime ?? 0);
    // A quiz's three wrong options are the video's other words (db/seed.ts): four at least.
    expect(v.vocabulary.length).toBeGreaterThanOrEqual(4);
    expect(v.vocabulary.length).toBeLessThanOrEqual(Math.max(4, Math.round(speechMs / 10_000)));
    const times = v.vocabulary.map((w) => w.quizTime).sort((a, b) => a - b);
    // Never two quizzes in a row: each at least 6 s after the one before.
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!, `quiz ${i}`).toBeGreaterThanOrEqual(6000);
  });

  it("has distinct vocabulary words, each spoken where it says", () => {
    expect(new Set(v.vocabulary.map((w) => w.word.toLowerCase())).size).toBe(v.vocabulary.length);
    for (const w of v.vocabulary) {
      const segment = v.segments[w.segmentIndex];
      expect(segment, `${w.word} segment`).toBeDefined();
      const spoken = segment?.words[w.wordIndex];
      expect(spoken, `${w.word} word`).toBeDefined();
      expect(bareWord(spoken?.word ?? "")).toBe(w.word);
      expect(w.timestamp).toBe(spoken?.start);
      expect(segment?.text).toContain(w.word);
    }
  });

  it("pauses for each quiz after its sentence is heard and before the next begins", () => {
    for (const w of v.vocabulary) {
      const segment = v.segments[w.segmentIndex];
      const next = v.segments[w.segmentIndex + 1];
      expect(Number.isInteger(w.quizTime)).toBe(true);
      expect(w.quizTime).toBeGreaterThan(segment?.endTime ?? Infinity);
      expect(w.quizTime).toBeLessThan(next ? next.startTime : v.durationMs);
    }
    expect(new Set(v.vocabulary.map((w) => w.quizTime)).size).toBe(v.vocabulary.length);
  });

  it("translates every vocabulary word into all 8 other languages", () => {
    const expected = LANGUAGES.filter((l) => l !== v.targetLanguage).sort();
    for (const w of v.vocabulary) {
      expect(Object.keys(w.translations).sort()).toEqual(expected);
      for (const lang of expected) expect(w.translations[lang]?.trim().length, `${w.word} -> ${lang}`).toBeGreaterThan(0);
    }
  });

  it("gives every content word of every line its lemma, each named word a word of its line", () => {
    for (const s of v.segments) {
      const named = s.lemmas.map((l) => l.word);
      expect(named, s.text).toEqual(contentWords(tokenize(s.text, v.targetLanguage), v.targetLanguage));
      const words = lineWords(s.text, v.targetLanguage, s.lemmas);
      for (const l of s.lemmas) expect(words.some((w) => w.surface === l.word && w.partOfSpeech === l.partOfSpeech), `${l.word} in ${s.text}`).toBe(true);
    }
  });
});

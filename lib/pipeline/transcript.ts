/**
 * One shape for the `verbose_json` transcriptions of every OpenAI-compatible server users point
 * OPENAI_BASE_URL at: OpenAI and speaches give top-level `words`; whisper.cpp's server puts
 * (sub-word) tokens inside each segment; some give segments only, and then each word's time is
 * estimated within its segment by its share of the segment's letters. Times become whole
 * milliseconds, and `duration` is always a number.
 */
import "server-only";
import { z } from "zod";

export type TimedWord = { word: string; startMs: number; endMs: number };
export type TimedSegment = { text: string; startMs: number; endMs: number };
export type Transcript = { language: string | null; durationMs: number; segments: TimedSegment[]; words: TimedWord[] };

const seconds = z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/).transform(Number)]);
const wordSchema = z.object({ word: z.string(), start: seconds, end: seconds });
const segmentSchema = z.object({ start: seconds, end: seconds, text: z.string(), words: z.array(wordSchema).optional() });
const verboseSchema = z.object({
  language: z.string().nullish(),
  duration: seconds.nullish(),
  text: z.string().nullish(),
  segments: z.array(segmentSchema).nullish(),
  words: z.array(wordSchema).nullish(),
});

const ms = (s: number) => Math.max(0, Math.round(s * 1000));
const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/** whisper.cpp's tokens: one that does not start with a space continues the word before it. */
function mergeTokens(tokens: z.infer<typeof wordSchema>[]): TimedWord[] {
  const words: TimedWord[] = [];
  for (const token of tokens) {
    const text = token.word;
    if (!text.trim() || /^\[.*\]$/.test(text.trim())) continue;
    const last = words.at(-1);
    if (last && !/^\s/.test(text)) {
      last.word += text.trim();
      last.endMs = Math.max(last.endMs, ms(token.end));
    } else words.push({ word: text.trim(), startMs: ms(token.start), endMs: ms(token.end) });
  }
  return words;
}

/** Words of a segment, timed by their share of its letters. */
export function estimateWords(segment: TimedSegment): TimedWord[] {
  const parts = segment.text.split(/\s+/).filter(Boolean);
  const total = parts.reduce((n, p) => n + p.length, 0) || 1;
  const span = Math.max(0, segment.endMs - segment.startMs);
  let at = segment.startMs;
  return parts.map((word) => {
    const length = Math.round((span * word.length) / total);
    const timed = { word, startMs: at, endMs: at + length };
    at += length;
    return timed;
  });
}

export function normalizeTranscript(raw: unknown): Transcript {
  const parsed = verboseSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`The transcription answer is not verbose_json: ${parsed.error.issues[0]?.message ?? "unknown shape"}`);
  const body = parsed.data;
  let segments: TimedSegment[] = (body.segments ?? []).map((s) => ({ text: clean(s.text), startMs: ms(s.start), endMs: ms(s.end) })).filter((s) => s.text);
  let words: TimedWord[];
  if (body.words?.length) words = body.words.map((w) => ({ word: w.word.trim(), startMs: ms(w.start), endMs: ms(w.end) })).filter((w) => w.word);
  else if (body.segments?.some((s) => s.words?.length)) words = body.segments.flatMap((s) => mergeTokens(s.words ?? []));
  else words = segments.flatMap(estimateWords);

  // Text without segments (a plain answer): one segment over the whole clip.
  const lastEnd = Math.max(0, ...segments.map((s) => s.endMs), ...words.map((w) => w.endMs));
  const durationMs = body.duration !== null && body.duration !== undefined ? ms(body.duration) : lastEnd;
  if (!segments.length && body.text && clean(body.text)) {
    segments = [{ text: clean(body.text), startMs: 0, endMs: durationMs }];
    if (!words.length) words = estimateWords(segments[0]!);
  }
  words.sort((a, b) => a.startMs - b.startMs);
  return { language: body.language ?? null, durationMs: Math.max(durationMs, lastEnd), segments, words };
}

/** Which segment each word belongs to: the one whose span holds the word's midpoint, else the nearest. */
export function segmentOfWords(segments: TimedSegment[], words: TimedWord[]): number[] {
  return words.map((w) => {
    const mid = (w.startMs + w.endMs) / 2;
    let best = 0;
    let bestDistance = Infinity;
    segments.forEach((s, i) => {
      const distance = mid < s.startMs ? s.startMs - mid : mid > s.endMs ? mid - s.endMs : 0;
      if (distance < bestDistance) [best, bestDistance] = [i, distance];
    });
    return best;
  });
}

/**
 * Reads SRT and WebVTT subtitle files into timed cues. Uploaded subtitles stand in for
 * transcription, so the parser is strict where a mistake would mistime captions (timings, cue
 * order within a cue, empty files) and forgiving where real files vary (BOM, CRLF, missing SRT
 * numbers, '.' for ',' in SRT times, formatting tags). WebVTT is read as the W3C spec reads it
 * (blocks, cue text tags, character references, inline timestamps), and YouTube's rolling
 * automatic captions become one cue per spoken line with the file's word times.
 */
import { formatDuration } from "@/lib/media/limits";
import { blocks, lines, type Block, type Steps } from "./blocks";

export type SubtitleFormat = "srt" | "vtt";

/**
 * What an uploaded file may hold (the caller's limits): captions longer than real ones (a few
 * hundred characters) and times past the longest video would only cost work and fail later.
 */
export type SubtitleLimits = {
  /** Most characters of a caption's text, markup removed. */
  maxCaptionChars?: number;
  /** Latest a caption may end, in milliseconds. */
  maxEndMs?: number;
};

export class SubtitleParseError extends Error {
  constructor(
    message: string,
    /** 1-based line of the problem, when there is one. */
    public readonly line?: number,
  ) {
    super(line === undefined ? message : `Line ${line}: ${message}`);
    this.name = "SubtitleParseError";
  }
}

/** Text as UTF-8 without a BOM (its line ends are read as they come: blocks.ts). */
export function decodeSubtitleText(input: string | Uint8Array): string {
  let text: string;
  if (typeof input === "string") text = input;
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(input);
    } catch {
      throw new SubtitleParseError("The subtitle file is not UTF-8 text");
    }
  }
  if (text.includes("\u0000")) throw new SubtitleParseError("The subtitle file is not a text file");
  return text.replace(/^\uFEFF/, "");
}

const VTT_SIGNATURE = /^WEBVTT(?:[ \t].*)?$/;
// [h:]mm:ss.mmm; VTT uses '.', SRT ',' (and many SRT writers '.', so SRT takes both).
const time = (separator: string) => String.raw`(?:(\d+):)?([0-5]\d):([0-5]\d)${separator}(\d{3})`;
// Settings may follow after a space; looking no further keeps a long line from being read twice.
const timingPattern = (separator: string) =>
  new RegExp(String.raw`^\s*${time(separator)}\s*-->\s*${time(separator)}(?=\s|$)`);
const SRT_TIMING = timingPattern("[,.]");
const VTT_TIMING = timingPattern("[.]");

export function detectSubtitleFormat(text: string): SubtitleFormat | null {
  const opening: string[] = [];
  for (const [line, number] of lines(text)) {
    if (number === 1 && VTT_SIGNATURE.test(line)) return "vtt";
    if (line.trim()) opening.push(line.trim());
    if (opening.length === 2) break;
  }
  // An SRT file opens with a cue: an optional number, then a timing line (checked by the
  // parser, which can then say what is wrong with it).
  const arrow = (line: string | undefined) => line?.includes("-->") ?? false;
  if (arrow(opening[0]) || (/^\d+$/.test(opening[0] ?? "") && arrow(opening[1]))) return "srt";
  return null;
}

export type ParsedSubtitles = { format: SubtitleFormat; cues: SubtitleCue[] };

/** Parses a subtitle file, detecting its format unless told. Throws SubtitleParseError. */
export function parseSubtitles(input: string | Uint8Array, format?: SubtitleFormat, limits: SubtitleLimits = {}): ParsedSubtitles {
  const steps = parseSteps(input, format, limits);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** How long parsing runs before it lets other work run (parseSubtitlesInSlices). */
const SLICE_MS = 10;

/**
 * parseSubtitles for a server reading a file of any size: it pauses every SLICE_MS, so that the
 * requests and jobs of everyone else go on meanwhile.
 */
export async function parseSubtitlesInSlices(input: string | Uint8Array, format?: SubtitleFormat, limits: SubtitleLimits = {}): Promise<ParsedSubtitles> {
  const steps = parseSteps(input, format, limits);
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart < SLICE_MS) continue;
    await new Promise((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  }
}

function* parseSteps(input: string | Uint8Array, format: SubtitleFormat | undefined, limits: SubtitleLimits): Steps<ParsedSubtitles> {
  const text = decodeSubtitleText(input);
  const detected = format ?? detectSubtitleFormat(text);
  if (!detected) throw new SubtitleParseError("The subtitle file is neither SRT nor WebVTT");
  yield;
  const located = detected === "vtt" ? yield* parseVttText(text, limits) : yield* parseSrtText(text, limits);
  if (located.length === 0) throw new SubtitleParseError("The subtitle file has no captions");
  const cues: SubtitleCue[] = [];
  for (const { line, ...cue } of located) {
    yield;
    if (limits.maxCaptionChars !== undefined && cue.text.length > limits.maxCaptionChars) {
      throw new SubtitleParseError(`a caption is longer than ${limits.maxCaptionChars} characters`, line);
    }
    cues.push(cue);
  }
  return { format: detected, cues: cues.sort((a, b) => a.startMs - b.startMs) };
}

export const parseSrt = (input: string | Uint8Array) => parseSubtitles(input, "srt").cues;
export const parseVtt = (input: string | Uint8Array) => parseSubtitles(input, "vtt").cues;

/**
 * With a caption limit, how many times it a caption's text may be with its markup: a longer one
 * is refused before it is read, so one caption is never much work. Real markup is a few times its
 * text at most (YouTube's word times: "<00:00:01.000><c> word</c>").
 */
const MARKUP_ALLOWANCE = 20;

function checkMarkedUpSize(chars: number, limits: SubtitleLimits, line: number): void {
  if (limits.maxCaptionChars === undefined) return;
  const max = limits.maxCaptionChars * MARKUP_ALLOWANCE;
  if (chars > max) throw new SubtitleParseError(`a caption is longer than ${max.toLocaleString("en-US")} characters with its formatting`, line);
}

const toMs = (h: string | undefined, min: string, s: string, frac: string) =>
  ((Number(h ?? 0) * 60 + Number(min)) * 60 + Number(s)) * 1000 + Number(frac);

function timing(line: string, lineNumber: number, format: SubtitleFormat, limits: SubtitleLimits): { startMs: number; endMs: number } {
  const m = (format === "srt" ? SRT_TIMING : VTT_TIMING).exec(line);
  const example = format === "srt" ? "00:00:01,000 --> 00:00:02,500" : "00:00:01.000 --> 00:00:02.500";
  if (!m) throw new SubtitleParseError(`expected a cue timing such as ${example}`, lineNumber);
  const startMs = toMs(m[1], m[2]!, m[3]!, m[4]!);
  const endMs = toMs(m[5], m[6]!, m[7]!, m[8]!);
  if (endMs < startMs) throw new SubtitleParseError("the cue ends before it starts", lineNumber);
  if (limits.maxEndMs !== undefined && endMs > limits.maxEndMs) {
    throw new SubtitleParseError(`the caption ends after ${formatDuration(limits.maxEndMs / 1000)}, the longest a video may last (MAX_MEDIA_SECONDS)`, lineNumber);
  }
  return { startMs, endMs };
}

// The character references subtitle files use (WebVTT reads HTML's; its full table would be dead
// weight). Unknown references stay as written, as the WebVTT parser leaves them.
const ENTITIES: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", lrm: "", rlm: "", zwj: "", zwnj: "",
  AMP: "&", LT: "<", GT: ">", QUOT: '"', copy: "©", COPY: "©", reg: "®", REG: "®", trade: "™", deg: "°", euro: "€",
  hellip: "…", mdash: "—", ndash: "–", lsquo: "‘", rsquo: "’", ldquo: "“", rdquo: "”", laquo: "«", raquo: "»",
  iexcl: "¡", iquest: "¿", shy: "",
};
// HTML reads these without their ";" too (in text), as older writers leave them; numeric ones as well.
const LEGACY = "amp|AMP|lt|LT|gt|GT|quot|QUOT|nbsp|copy|COPY|reg|REG";
const REFERENCE = new RegExp(`&(?:#(\\d+);?|#[xX]([0-9a-fA-F]+);?|([A-Za-z][A-Za-z0-9]*);|(${LEGACY}))`, "g");
// Invisible marks that would split or glue words once the text is one line.
const INVISIBLE = new Set(["\u200e", "\u200f", "\u200b", "\u200c", "\u200d", "\u00ad"]);

function decodeEntities(text: string): string {
  return text.replace(REFERENCE, (whole, dec?: string, hex?: string, name?: string, legacy?: string) => {
    if (legacy) return ENTITIES[legacy]!;
    if (name) return ENTITIES[name] ?? whole;
    const code = dec ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16);
    if (!Number.isFinite(code) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
    const char = String.fromCodePoint(code);
    return INVISIBLE.has(char) ? "" : char;
  });
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** A word of a caption and when it is said, from the file's inline timestamps. */
export type SubtitleWord = { word: string; startMs: number; endMs: number };

/** One caption: its times in milliseconds, its text on one line (markup removed), and its words' times when the file gives them. */
export type SubtitleCue = { startMs: number; endMs: number; text: string; words?: SubtitleWord[] };

/** A caption and the line of its timing, for messages about it. */
type LocatedCue = SubtitleCue & { line: number };

const INLINE_TIME = /^(?:(\d+):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

/** The cue text elements of WebVTT; other tags are ignored (their text is kept). */
const VTT_ELEMENTS = new Set(["c", "i", "b", "u", "ruby", "rt", "v", "lang"]);

/**
 * A WebVTT cue text as the spec's tokenizer reads it: a tag runs from "<" to ">" or to the end
 * of the text (unterminated), with any classes (<c.yellow>) and annotation (<v Roger>,
 * <lang en>); a tag that is a timestamp (<00:00:01.000>) marks when the text after it is said.
 * Ruby text (<rt>) is a reading of the base text, not more words, so it is left out; which text
 * is ruby text follows the spec's tree building (an end tag closes only the element it names
 * when that is the innermost one open, </ruby> closes an open <rt> too, and <rt> opens only
 * directly inside <ruby>). Returns the text in runs, each with the time it starts to be said
 * (undefined before the first timestamp).
 */
function vttRuns(raw: string): { text: string; atMs?: number }[] {
  const runs: { text: string; atMs?: number }[] = [{ text: "" }];
  const open: string[] = [];
  // How many <rt> are open: asked for every piece of text, so counted rather than searched for.
  let openRt = 0;
  // One pass: a tag ends at the next ">" or, unterminated, at the end of the text.
  for (let at = 0; at < raw.length; ) {
    if (raw[at] !== "<") {
      const end = raw.indexOf("<", at);
      const token = raw.slice(at, end < 0 ? raw.length : end);
      at += token.length;
      if (!openRt) runs.at(-1)!.text += decodeEntities(token);
      continue;
    }
    const close = raw.indexOf(">", at);
    const body = raw.slice(at + 1, close < 0 ? raw.length : close);
    at = close < 0 ? raw.length : close + 1;
    const stamp = INLINE_TIME.exec(body);
    if (stamp) {
      runs.push({ text: "", atMs: toMs(stamp[1], stamp[2]!, stamp[3]!, stamp[4]!) });
      continue;
    }
    const name = /^\/?([^\s.>/]*)/.exec(body)![1]!;
    if (!VTT_ELEMENTS.has(name)) continue;
    const current = open.at(-1);
    if (!body.startsWith("/")) {
      if (name !== "rt" || current === "ruby") open.push(name);
      if (name === "rt" && current === "ruby") openRt++;
    } else if (current === name) {
      open.pop();
      if (name === "rt") openRt--;
    } else if (name === "ruby" && current === "rt") {
      open.splice(-2, 2);
      openRt--;
    }
  }
  return runs;
}

/**
 * The words of a text and their times, when the text holds inline timestamps: a run is said
 * from its timestamp (the cue's start before the first one) to the next run's, and the words
 * of a run share its span evenly. A timestamp going back is held to the one before.
 */
function timedWords(runs: { text: string; atMs?: number }[], startMs: number, endMs: number): SubtitleWord[] | undefined {
  if (!runs.some((r) => r.atMs !== undefined)) return undefined;
  // A timestamp outside its cue (the spec's validator refuses those) says nothing trustworthy.
  if (runs.some((r) => r.atMs !== undefined && (r.atMs < startMs || r.atMs > endMs))) return undefined;
  const starts: number[] = [];
  let previous = startMs;
  for (const run of runs) {
    previous = Math.min(endMs, Math.max(previous, run.atMs ?? startMs));
    starts.push(previous);
  }
  // A run's text continues the word before it when it does not open with a space ("Ho<t>la").
  const words: SubtitleWord[] = [];
  let joinNext = false;
  runs.forEach((run, i) => {
    const from = starts[i]!;
    const to = starts[i + 1] ?? endMs;
    const pieces = run.text.split(/\s+/).filter(Boolean);
    const step = pieces.length ? (to - from) / pieces.length : 0;
    pieces.forEach((piece, j) => {
      const wordStart = Math.round(from + step * j);
      const wordEnd = Math.round(from + step * (j + 1));
      const last = words.at(-1);
      if (j === 0 && joinNext && last && !/^\s/.test(run.text)) {
        last.word += piece;
        last.endMs = wordEnd;
      } else words.push({ word: piece, startMs: wordStart, endMs: wordEnd });
    });
    joinNext = pieces.length > 0 ? !/\s$/.test(run.text) : joinNext;
  });
  return words.length ? words : undefined;
}

/** An SRT caption's text on one line: the HTML-like tags SRT writers use (<i>, <font color=…>) and ASS overrides ({\an8}) removed. */
function srtText(lines: string[]): string {
  return oneLine(
    decodeEntities(
      lines
        .join("\n")
        // A tag or override ends before the next one opens, so an unterminated one (left as text) is
        // found out without reading on to the end of the caption for each of them.
        .replace(/<\/?(?:i|b|u|s|font|span|em|strong)\b[^<>]*>/gi, "")
        .replace(/\{\\[^{}]*\}/g, ""),
    ),
  );
}

// WebVTT counts only a truly empty line as a separator (a line of spaces is cue text, as in
// YouTube's captions); SRT writers are looser, so there a line of spaces separates too.
const isSrtSeparator = (line: string) => line.trim() === "";
const isVttSeparator = (line: string) => line === "";
const isCueNumber = (line: string) => /^\s*\d+\s*$/.test(line);

function* parseSrtText(text: string, limits: SubtitleLimits): Steps<LocatedCue[]> {
  const cues: LocatedCue[] = [];
  for (const block of blocks(text, isSrtSeparator)) {
    yield;
    if (!block) continue;
    // The cue number is optional in practice; the timing is the line with the arrow. A cue
    // that runs into the next without a blank line ends where the next timing (and its
    // number) begins.
    let at = isCueNumber(block.lines[0]!) && block.lines.length > 1 ? 1 : 0;
    while (at < block.lines.length) {
      yield;
      const line = block.line + at;
      const { startMs, endMs } = timing(block.lines[at]!, line, "srt", limits);
      const next = cueTextEnd(block, at, SRT_TIMING.test.bind(SRT_TIMING), limits);
      const textEnd = next < block.lines.length && isCueNumber(block.lines[next - 1]!) && next - 1 > at ? next - 1 : next;
      const textLine = srtText(block.lines.slice(at + 1, textEnd));
      if (textLine) cues.push({ startMs, endMs, text: textLine, line });
      at = next;
    }
  }
  return cues;
}

/** Where the text of the cue timed at line `at` of the block ends: at the next line that `startsCue`, or the block's end. */
function cueTextEnd(block: Block, at: number, startsCue: (line: string) => boolean, limits: SubtitleLimits): number {
  let end = at + 1;
  for (let chars = 0; end < block.lines.length && !startsCue(block.lines[end]!); end++) {
    chars += block.lines[end]!.length;
    checkMarkedUpSize(chars, limits, block.line + at);
  }
  return end;
}

/** A WebVTT cue with its text lines kept apart: YouTube's rolling captions are read line by line. */
type VttCue = { startMs: number; endMs: number; line: number; lines: { text: string; words?: SubtitleWord[] }[] };

const NO_SIGNATURE = 'a WebVTT file must start with "WEBVTT"';

function* readVttCues(text: string, limits: SubtitleLimits): Steps<VttCue[]> {
  const cues: VttCue[] = [];
  let header = true;
  for (const block of blocks(text, isVttSeparator)) {
    yield;
    if (!block) continue;
    let from = 0;
    if (header) {
      header = false;
      if (!VTT_SIGNATURE.test(block.lines[0]!)) throw new SubtitleParseError(NO_SIGNATURE, 1);
      // A cue may follow the header without a blank line; the spec reads it as a cue.
      from = block.lines.findIndex((line) => line.includes("-->"));
      if (from <= 0) continue;
    } else if (/^(NOTE|STYLE|REGION)([ \t]|$)/.test(block.lines[0]!)) continue;
    // As in the spec, a line with an arrow ends the cue text and starts the next cue, so one
    // block may hold several cues.
    while (from < block.lines.length) {
      yield;
      // An optional cue identifier (never holding an arrow) may precede the timing; without an
      // arrow on either line, the first is the broken timing.
      const at = from + (!block.lines[from]!.includes("-->") && block.lines[from + 1]?.includes("-->") ? 1 : 0);
      const { startMs, endMs } = timing(block.lines[at]!, block.line + at, "vtt", limits);
      const end = cueTextEnd(block, at, (line) => line.includes("-->"), limits);
      const lines = block.lines.slice(at + 1, end).map((raw) => {
        const runs = vttRuns(raw);
        return { text: oneLine(runs.map((r) => r.text).join("")), words: timedWords(runs, startMs, endMs) };
      });
      cues.push({ startMs, endMs, line: block.line + at, lines });
      from = end;
    }
  }
  if (header) throw new SubtitleParseError(NO_SIGNATURE, 1);
  return cues;
}

/** The cue as one caption: its lines joined, and its word times when every line has them. */
function flatten(cue: VttCue): LocatedCue {
  const lines = cue.lines.filter((l) => l.text);
  const result: LocatedCue = { startMs: cue.startMs, endMs: cue.endMs, text: oneLine(lines.map((l) => l.text).join(" ")), line: cue.line };
  if (lines.length && lines.every((l) => l.words)) result.words = lines.flatMap((l) => l.words!);
  return result;
}

// YouTube's carry cues last 10 ms; a little room for writers that round.
const CARRY_MS = 50;

/**
 * YouTube's automatic captions (as yt-dlp saves them) roll: each cue shows the line before
 * again above the line being said, a 10 ms cue carries the finished line, and the new line's
 * words carry inline times. Such a file is recognised by cues opening with the line the cue
 * before ended on, together with carry cues or inline times.
 */
function isRollingCaptions(cues: VttCue[]): boolean {
  let repeats = 0;
  let carries = 0;
  let timed = 0;
  cues.forEach((cue, i) => {
    const lines = cue.lines.filter((l) => l.text);
    const before = cues[i - 1]?.lines.filter((l) => l.text).at(-1);
    if (before && lines[0]?.text === before.text) repeats++;
    if (cue.endMs - cue.startMs <= CARRY_MS) carries++;
    if (lines.some((l) => l.words)) timed++;
  });
  return repeats > 0 && (carries > 0 || timed > 0);
}

/**
 * Rolling captions as one caption per spoken line: a line is said from the cue where it first
 * appears until the last cue that still ends on it (its carry), and takes that first cue's
 * inline word times. Lines shown again above a newer line are not said again.
 */
function* spokenLines(cues: VttCue[]): Steps<LocatedCue[]> {
  const result: LocatedCue[] = [];
  for (const cue of [...cues].sort((a, b) => a.startMs - b.startMs)) {
    yield;
    const lines = cue.lines.filter((l) => l.text);
    lines.forEach((line, i) => {
      const isLast = i === lines.length - 1;
      const shown = result.slice(-2).find((r) => r.text === line.text);
      if (shown) {
        if (isLast && shown === result.at(-1)) shown.endMs = Math.max(shown.endMs, cue.endMs);
        return;
      }
      const caption: LocatedCue = { startMs: cue.startMs, endMs: cue.endMs, text: line.text, line: cue.line };
      if (line.words) caption.words = line.words;
      result.push(caption);
    });
  }
  return result;
}

function* parseVttText(text: string, limits: SubtitleLimits): Steps<LocatedCue[]> {
  const cues = yield* readVttCues(text, limits);
  if (isRollingCaptions(cues)) return yield* spokenLines(cues);
  const captions: LocatedCue[] = [];
  for (const cue of cues) {
    yield;
    const caption = flatten(cue);
    if (caption.text) captions.push(caption);
  }
  return captions;
}

/** How many caption lines the cues become: those with any text (processing drops the others). */
export const countLines = (cues: SubtitleCue[]) => cues.filter((cue) => cue.text.trim()).length;

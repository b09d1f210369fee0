/**
 * Reads SRT and WebVTT subtitle files into timed cues. Uploaded subtitles stand in for
 * transcription, so the parser is strict where a mistake would mistime captions (timings, cue
 * order within a cue, empty files) and forgiving where real files vary (BOM, CRLF, missing SRT
 * numbers, '.' for ',' in SRT times, formatting tags).
 */

export type SubtitleFormat = "srt" | "vtt";

/** One caption: its times in milliseconds and its text on one line, tags removed. */
export type SubtitleCue = { startMs: number; endMs: number; text: string };

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

/** Text as UTF-8 without a BOM, with "\n" line ends. */
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
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

const VTT_SIGNATURE = /^WEBVTT(?:[ \t].*)?$/;
// [h:]mm:ss.mmm; VTT uses '.', SRT ',' (and many SRT writers '.', so SRT takes both).
const time = (separator: string) => String.raw`(?:(\d+):)?([0-5]\d):([0-5]\d)${separator}(\d{3})`;
const timingPattern = (separator: string) =>
  new RegExp(String.raw`^\s*${time(separator)}\s*-->\s*${time(separator)}(?:\s+.*)?$`);
const SRT_TIMING = timingPattern("[,.]");
const VTT_TIMING = timingPattern("[.]");

export function detectSubtitleFormat(text: string): SubtitleFormat | null {
  const firstLine = text.split("\n", 1)[0] ?? "";
  if (VTT_SIGNATURE.test(firstLine)) return "vtt";
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  // An SRT file opens with a cue: an optional number, then a timing line (checked by the
  // parser, which can then say what is wrong with it).
  const arrow = (line: string | undefined) => line?.includes("-->") ?? false;
  if (arrow(lines[0]) || (/^\d+$/.test(lines[0] ?? "") && arrow(lines[1]))) return "srt";
  return null;
}

/** Parses a subtitle file, detecting its format unless told. Throws SubtitleParseError. */
export function parseSubtitles(input: string | Uint8Array, format?: SubtitleFormat): { format: SubtitleFormat; cues: SubtitleCue[] } {
  const text = decodeSubtitleText(input);
  const detected = format ?? detectSubtitleFormat(text);
  if (!detected) throw new SubtitleParseError("The subtitle file is neither SRT nor WebVTT");
  const cues = detected === "vtt" ? parseVttText(text) : parseSrtText(text);
  if (cues.length === 0) throw new SubtitleParseError("The subtitle file has no captions");
  return { format: detected, cues: cues.sort((a, b) => a.startMs - b.startMs) };
}

export const parseSrt = (input: string | Uint8Array) => parseSubtitles(input, "srt").cues;
export const parseVtt = (input: string | Uint8Array) => parseSubtitles(input, "vtt").cues;

type Block = { line: number; lines: string[] };

/** Groups lines into blank-line separated blocks, remembering where each starts. */
function blocks(text: string): Block[] {
  const result: Block[] = [];
  let current: Block | null = null;
  text.split("\n").forEach((raw, i) => {
    if (raw.trim() === "") {
      current = null;
      return;
    }
    if (!current) {
      current = { line: i + 1, lines: [] };
      result.push(current);
    }
    current.lines.push(raw);
  });
  return result;
}

function timing(line: string, lineNumber: number, format: SubtitleFormat): { startMs: number; endMs: number } {
  const m = (format === "srt" ? SRT_TIMING : VTT_TIMING).exec(line);
  const example = format === "srt" ? "00:00:01,000 --> 00:00:02,500" : "00:00:01.000 --> 00:00:02.500";
  if (!m) throw new SubtitleParseError(`expected a cue timing such as ${example}`, lineNumber);
  const ms = (h: string | undefined, min: string, s: string, frac: string) =>
    ((Number(h ?? 0) * 60 + Number(min)) * 60 + Number(s)) * 1000 + Number(frac);
  const startMs = ms(m[1], m[2]!, m[3]!, m[4]!);
  const endMs = ms(m[5], m[6]!, m[7]!, m[8]!);
  if (endMs < startMs) throw new SubtitleParseError("the cue ends before it starts", lineNumber);
  return { startMs, endMs };
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", nbsp: " ", quot: '"', apos: "'", lrm: "", rlm: "" };

/** The caption's text on one line: tags (<i>, <v Name>, <c.x>, {\an8}) and entities resolved. */
function cueText(lines: string[]): string {
  return lines
    .join(" ")
    .replace(/<[^>]*>/g, "")
    .replace(/\{\\[^}]*\}/g, "")
    .replace(/&(amp|lt|gt|nbsp|quot|apos|lrm|rlm);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, " ")
    .trim();
}

function parseSrtText(text: string): SubtitleCue[] {
  const cues: SubtitleCue[] = [];
  for (const block of blocks(text)) {
    // The cue number is optional in practice; the timing is the line with the arrow.
    const numbered = /^\s*\d+\s*$/.test(block.lines[0]!) && block.lines.length > 1;
    const at = numbered ? 1 : 0;
    const { startMs, endMs } = timing(block.lines[at]!, block.line + at, "srt");
    const textLine = cueText(block.lines.slice(at + 1));
    if (textLine) cues.push({ startMs, endMs, text: textLine });
  }
  return cues;
}

function parseVttText(text: string): SubtitleCue[] {
  const cues: SubtitleCue[] = [];
  const all = blocks(text);
  if (!VTT_SIGNATURE.test(all[0]?.lines[0] ?? "")) throw new SubtitleParseError('a WebVTT file must start with "WEBVTT"', 1);
  for (const block of all.slice(1)) {
    const first = block.lines[0]!;
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(first)) continue;
    // An optional cue identifier (never holding an arrow) may precede the timing; without an
    // arrow on either line, the first is the broken timing.
    const at = !first.includes("-->") && block.lines[1]?.includes("-->") ? 1 : 0;
    const { startMs, endMs } = timing(block.lines[at]!, block.line + at, "vtt");
    const textLine = cueText(block.lines.slice(at + 1));
    if (textLine) cues.push({ startMs, endMs, text: textLine });
  }
  return cues;
}

/** How many caption lines the cues become: those with any text (processing drops the others). */
export const countLines = (cues: SubtitleCue[]) => cues.filter((cue) => cue.text.trim()).length;

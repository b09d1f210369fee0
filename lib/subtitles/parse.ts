/**
 * Reads SRT and WebVTT subtitle files into timed cues. Uploaded subtitles stand in for
 * transcription, so the parser is strict where a mistake would mistime captions (timings, cue
 * order within a cue, empty files) and forgiving where real files vary (BOM, CRLF, missing SRT
 * numbers, '.' for ',' in SRT times, formatting tags). WebVTT is read as the W3C spec reads it
 * (blocks, cue text tags, character references, inline timestamps), and YouTube's rolling
 * automatic captions become one cue per spoken line with the file's word times.
 */

export type SubtitleFormat = "srt" | "vtt";

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

/**
 * Groups lines into blocks separated by empty lines, remembering where each starts. WebVTT
 * counts only a truly empty line as a separator (a line of spaces is cue text, as in YouTube's
 * captions); SRT writers are looser, so there a line of spaces separates too.
 */
function blocks(text: string, isSeparator: (line: string) => boolean): Block[] {
  const result: Block[] = [];
  let current: Block | null = null;
  text.split("\n").forEach((raw, i) => {
    if (isSeparator(raw)) {
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

const toMs = (h: string | undefined, min: string, s: string, frac: string) =>
  ((Number(h ?? 0) * 60 + Number(min)) * 60 + Number(s)) * 1000 + Number(frac);

function timing(line: string, lineNumber: number, format: SubtitleFormat): { startMs: number; endMs: number } {
  const m = (format === "srt" ? SRT_TIMING : VTT_TIMING).exec(line);
  const example = format === "srt" ? "00:00:01,000 --> 00:00:02,500" : "00:00:01.000 --> 00:00:02.500";
  if (!m) throw new SubtitleParseError(`expected a cue timing such as ${example}`, lineNumber);
  const startMs = toMs(m[1], m[2]!, m[3]!, m[4]!);
  const endMs = toMs(m[5], m[6]!, m[7]!, m[8]!);
  if (endMs < startMs) throw new SubtitleParseError("the cue ends before it starts", lineNumber);
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
  for (const token of raw.match(/<[^>]*>?|[^<]+/g) ?? []) {
    if (!token.startsWith("<")) {
      if (!open.includes("rt")) runs.at(-1)!.text += decodeEntities(token);
      continue;
    }
    const body = token.slice(1).replace(/>$/, "");
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
    } else if (current === name) open.pop();
    else if (name === "ruby" && current === "rt") open.splice(-2, 2);
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
        .replace(/<\/?(?:i|b|u|s|font|span|em|strong)\b[^>]*>/gi, "")
        .replace(/\{\\[^}]*\}/g, ""),
    ),
  );
}

function parseSrtText(text: string): SubtitleCue[] {
  const cues: SubtitleCue[] = [];
  for (const block of blocks(text, (line) => line.trim() === "")) {
    // The cue number is optional in practice; the timing is the line with the arrow. A cue
    // that runs into the next without a blank line ends where the next timing (and its
    // number) begins.
    let at = /^\s*\d+\s*$/.test(block.lines[0]!) && block.lines.length > 1 ? 1 : 0;
    while (at < block.lines.length) {
      const { startMs, endMs } = timing(block.lines[at]!, block.line + at, "srt");
      let next = at + 1;
      while (next < block.lines.length && !SRT_TIMING.test(block.lines[next]!)) next++;
      const textEnd = next < block.lines.length && /^\s*\d+\s*$/.test(block.lines[next - 1]!) && next - 1 > at ? next - 1 : next;
      const textLine = srtText(block.lines.slice(at + 1, textEnd));
      if (textLine) cues.push({ startMs, endMs, text: textLine });
      at = next;
    }
  }
  return cues;
}

/** A WebVTT cue with its text lines kept apart: YouTube's rolling captions are read line by line. */
type VttCue = { startMs: number; endMs: number; lines: { text: string; words?: SubtitleWord[] }[] };

function readVttCues(text: string): VttCue[] {
  const all = blocks(text, (line) => line === "");
  if (!VTT_SIGNATURE.test(all[0]?.lines[0] ?? "")) throw new SubtitleParseError('a WebVTT file must start with "WEBVTT"', 1);
  const cues: VttCue[] = [];
  // A cue may follow the header without a blank line; the spec reads it as a cue.
  const inHeader = all[0]!.lines.findIndex((line) => line.includes("-->"));
  const starts = [...(inHeader > 0 ? [{ block: all[0]!, from: inHeader }] : []), ...all.slice(1).map((block) => ({ block, from: 0 }))];
  for (const { block, from: blockFrom } of starts) {
    if (blockFrom === 0 && /^(NOTE|STYLE|REGION)([ \t]|$)/.test(block.lines[0]!)) continue;
    // As in the spec, a line with an arrow ends the cue text and starts the next cue, so one
    // block may hold several cues.
    for (let from = blockFrom; from < block.lines.length; ) {
      // An optional cue identifier (never holding an arrow) may precede the timing; without an
      // arrow on either line, the first is the broken timing.
      const at = from + (!block.lines[from]!.includes("-->") && block.lines[from + 1]?.includes("-->") ? 1 : 0);
      const { startMs, endMs } = timing(block.lines[at]!, block.line + at, "vtt");
      let end = at + 1;
      while (end < block.lines.length && !block.lines[end]!.includes("-->")) end++;
      const lines = block.lines.slice(at + 1, end).map((raw) => {
        const runs = vttRuns(raw);
        return { text: oneLine(runs.map((r) => r.text).join("")), words: timedWords(runs, startMs, endMs) };
      });
      cues.push({ startMs, endMs, lines });
      from = end;
    }
  }
  return cues;
}

/** The cue as one caption: its lines joined, and its word times when every line has them. */
function flatten(cue: VttCue): SubtitleCue {
  const lines = cue.lines.filter((l) => l.text);
  const result: SubtitleCue = { startMs: cue.startMs, endMs: cue.endMs, text: oneLine(lines.map((l) => l.text).join(" ")) };
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
function spokenLines(cues: VttCue[]): SubtitleCue[] {
  const result: SubtitleCue[] = [];
  for (const cue of [...cues].sort((a, b) => a.startMs - b.startMs)) {
    const lines = cue.lines.filter((l) => l.text);
    lines.forEach((line, i) => {
      const isLast = i === lines.length - 1;
      const shown = result.slice(-2).find((r) => r.text === line.text);
      if (shown) {
        if (isLast && shown === result.at(-1)) shown.endMs = Math.max(shown.endMs, cue.endMs);
        return;
      }
      const caption: SubtitleCue = { startMs: cue.startMs, endMs: cue.endMs, text: line.text };
      if (line.words) caption.words = line.words;
      result.push(caption);
    });
  }
  return result;
}

function parseVttText(text: string): SubtitleCue[] {
  const cues = readVttCues(text);
  if (isRollingCaptions(cues)) return spokenLines(cues);
  return cues.map(flatten).filter((c) => c.text);
}

/** How many caption lines the cues become: those with any text (processing drops the others). */
export const countLines = (cues: SubtitleCue[]) => cues.filter((cue) => cue.text.trim()).length;

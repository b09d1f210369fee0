/**
 * The subtitle parsers against hostile files: a caption built to make a regex read on to the end of
 * the text for each of its tags (one such caption of 240 KB held the server for minutes) is read in
 * time proportional to its length; a large file is read in slices, other work going on between
 * them (as the upload reads it); and whatever a caption holds, its text comes out no longer than
 * it went in and without the markup it had.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSubtitles, parseSubtitlesInSlices, SubtitleParseError, type SubtitleFormat } from "@/lib/subtitles/parse";
import { bestCpuMs } from "../helpers/cost";

const files: Record<SubtitleFormat, (text: string) => string> = {
  srt: (text) => `1\n00:00:01,000 --> 00:00:02,000\n${text}\n`,
  vtt: (text) => `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${text}\n`,
};

/** The caption's text, or null for a file the parser refuses (a caption of markup alone has no text). */
function captionText(format: SubtitleFormat, text: string): string | null {
  try {
    return parseSubtitles(files[format](text), format).cues[0]!.text;
  } catch (error) {
    if (error instanceof SubtitleParseError) return null;
    throw error;
  }
}

const KB = 1024;
const MB = 1024 * KB;

/** The best of a few parses of a one-caption file, in CPU time (tests/helpers/cost.ts). */
function parseMs(format: SubtitleFormat, text: string): number {
  const file = files[format](text);
  return bestCpuMs(() => {
    try {
      parseSubtitles(file, format);
    } catch (error) {
      if (!(error instanceof SubtitleParseError)) throw error;
    }
  });
}

/**
 * Parsing a caption of `unit` repeated is linear: eight times the text (25 KB, then 200 KB) takes
 * about eight times as long, where a parse that rereads the rest of the text per tag takes
 * sixty-four. The bound is twice linear, and some slack, so that the few milliseconds of a
 * linear parse stay clear of timer noise and the garbage collector on a busy machine.
 */
function expectLinear(format: SubtitleFormat, unit: string) {
  const caption = (size: number) => "hola " + unit.repeat(Math.ceil(size / unit.length));
  const small = parseMs(format, caption(25 * KB));
  const bound = 16 * small + 200;
  const large = parseMs(format, caption(200 * KB));
  expect(large, `200 KB of ${JSON.stringify(unit)} (${format}), 25 KB took ${small.toFixed(1)} ms`).toBeLessThan(bound);
}

const ATTACKS = ["<b ", "{\\", "<", "<i", "&#", "&amp", "<c.", "<b>x", "<c.a>x", "<ruby><rt>x", "<00:00:01.500>x", "</"];

describe("parsing hostile captions takes time in proportion to their length", () => {
  for (const format of ["srt", "vtt"] as const) {
    it.each(ATTACKS)(`${format}: a caption of %j repeated`, (unit) => {
      expectLinear(format, unit);
    });

    it(`${format}: a caption of any short piece of markup repeated`, () => {
      const piece = fc.string({ unit: fc.constantFrom("<", ">", "{", "}", "\\", "&", "#", ";", "/", ".", " ", "b", "c", "r", "t", "x", "0", ":"), minLength: 1, maxLength: 6 });
      fc.assert(
        fc.property(piece, (unit) => expectLinear(format, unit)),
        // A slow piece is reported as found: shrinking it would take as long again for each try.
        { numRuns: 20, endOnFailure: true },
      );
    });
  }
});

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
/** Text without anything the parsers read as markup or references. */
const plain = fc.stringMatching(/^[a-zA-Z0-9áéñ¿?!,.' ]{1,12}$/);

const MARKUP: Record<SubtitleFormat, string[]> = {
  srt: ["<i>", "</i>", "<b>", "</b>", "<u>", "</u>", "<s>", "</s>", '<font color="#ffff00">', "<FONT COLOR=white>", "</font>", "<span>", "</span>", "{\\an8}", "{\\i1}", "{\\i0}"],
  vtt: ["<c.yellow>", "<c.a.b>", "</c>", "<v Roger>", "</v>", "<i>", "</i>", "<b>", "</b>", "<u>", "</u>", "<lang en>", "</lang>", "<span>", "</span>", "<00:00:01.500>"],
};

describe("a caption's text", () => {
  for (const format of ["srt", "vtt"] as const) {
    it(`${format}: is its words without the markup around them`, () => {
      const pieces = fc.array(fc.oneof(plain.map((text) => ({ text })), fc.constantFrom(...MARKUP[format]).map((markup) => ({ markup }))), { maxLength: 30 });
      fc.assert(
        fc.property(pieces, (list) => {
          const written = "hola " + list.map((p) => ("text" in p ? p.text : p.markup)).join("");
          const words = "hola " + list.map((p) => ("text" in p ? p.text : "")).join("");
          expect(captionText(format, written)).toBe(oneLine(words));
        }),
        { numRuns: 300 },
      );
    });

    it(`${format}: is never longer than the caption as written`, () => {
      const text = fc.string({ unit: fc.constantFrom("<", ">", "{", "}", "\\", "&", "#", ";", "/", ".", " ", "b", "i", "c", "r", "t", "v", "x", "a", "m", "p", "l", "0", "1", ":", "é"), maxLength: 80 });
      fc.assert(
        fc.property(text, (written) => {
          const read = captionText(format, `x${written}`);
          if (read !== null) expect(read.length).toBeLessThanOrEqual(written.length + 1);
        }),
        { numRuns: 500 },
      );
    });
  }

  it("vtt: keeps no tag, whatever the tags (a '<' is only ever a reference's)", () => {
    const text = fc.string({ unit: fc.constantFrom("<", ">", "/", ".", " ", "b", "i", "c", "r", "t", "u", "v", "x", "0", ":"), maxLength: 80 });
    fc.assert(
      fc.property(text, (written) => {
        expect(captionText("vtt", `x${written}`) ?? "").not.toContain("<");
      }),
      { numRuns: 500 },
    );
  });
});

describe("a large file read in slices", () => {
  it.each([
    ["one caption and 2 MB of line ends", "1\r00:00:01,000 --> 00:00:02,000\rHola.\r" + "\r".repeat(2 * MB - 64)],
    ["2 MB of captions", "1\n00:00:01,000 --> 00:00:02,000\nhola <i>x</i>\n\n".repeat((2 * MB) / 45)],
  ])("lets other work run while it is read (%s)", async (_, file) => {
    // A timer every 5 ms fires only when the reading pauses: read in one go, it would fire once at most.
    let fired = 0;
    const timer = setInterval(() => fired++, 5);
    try {
      expect((await parseSubtitlesInSlices(new TextEncoder().encode(file))).cues.length).toBeGreaterThan(0);
    } finally {
      clearInterval(timer);
    }
    expect(fired).toBeGreaterThanOrEqual(5);
  });
});

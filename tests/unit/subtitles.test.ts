import { describe, expect, it } from "vitest";
import { detectSubtitleFormat, parseSrt, parseSubtitles, parseVtt, SubtitleParseError } from "@/lib/subtitles/parse";

const srt = `1
00:00:01,000 --> 00:00:02,500
Hola, ¿qué tal?

2
00:00:03,250 --> 00:01:04,000
<i>Muy bien</i>,
gracias.
`;

const vtt = `WEBVTT - Lección 1

NOTE written by hand
spanning two lines

STYLE
::cue { color: yellow }

intro
00:01.000 --> 00:02.500 align:start position:10%
<v Ana>Hola</v> &amp; <c.loud>adiós</c>

01:00:03.250 --> 01:00:04.000
Otra <00:00:03.500>vez
`;

function failure(input: string | Uint8Array): SubtitleParseError {
  try {
    parseSubtitles(input);
  } catch (error) {
    expect(error).toBeInstanceOf(SubtitleParseError);
    return error as SubtitleParseError;
  }
  throw new Error("expected the file to be refused");
}

describe("subtitle parser", () => {
  it("reads SRT cues with their times in milliseconds and text on one line", () => {
    expect(parseSubtitles(srt)).toEqual({
      format: "srt",
      cues: [
        { startMs: 1000, endMs: 2500, text: "Hola, ¿qué tal?" },
        { startMs: 3250, endMs: 64000, text: "Muy bien, gracias." },
      ],
    });
  });

  it("reads WebVTT, skipping the header, notes, styles and cue settings", () => {
    expect(parseSubtitles(vtt)).toEqual({
      format: "vtt",
      cues: [
        { startMs: 1000, endMs: 2500, text: "Hola & adiós" },
        { startMs: 3_603_250, endMs: 3_604_000, text: "Otra vez" },
      ],
    });
  });

  it("takes a BOM, CRLF line ends, missing cue numbers and '.' in SRT times", () => {
    const windows = "\uFEFF00:00:01.000 --> 00:00:02.000\r\nuno\r\n\r\n\r\n7\r\n00:00:03,000 --> 00:00:04,000\r\n{\\an8}dos\r\n";
    expect(parseSrt(windows)).toEqual([
      { startMs: 1000, endMs: 2000, text: "uno" },
      { startMs: 3000, endMs: 4000, text: "dos" },
    ]);
    expect(parseVtt(new TextEncoder().encode("\uFEFFWEBVTT\r\n\r\n00:00.500 --> 00:01.000\r\nhi\r\n"))).toEqual([
      { startMs: 500, endMs: 1000, text: "hi" },
    ]);
  });

  it("orders cues by start and drops cues without text", () => {
    const text = "00:00:05,000 --> 00:00:06,000\nlater\n\n00:00:01,000 --> 00:00:02,000\nearlier\n\n00:00:03,000 --> 00:00:04,000\n<i></i>\n";
    expect(parseSrt(text).map((c) => c.text)).toEqual(["earlier", "later"]);
  });

  it("detects the format from the content", () => {
    expect(detectSubtitleFormat("WEBVTT\n\n00:01.000 --> 00:02.000\nx")).toBe("vtt");
    expect(detectSubtitleFormat("1\n00:00:01,000 --> 00:00:02,000\nx")).toBe("srt");
    expect(detectSubtitleFormat("WEBVTTX\n")).toBeNull();
    expect(detectSubtitleFormat("just some notes\n")).toBeNull();
  });

  it("refuses files that are not subtitles, with the reason", () => {
    expect(failure("Dear diary,\ntoday I renamed a text file.\n").message).toBe("The subtitle file is neither SRT nor WebVTT");
    expect(failure("").message).toBe("The subtitle file is neither SRT nor WebVTT");
    expect(failure("WEBVTT\n\nNOTE nothing here\n").message).toBe("The subtitle file has no captions");
    expect(failure(new Uint8Array([0x31, 0x0a, 0xff, 0xfe, 0x00])).message).toBe("The subtitle file is not UTF-8 text");
    expect(failure("1\n00:00:01,000 --> 00:00:02,000\na\u0000b\n").message).toBe("The subtitle file is not a text file");
  });

  it("names the line of a bad timing", () => {
    const badSecond = "1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03 --> 00:00:04\nno millis\n";
    const error = failure(badSecond);
    expect(error.line).toBe(6);
    expect(error.message).toBe("Line 6: expected a cue timing such as 00:00:01,000 --> 00:00:02,500");
    expect(failure("1\n00:00:05,000 --> 00:00:04,000\nbackwards\n").message).toBe("Line 2: the cue ends before it starts");
    expect(failure("1\n00:00:01,000 --> 00:00:61,000\nbad seconds\n").line).toBe(2);
    expect(failure("WEBVTT\n\n00:01.000 -> 00:02.000\nhalf an arrow\n").message).toBe(
      "Line 3: expected a cue timing such as 00:00:01.000 --> 00:00:02.500",
    );
    expect(failure("WEBVTT\n\nid\n00:01,000 --> 00:02.000\ncomma\n").line).toBe(4);
    expect(failure("WEBVTT\n\nonly-an-identifier\n").line).toBe(3);
  });
});

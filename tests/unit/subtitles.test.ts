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

// YouTube's automatic captions as yt-dlp saves them: a rolling two-line display. Each cue shows
// the line before above the line being said (whose words carry inline times), a line of a single
// space stands for the empty top line, and a 10 ms cue carries the finished line.
const youtubeAuto = [
  "WEBVTT",
  "Kind: captions",
  "Language: es",
  "",
  "00:00:00.000 --> 00:00:02.350 align:start position:0%",
  " ",
  "Hola,<00:00:00.450><c> me</c><00:00:00.780><c> llamo</c><00:00:01.100><c> Ana</c>",
  "",
  "00:00:02.350 --> 00:00:02.360 align:start position:0%",
  "Hola, me llamo Ana",
  " ",
  "",
  "00:00:02.360 --> 00:00:05.120 align:start position:0%",
  "Hola, me llamo Ana",
  "y<00:00:02.600><c> vivo</c><00:00:02.900><c> en</c><00:00:03.100><c> Madrid.</c>",
  "",
  "00:00:05.120 --> 00:00:05.130 align:start position:0%",
  "y vivo en Madrid.",
  " ",
  "",
  "00:00:05.130 --> 00:00:08.000 align:start position:0%",
  "y vivo en Madrid.",
  "Me<00:00:05.500><c> gusta</c><00:00:05.900><c> mucho</c><00:00:06.300><c> aprender</c><00:00:06.800><c> idiomas.</c>",
  "",
  "00:00:08.000 --> 00:00:08.010 align:start position:0%",
  "Me gusta mucho aprender idiomas.",
  " ",
  "",
].join("\n");

describe("real-world subtitle files", () => {
  it("reads YouTube's rolling automatic captions as one caption per spoken line, with the file's word times", () => {
    const { format, cues } = parseSubtitles(youtubeAuto);
    expect(format).toBe("vtt");
    expect(cues.map(({ startMs, endMs, text }) => ({ startMs, endMs, text }))).toEqual([
      { startMs: 0, endMs: 2360, text: "Hola, me llamo Ana" },
      { startMs: 2360, endMs: 5130, text: "y vivo en Madrid." },
      { startMs: 5130, endMs: 8010, text: "Me gusta mucho aprender idiomas." },
    ]);
    expect(cues[0]!.words).toEqual([
      { word: "Hola,", startMs: 0, endMs: 450 },
      { word: "me", startMs: 450, endMs: 780 },
      { word: "llamo", startMs: 780, endMs: 1100 },
      { word: "Ana", startMs: 1100, endMs: 2350 },
    ]);
    expect(cues[1]!.words!.map((w) => [w.word, w.startMs])).toEqual([
      ["y", 2360],
      ["vivo", 2600],
      ["en", 2900],
      ["Madrid.", 3100],
    ]);
    expect(cues[2]!.words!.map((w) => w.word)).toEqual(["Me", "gusta", "mucho", "aprender", "idiomas."]);
  });

  it("keeps a line of spaces as cue text in WebVTT, not as the end of the cue", () => {
    expect(parseVtt("WEBVTT\n\n00:01.000 --> 00:02.000\n   \nsegunda línea\n")).toEqual([{ startMs: 1000, endMs: 2000, text: "segunda línea" }]);
  });

  it("reads SRT as real files come: BOM, CRLF, font tags, ASS overrides, missing numbers, overlapping cues", () => {
    const file =
      "\uFEFF1\r\n00:00:01,000 --> 00:00:04,000\r\n<font color=\"#ffff00\">¿Dónde</font> está\r\n<i>la estación?</i>\r\n\r\n" +
      "00:00:02,500 --> 00:00:03,500 X1:100 X2:200 Y1:10 Y2:50\r\n{\\an8}<FONT COLOR=white>[música]</FONT>\r\n\r\n" +
      "3\r\n00:00:05,000 --> 00:00:06,000\r\n{\\i1}Al fondo{\\i0}, a la derecha. 2 < 3 &amp; b\r\n" +
      "4\r\n00:00:06,500 --> 00:00:07,000\r\nGracias.\r\n";
    expect(parseSrt(file)).toEqual([
      { startMs: 1000, endMs: 4000, text: "¿Dónde está la estación?" },
      { startMs: 2500, endMs: 3500, text: "[música]" },
      { startMs: 5000, endMs: 6000, text: "Al fondo, a la derecha. 2 < 3 & b" },
      { startMs: 6500, endMs: 7000, text: "Gracias." },
    ]);
  });

  it("reads WebVTT cue text as the W3C spec does: classes, annotations, ruby, lang, timestamps, entities, unterminated tags", () => {
    const file = [
      "WEBVTT",
      "",
      "REGION",
      "id:fred width:40% lines:3",
      "",
      "STYLE",
      "::cue(.yellow) { color: yellow }",
      "",
      "NOTE a comment",
      "",
      "1",
      "00:00:01.000 --> 00:00:02.000 region:fred align:left",
      "<c.yellow.bg_blue>Tom</c> &amp; <v.loud Roger Bingham>Jerry</v> &lt;3",
      "",
      "00:00:02.000 --> 00:00:03.000",
      "<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>を<lang ja-JP>読む</lang>",
      "",
      "00:00:03.000 --> 00:00:04.000",
      "a&nbsp;b&lrm;c &#233;t&#xE9; &unknown; <b><i><u>x</u></i></b>",
      "",
      "00:00:04.000 --> 00:00:05.000",
      "<v Roger>Tu es là<c.yellow",
      "",
      "00:00:05.000 --> 00:00:07.000",
      "uno <00:00:05.500>dos <00:00:06.000>tres",
      "00:00:07.000 --> 00:00:08.000",
      "sin línea en blanco",
      "",
    ].join("\n");
    const cues = parseVtt(file);
    expect(cues.map((c) => c.text)).toEqual(["Tom & Jerry <3", "漢字を読む", "a bc été &unknown; x", "Tu es là", "uno dos tres", "sin línea en blanco"]);
    expect(cues[4]!.words).toEqual([
      { word: "uno", startMs: 5000, endMs: 5500 },
      { word: "dos", startMs: 5500, endMs: 6000 },
      { word: "tres", startMs: 6000, endMs: 7000 },
    ]);
    expect(cues[0]!.words).toBeUndefined();
    expect(parseVtt("WEBVTT\n00:00:01.000 --> 00:00:02.000\nsin separación\n")).toEqual([{ startMs: 1000, endMs: 2000, text: "sin separación" }]);
  });

  it("still names the line and the reason for a WebVTT file that cannot be used", () => {
    expect(failure(`${youtubeAuto}\n00:00:09.000 -> 00:00:10.000\nhalf an arrow\n`).message).toBe(
      "Line 29: expected a cue timing such as 00:00:01.000 --> 00:00:02.500",
    );
  });
});

/** One cue's text as the parser gives it: the words a learner sees (markup, ruby readings and invisible marks gone). */
const cueText = (text: string) => parseVtt(`WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${text}\n`).map((c) => c.text).join("|");

// The web-platform-tests' WebVTT cue-text cases (webvtt/parsing/cue-text-parsing/tests): their
// input, and the text outside ruby readings of the tree the spec builds from it.
describe("the web-platform-tests' cue-text cases", () => {
  it.each([
    ["test", "test"],
    ["<ruby>test<rt>test", "test"],
    ["<ruby>test<rt>test</rt>test", "testtest"],
    ["<ruby>test<rt>test</rt></ruby>test", "testtest"],
    // </ruby> closes the open <rt> too.
    ["<ruby>test<rt>test</ruby>test", "testtest"],
    // </rt> and </ruby> are ignored while <b> is the innermost element: the rest stays ruby text.
    ["<ruby>test<rt><b>test</rt></ruby>test", "test"],
    ["<ruby>test<rt><b>test</ruby>test", "test"],
    ["<ruby>test<rt><b>test</rt></ruby></b>test", "test"],
    ["<ruby>test<rt><b>test</rt></b></ruby>test", "testtest"],
    ["<ruby>test<rt><b>test</rt></b>test</ruby>test", "testtest"],
    // <rt> outside <ruby> is no ruby text.
    ["a<rt>b</rt>c", "abc"],
  ])("tree building: %j reads %j", (input, text) => {
    expect(cueText(input)).toBe(text);
  });

  // As the current spec reads references (HTML's character references); the marks that only
  // steer text direction are dropped and a no-break space is a space, since the text becomes words.
  it.each([
    ["&", "&"],
    ["&amp", "&"],
    ["&amp;", "&"],
    ["&AMP;", "&"],
    ["&lt;", "<"],
    ["&gt;", ">"],
    ["a&lrm;b", "ab"],
    ["a&rlm;b", "ab"],
    ["&quot;", '"'],
    ["a&nbsp;b", "a b"],
    ["&copy;", "©"],
    ["&&", "&&"],
    ["&1", "&1"],
    ["&1;", "&1;"],
    ["&<", "&"],
    ["&<c", "&"],
    ["a&#32;b", "a b"],
    ["a&#x20;b", "a b"],
    ["&;", "&;"],
    ["&unknown;", "&unknown;"],
  ])("entities: %j reads %j", (input, text) => {
    expect(cueText(input)).toBe(text);
  });

  it("reads tag names as written, ignoring tags it does not know (their text stays)", () => {
    expect(cueText("<C.x>a</C> <rb>b</rb> <span>c</span> <i.x y>d</i>")).toBe("a b c d");
  });
});

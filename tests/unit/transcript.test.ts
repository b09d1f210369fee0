import { describe, expect, it } from "vitest";
import { estimateWords, normalizeTranscript, segmentOfWords } from "@/lib/pipeline/transcript";

describe("transcriptions from OpenAI-compatible servers", () => {
  it("takes OpenAI's (and speaches') top-level words, in milliseconds", () => {
    const t = normalizeTranscript({
      task: "transcribe",
      language: "spanish",
      duration: 3.2,
      text: "Hola amigo. ¿Qué tal?",
      segments: [
        { id: 0, start: 0, end: 1.5, text: " Hola amigo." },
        { id: 1, start: 1.6, end: 3.2, text: " ¿Qué tal?" },
      ],
      words: [
        { word: "Hola", start: 0.1, end: 0.5 },
        { word: "amigo.", start: 0.6, end: 1.2 },
        { word: "¿Qué", start: 1.7, end: 2.1 },
        { word: "tal?", start: 2.2, end: 2.9 },
      ],
    });
    expect(t).toEqual({
      language: "spanish",
      durationMs: 3200,
      segments: [
        { text: "Hola amigo.", startMs: 0, endMs: 1500 },
        { text: "¿Qué tal?", startMs: 1600, endMs: 3200 },
      ],
      words: [
        { word: "Hola", startMs: 100, endMs: 500 },
        { word: "amigo.", startMs: 600, endMs: 1200 },
        { word: "¿Qué", startMs: 1700, endMs: 2100 },
        { word: "tal?", startMs: 2200, endMs: 2900 },
      ],
    });
    expect(segmentOfWords(t.segments, t.words)).toEqual([0, 0, 1, 1]);
  });

  it("merges whisper.cpp's sub-word tokens inside segments, and reads a duration given as text", () => {
    const t = normalizeTranscript({
      duration: "2.50",
      segments: [
        {
          start: 0,
          end: 2.5,
          text: " Buenos días, señora.",
          words: [
            { word: " Buen", start: 0, end: 0.3 },
            { word: "os", start: 0.3, end: 0.5 },
            { word: " días", start: 0.6, end: 1.0 },
            { word: ",", start: 1.0, end: 1.05 },
            { word: " señ", start: 1.2, end: 1.6 },
            { word: "ora.", start: 1.6, end: 2.2 },
            { word: "[_TT_125]", start: 2.5, end: 2.5 },
          ],
        },
      ],
    });
    expect(t.durationMs).toBe(2500);
    expect(t.words).toEqual([
      { word: "Buenos", startMs: 0, endMs: 500 },
      { word: "días,", startMs: 600, endMs: 1050 },
      { word: "señora.", startMs: 1200, endMs: 2200 },
    ]);
  });

  it("estimates word times within each segment when the server gives segments only", () => {
    const t = normalizeTranscript({ duration: 4, segments: [{ start: 1, end: 3, text: "ab abcd ab" }] });
    expect(t.words).toEqual([
      { word: "ab", startMs: 1000, endMs: 1500 },
      { word: "abcd", startMs: 1500, endMs: 2500 },
      { word: "ab", startMs: 2500, endMs: 3000 },
    ]);
    expect(estimateWords({ text: "", startMs: 0, endMs: 10 })).toEqual([]);
  });

  it("makes one segment of a plain text answer, and a missing duration the last word's end", () => {
    const t = normalizeTranscript({ text: "hola que tal", words: [{ word: "hola", start: 0, end: 0.4 }, { word: "que", start: 0.5, end: 0.7 }, { word: "tal", start: 0.8, end: 1.1 }] });
    expect(t.durationMs).toBe(1100);
    expect(t.segments).toEqual([{ text: "hola que tal", startMs: 0, endMs: 1100 }]);
  });

  it("refuses what is not a verbose transcription", () => {
    expect(() => normalizeTranscript("hola")).toThrow(/not verbose_json/);
    expect(() => normalizeTranscript({ segments: [{ start: "soon", end: 1, text: "x" }] })).toThrow(/not verbose_json/);
  });
});

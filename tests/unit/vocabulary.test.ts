import { describe, expect, it } from "vitest";
import type { ProcessedTiming } from "@/db/queries/processed";
import type { TimedSegment } from "@/lib/pipeline/transcript";
import { MIN_QUIZ_GAP_MS, placeVocabulary, vocabularyLines, type Proposal } from "@/lib/pipeline/vocabulary";

/** Lines 10 s long, one every `every` ms. */
const lines = (texts: string[], every = 30_000): TimedSegment[] => texts.map((text, i) => ({ text, startMs: i * every, endMs: i * every + 10_000 }));

/** What a recogniser gives: the line's words between spaces, punctuation and all, 1 s each. */
const spoken = (segments: TimedSegment[]): ProcessedTiming[] =>
  segments.flatMap((s, segmentIndex) => s.text.split(" ").map((word, j) => ({ word, startMs: s.startMs + j * 1000, endMs: s.startMs + (j + 1) * 1000, segmentIndex })));

const propose = (word: string, segmentIndex: number, lemma = word): Proposal => ({ word, lemma, partOfSpeech: "noun", cefr: "A1", segmentIndex });

const place = (proposals: Proposal[], segments: TimedSegment[], language: string, timings = spoken(segments), budget = 40) =>
  placeVocabulary(proposals, { segments, timings, language, budget });

describe("the vocabulary request", () => {
  it("offers the model each line's content words, without stop-words or numbers", () => {
    expect(vocabularyLines(lines(["Buenos días, quiero un café con leche.", "Y con el 20 de los 3."]), "es")).toEqual([
      { index: 0, text: "Buenos días, quiero un café con leche.", candidates: ["Buenos", "días", "quiero", "café", "leche"] },
      { index: 1, text: "Y con el 20 de los 3.", candidates: [] },
    ]);
  });
});

describe("placing the model's proposals", () => {
  it("drops a stop-word, a word whose lemma is one, and a word that is not in its line", () => {
    const segments = lines(["Quiero un café con leche.", "Wir haben lange gewartet und gehabt.", "El mercado abre pronto."]);
    const chosen = place([propose("con", 0), propose("leche", 0), propose("agua", 2), propose("mercado", 0)], segments, "es");
    expect(chosen.map((w) => w.word)).toEqual(["leche"]);
    expect(place([propose("gehabt", 1, "haben"), propose("gewartet", 1, "warten")], segments, "de").map((w) => w.word)).toEqual(["gewartet"]);
  });

  it("takes one word per lemma, lemmas compared as stored (the language's lower case, compatibility forms)", () => {
    // Turkish lower-cases I as ı: "Irmak" and "ırmak" are one lemma, which a plain lower case splits.
    const turkish = lines(["Irmak çok güzel.", "Irmakta balık var."]);
    expect(place([propose("Irmak", 0, "ırmak"), propose("Irmakta", 1, "Irmak")], turkish, "tr").map((w) => w.word)).toEqual(["Irmak"]);
    // A full-width lemma is its plain form.
    const spanish = lines(["Quiero leche.", "Leche fresca, por favor."]);
    expect(place([propose("leche", 0), propose("fresca", 1, "ｌｅｃｈｅ")], spanish, "es").map((w) => w.word)).toEqual(["leche"]);
  });

  it("keeps the word as its line writes it, timed by the recogniser's word that says it, its quiz when the line ends", () => {
    const segments = lines(["Me duelen los Zähne.", "¿Quieres leche, Ana?"]);
    const [word] = place([propose("LECHE", 1, "leche")], segments, "es");
    // "leche," is the second word of the line starting at 30 s.
    expect(word).toEqual({ word: "leche", segmentIndex: 1, timestampMs: 31_000, quizTimeMs: 40_000 });
  });

  it("times a word at its own occurrence: in the line the model named, the first time it is said there", () => {
    const segments = lines(["El agua está fría.", "Más agua, por favor, agua fría."]);
    const [word] = place([propose("agua", 1)], segments, "es");
    expect(word).toMatchObject({ segmentIndex: 1, timestampMs: 31_000 });
  });

  it("teaches the word of a French elision, timed by the recogniser's word that carries it", () => {
    const segments = lines(["Je voudrais de l'eau, s'il vous plaît."]);
    const timings = spoken(segments);
    expect(timings[3]).toMatchObject({ word: "l'eau,", startMs: 3000 });
    for (const asked of ["l'eau", "eau"]) expect(place([propose(asked, 0, "eau")], segments, "fr", timings)).toEqual([{ word: "eau", segmentIndex: 0, timestampMs: 3000, quizTimeMs: 10_000 }]);
    expect(place([propose("s'il", 0)], segments, "fr", timings)).toEqual([]);
  });

  it("times a Japanese word from the recogniser's pieces, which need not be the segmenter's", () => {
    const segments = lines(["私は毎朝コーヒーを飲みます。"]);
    const pieces = ["私", "は", "毎", "朝", "コー", "ヒー", "を", "飲み", "ます", "。"];
    const timings = pieces.map((word, i) => ({ word, startMs: i * 500, endMs: (i + 1) * 500, segmentIndex: 0 }));
    const chosen = place([propose("コーヒー", 0), propose("飲みます", 0, "飲む"), propose("は", 0)], segments, "ja", timings, 1);
    expect(chosen).toEqual([{ word: "コーヒー", segmentIndex: 0, timestampMs: 2000, quizTimeMs: 10_000 }]);
    const verb = place([propose("飲みます", 0, "飲む")], segments, "ja", timings);
    expect(verb).toMatchObject([{ word: "飲みます", timestampMs: 3500 }]);
    // Times estimated per space-separated part make the whole Japanese line one timing: the word starts with it.
    const estimated = [{ word: segments[0]!.text, startMs: 0, endMs: 8000, segmentIndex: 0 }];
    expect(place([propose("コーヒー", 0)], segments, "ja", estimated)).toMatchObject([{ word: "コーヒー", timestampMs: 0, quizTimeMs: 10_000 }]);
  });

  it("teaches a lemma once, and a spelling once, keeping the model's first choice", () => {
    const segments = lines(["Quiero una llama.", "Ella quiere café.", "Me llama mañana."]);
    const chosen = place([propose("quiero", 0, "querer"), propose("quiere", 1, "querer"), propose("café", 1), propose("llama", 0, "llama"), propose("llama", 2, "llamar")], segments, "es");
    expect(chosen.map((w) => [w.word, w.segmentIndex])).toEqual([
      ["Quiero", 0],
      ["café", 1],
    ]);
    // "llama" the animal and "llama" (calls) would be two words spelled alike in one video: the first stays.
    expect(place([propose("llama", 0, "llama"), propose("llama", 2, "llamar")], segments, "es").map((w) => w.segmentIndex)).toEqual([0]);
  });

  it("spreads quizzes at least 20 s apart, in time order, within the budget", () => {
    // Lines ending at 10, 20, 31, 45, 52 and 73 s.
    const fruit = ["manzana", "naranja", "pera", "uva", "melón", "cereza"];
    const segments = [0, 10, 21, 35, 42, 63].map((s, i) => ({ text: `Una ${fruit[i]} madura.`, startMs: s * 1000, endMs: s * 1000 + 10_000 }));
    const all = fruit.map((word, i) => propose(word, i));
    const chosen = place([...all].reverse(), segments, "es");
    expect(chosen.map((w) => w.quizTimeMs)).toEqual([10_000, 31_000, 52_000, 73_000]);
    expect(chosen.every((w, i) => i === 0 || w.quizTimeMs - chosen[i - 1]!.quizTimeMs >= MIN_QUIZ_GAP_MS)).toBe(true);
    expect(place(all, segments, "es", spoken(segments), 2).map((w) => w.quizTimeMs)).toEqual([10_000, 31_000]);
  });
});

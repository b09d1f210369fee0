import { describe, expect, it } from "vitest";
import { tokenize } from "@/lib/text/tokenize";
import { lineParts, longerWord, unbreakableRuns, wordChoices } from "@/lib/text/word-choices";

const choices = (line: string, language: string, extra: string[] = []) => wordChoices(line, tokenize(line, language), language, extra).map((c) => c.text);
const longer = (line: string, word: string, language: string) => longerWord(line, tokenize(line, language), word, language);

describe("the words the segment editor offers for a line", () => {
  it("offers each content word once, as the line writes it, without clitics or stop-words", () => {
    expect(choices("Je bois de l'eau, encore de l'Eau.", "fr")).toEqual(["bois", "eau", "encore"]);
    expect(choices("Zuerst dusche ich und putze mir die Zähne.", "de")).toEqual(["Zuerst", "dusche", "putze", "Zähne"]);
    expect(wordChoices("Die Zähne.", tokenize("Die Zähne.", "de"), "de")).toEqual([{ key: "zähne", text: "Zähne" }]);
  });

  it("offers Japanese and Chinese words, not the whole line", () => {
    expect(choices("私は毎朝コーヒーを飲みます。", "ja")).toEqual(["毎朝", "コーヒー", "飲"]);
    expect(choices("我每天早上喝一杯咖啡。", "zh")).toEqual(["每天", "早上", "喝", "一杯", "咖啡"]);
  });

  it("adds an extra word of several pieces in its place, and leaves out one the line may not teach", () => {
    expect(choices("私は毎朝コーヒーを飲みます。", "ja", ["飲みます", "ます", "飲む", ""])).toEqual(["毎朝", "コーヒー", "飲", "飲みます"]);
    expect(choices("Je bois de l'eau.", "fr", ["l'eau", "de"])).toEqual(["bois", "eau"]);
  });

  it("offers nothing for a line of stop-words", () => {
    expect(choices("Y de la.", "es")).toEqual([]);
  });
});

describe("building up a Japanese or Chinese word piece by piece", () => {
  it("adds the next piece while the line may teach the result", () => {
    const line = "私は毎朝コーヒーを飲みます。";
    expect(longer(line, "飲", "ja")).toBe("飲み");
    expect(longer(line, "飲み", "ja")).toBe("飲みます");
    // Nothing follows but the full stop.
    expect(longer(line, "飲みます", "ja")).toBeUndefined();
    expect(longer(line, "カレー", "ja")).toBeUndefined();
  });

  it("does nothing in a language written with spaces", () => {
    expect(longer("Je bois de l'eau.", "bois", "fr")).toBeUndefined();
  });
});

describe("a line in parts for reading", () => {
  const parts = (line: string, language: string, word?: string) => lineParts(line, tokenize(line, language), word);

  it("keeps the text between words as written, so the parts join back into the line", () => {
    const line = "¿Lo quiere  para llevar?";
    const all = parts(line, "es");
    expect(all.map((p) => p.text).join("")).toBe(line);
    expect(all.filter((p) => p.token).map((p) => p.text)).toEqual(["Lo", "quiere", "para", "llevar"]);
    expect(parts("私は毎朝コーヒーを飲みます。", "ja").map((p) => p.text).join("")).toBe("私は毎朝コーヒーを飲みます。");
  });

  it("keeps each word with the punctuation written against it, and wraps only at spaces or between words written together", () => {
    const runs = (line: string, language: string) => unbreakableRuns(parts(line, language)).map((r) => (typeof r === "string" ? r : r.map((p) => p.text).join("|")));
    expect(runs("¿Puedo pagar con tarjeta?", "es")).toEqual(["¿|Puedo", " ", "pagar", " ", "con", " ", "tarjeta|?"]);
    expect(runs("Sí, un vaso  de agua sin gas, por favor.", "es")).toEqual(["Sí|,", " ", "un", " ", "vaso", "  ", "de", " ", "agua", " ", "sin", " ", "gas|,", " ", "por", " ", "favor|."]);
    expect(runs("私はコーヒーを飲みます。", "ja")).toEqual(["私", "は", "コーヒー", "を", "飲", "み", "ます|。"]);
    expect(runs("Je bois de l'eau.", "fr")).toEqual(["Je", " ", "bois", " ", "de", " ", "l'|eau|."]);
  });

  it("marks every piece of the vocabulary word, every time the line says it", () => {
    const marked = (line: string, language: string, word: string) => parts(line, language, word).filter((p) => p.vocabulary).map((p) => p.text);
    expect(marked("私は毎朝コーヒーを飲みます。", "ja", "飲みます")).toEqual(["飲", "み", "ます"]);
    expect(marked("Agua y más agua.", "es", "agua")).toEqual(["Agua", "agua"]);
    expect(marked("Je bois de l'eau.", "fr", "eau")).toEqual(["eau"]);
    expect(parts("Je bois de l'eau.", "fr").some((p) => p.vocabulary)).toBe(false);
  });
});

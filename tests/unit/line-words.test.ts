import { describe, expect, it } from "vitest";
import { lineWords, type WordAnalysis } from "@/lib/text/line-words";
import { lemmaKey } from "@/lib/words/key";

const brief = (line: string, language: string, analysed: WordAnalysis[]) =>
  lineWords(line, language, analysed).map((w) => [w.surface, w.lemma, w.partOfSpeech, w.isContent, w.isProperNoun]);

describe("a caption line's words with their lemmas", () => {
  it("gives each word the model analysed its lemma and part of speech, and the others their own spelling", () => {
    const line = "Buenos días, quisiera un café con leche, por favor.";
    const words = lineWords(line, "es", [
      { word: "Buenos", lemma: "bueno", partOfSpeech: "adjective" },
      { word: "días", lemma: "día", partOfSpeech: "noun" },
      { word: "quisiera", lemma: "querer", partOfSpeech: "verb" },
      { word: "café", lemma: "café", partOfSpeech: "noun" },
    ]);
    expect(words.map((w) => [w.surface, w.lemma, w.isContent])).toEqual([
      ["Buenos", "bueno", true],
      ["días", "día", true],
      ["quisiera", "querer", true],
      ["un", "un", false],
      ["café", "café", true],
      ["con", "con", false],
      // Not named by the model: still a content word, under its own spelling.
      ["leche", "leche", true],
      ["por", "por", false],
      ["favor", "favor", true],
    ]);
    expect(words.map((w) => w.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(words.every((w) => line.slice(w.start, w.end) === w.surface)).toBe(true);
  });

  it("keeps names and function words out of the words that count", () => {
    expect(brief("Marta vive en Madrid", "es", [
      { word: "Marta", lemma: "Marta", partOfSpeech: "proper-noun" },
      { word: "vive", lemma: "vivir", partOfSpeech: "verb" },
      { word: "Madrid", lemma: "Madrid", partOfSpeech: "proper-noun" },
    ])).toEqual([
      ["Marta", "marta", "proper-noun", true, true],
      ["vive", "vivir", "verb", true, false],
      ["en", "en", null, false, false],
      ["Madrid", "madrid", "proper-noun", true, true],
    ]);
    // A word the stop-word list misses but the model calls a pronoun does not count.
    expect(brief("nosotras comemos", "es", [{ word: "nosotras", lemma: "nosotros", partOfSpeech: "pronoun" }])[0]).toEqual(["nosotras", "nosotros", "pronoun", false, false]);
  });

  it("takes a capitalised word inside a sentence for a name when no model analysed the line", () => {
    const names = (line: string, language: string) => brief(line, language, []).filter((w) => w[4]).map((w) => w[0]);
    expect(names("Me llamo Pablo y vivo en Valencia.", "es")).toEqual(["Pablo", "Valencia"]);
    // A sentence's first word, one after a full stop or an opening mark, and words in capitals are not names.
    expect(names("Hola. Gracias, ¿Puedes venir? «Claro» dijo Ana.", "es")).toEqual(["Ana"]);
    expect(names("Watch TV with Sam", "en")).toEqual(["Sam"]);
    // German capitalises every noun: no guess there.
    expect(names("Ich trinke Kaffee mit Anna", "de")).toEqual([]);
  });

  it("keeps a French elided clitic a word of its own, never a content word", () => {
    expect(brief("J'aime l'eau", "fr", [{ word: "aime", lemma: "aimer", partOfSpeech: "verb" }, { word: "eau", lemma: "eau", partOfSpeech: "noun" }])).toEqual([
      ["J'", "j", null, false, false],
      ["aime", "aimer", "verb", true, false],
      ["l'", "l", null, false, false],
      ["eau", "eau", "noun", true, false],
    ]);
  });

  it("joins the pieces of a Japanese verb the model names as one word", () => {
    const words = lineWords("コーヒーを飲みます。", "ja", [
      { word: "コーヒー", lemma: "コーヒー", partOfSpeech: "noun" },
      { word: "飲みます", lemma: "飲む", partOfSpeech: "verb" },
    ]);
    expect(words.map((w) => [w.surface, w.lemma, w.isContent])).toEqual([
      ["コーヒー", "コーヒー", true],
      ["を", "を", false],
      ["飲みます", "飲む", true],
    ]);
  });

  it("leaves pieces apart when the model names no word across them", () => {
    const words = lineWords("我每天早上喝一杯咖啡。", "zh", [{ word: "咖啡", lemma: "咖啡", partOfSpeech: "noun" }]);
    expect(words.map((w) => w.surface)).toEqual(["我", "每天", "早上", "喝", "一杯", "咖啡"]);
    expect(words.at(-1)).toMatchObject({ lemma: "咖啡", partOfSpeech: "noun", isContent: true });
  });

  it("compares lemmas in one form: compatibility characters, case and surrounding punctuation aside", () => {
    expect(lemmaKey("  ¡Hola!  ", "es")).toBe("hola");
    expect(lemmaKey("Ｃａｆé", "es")).toBe("café");
    expect(lemmaKey("İstanbul", "tr")).toBe("istanbul");
  });
});

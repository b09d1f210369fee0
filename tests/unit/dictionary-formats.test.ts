/** The pieces of the dictionary importer that need no database: dictd numbers, CC-CEDICT lines, file names, headword keys. */
import { describe, expect, it } from "vitest";
import { parseCedictLine } from "@/lib/dictionaries/cedict";
import { decodeDictdNumber, encodeDictdNumber } from "@/lib/dictionaries/dictd";
import { appLanguageCode, languagePairFromFileName } from "@/lib/dictionaries/file-names";
import { headwordKey } from "@/lib/text/headword";

describe("dictd index numbers", () => {
  it("reads dictd's base 64, most significant digit first", () => {
    expect(decodeDictdNumber("A")).toBe(0);
    expect(decodeDictdNumber("B")).toBe(1);
    expect(decodeDictdNumber("BA")).toBe(64);
    // "B" = 1, "z" = 51, "6" = 58: 1·64² + 51·64 + 58.
    expect(decodeDictdNumber("Bz6")).toBe(1 * 4096 + 51 * 64 + 58);
    expect(decodeDictdNumber("CF")).toBe(133);
  });
  it("round-trips numbers past 32 bits", () => {
    for (const n of [0, 63, 64, 4095, 1_000_000, 2 ** 33 + 7]) expect(decodeDictdNumber(encodeDictdNumber(n))).toBe(n);
  });
  it("refuses a character outside the alphabet", () => {
    expect(() => decodeDictdNumber("A=")).toThrow(/not a dictd index number/);
  });
});

describe("CC-CEDICT lines", () => {
  it("gives the simplified and the traditional form, with pinyin and every sense", () => {
    expect(parseCedictLine("學習 学习 [xue2 xi2] /to learn/to study/")).toEqual([
      { headword: "学习", definition: "[xue2 xi2] to learn; to study" },
      { headword: "學習", definition: "[xue2 xi2] to learn; to study" },
    ]);
  });
  it("gives one entry when both forms are the same", () => {
    expect(parseCedictLine("中国 中国 [Zhong1 guo2] /China/")).toEqual([{ headword: "中国", definition: "[Zhong1 guo2] China" }]);
  });
  it("skips comments and malformed lines", () => {
    expect(parseCedictLine("# CC-CEDICT")).toBeNull();
    expect(parseCedictLine("学习 [xue2 xi2] to learn")).toBeNull();
  });
});

describe("language pairs from file names", () => {
  it("reads FreeDict's three-letter codes as the app's two-letter ones", () => {
    expect(languagePairFromFileName("/usr/share/dictd/fra-eng.index")).toEqual({ from: "fr", to: "en" });
    expect(languagePairFromFileName("/usr/share/dictd/jpn-eng.dict.dz")).toEqual({ from: "ja", to: "en" });
    expect(languagePairFromFileName("freedict-deu-eng.index")).toEqual({ from: "de", to: "en" });
  });
  it("reads dict-de-en's two-letter names", () => {
    expect(languagePairFromFileName("/usr/share/dictd/de-en.index")).toEqual({ from: "de", to: "en" });
  });
  it("names no pair for other names", () => {
    expect(languagePairFromFileName("/tmp/mydict.index")).toBeNull();
    expect(appLanguageCode("XYZ")).toBe("xyz");
  });
});

describe("headword keys", () => {
  it("folds case and compatibility forms as lookups must", () => {
    expect(headwordKey("Casa")).toBe(headwordKey("CASA"));
    expect(headwordKey("Straße")).toBe(headwordKey("STRASSE"));
    expect(headwordKey("ｃａｆé")).toBe("café");
    expect(headwordKey("cafe\u0301")).toBe("café");
    expect(headwordKey("  two   words ")).toBe("two words");
    expect(headwordKey("学习")).toBe("学习");
  });
});

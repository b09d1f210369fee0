/**
 * The pieces of the dictionary importer that need no database: dictd numbers, dictd entries as
 * FreeDict, Ding and JMdict lay them out, licences from descriptions, CC-CEDICT lines, file
 * names as Debian installs them, headword keys.
 */
import { describe, expect, it } from "vitest";
import { parseCedictLine } from "@/lib/dictionaries/cedict";
import { decodeDictdNumber, encodeDictdNumber } from "@/lib/dictionaries/dictd";
import { parseDictdEntry } from "@/lib/dictionaries/dictd-entry";
import { appLanguageCode, languagePairFromFileName } from "@/lib/dictionaries/file-names";
import { licenceFromDescription } from "@/lib/dictionaries/licence";
import { headwordKey } from "@/lib/words/key";

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

describe("dictd entries", () => {
  const sense = (definition: string, grammar: string | null = null) => ({ definition, grammar });

  it("takes FreeDict's headword line apart: the pronunciation kept, the headword and the numbers gone", () => {
    expect(parseDictdEntry("querer", "querer /keɾˈeɾ/\n1. love\n2. desire, wish\n")).toEqual({
      headword: "querer",
      pronunciation: "/keɾˈeɾ/",
      senses: [sense("love"), sense("desire, wish")],
    });
    expect(parseDictdEntry("maison", "maison /mɛzɔ̃/ <n, fem>\nhouse\n")).toEqual({ headword: "maison", pronunciation: "/mɛzɔ̃/", senses: [sense("house", "n, fem")] });
  });

  it("keeps a sense's notes, and leaves out examples, synonyms, cross-references and the translations' own grammar", () => {
    const text = [
      "gehen /ɡˈeːən/ <v, intr>",
      "get on <v>, do <v>, fare <v>",
      "         Note: with sth.",
      '      "Die Geschäfte gehen gut."  - Business is doing well.',
      "   Synonyms: {ergehen}, {laufen}",
      "",
      " see: {ergehend}, {gehend}",
    ].join("\n");
    expect(parseDictdEntry("gehen", text)).toEqual({ headword: "gehen", pronunciation: "/ɡˈeːən/", senses: [sense("get on, do, fare (with sth.)", "v, intr")] });
  });

  it("reads dict-de-en's layout: the source side's grammar indented once, each translation three times", () => {
    expect(parseDictdEntry("gehen", "gehen\n {vi}\n   to go {went; gone}\n")).toEqual({ headword: "gehen", pronunciation: null, senses: [sense("to go {went; gone}", "vi")] });
    expect(parseDictdEntry("gehen", "gehen\n\n   to walk\n").senses).toEqual([sense("to walk")]);
  });

  it("reads JMdict's: every written form on the headword line, a sense's parts of speech on its first lines", () => {
    const text = " [ichi1]  猫 /(en)tʃˈaɪniːz(ja)lˈe̞tə/,  [ichi1]  ねこ /nˈe̞ko̞/\n1. (noun (common) (futsuumeishi))\ncat\n2. shamisen\n";
    // eSpeak read the kanji as English ("Chinese letter"): that is no pronunciation of the word.
    expect(parseDictdEntry("猫", text)).toEqual({ headword: "猫", pronunciation: "/nˈe̞ko̞/", senses: [sense("cat", "noun (common) (futsuumeishi)"), sense("shamisen")] });
  });

  it("keeps a one-line entry, which has no headword line, as its sense", () => {
    expect(parseDictdEntry("dog", "dog")).toEqual({ headword: "dog", pronunciation: null, senses: [sense("dog")] });
    expect(parseDictdEntry("perro", "dog\n")).toEqual({ headword: "perro", pronunciation: null, senses: [sense("dog")] });
  });
});

describe("licences from dictd descriptions", () => {
  it("reads FreeDict's Availability paragraph whole, however it wraps", () => {
    const info = [
      "Spanish-English FreeDict Dictionary",
      "",
      "Availability:",
      "",
      "    Copyright (C) 1999-2019 by various authors listed below.",
      "    Available under the terms of the GNU General Public License ver. 2.0 and",
      "  any later version.",
      "    This program is free software; you can redistribute it and/or modify it",
      "  under the terms of the GNU General Public License as published by the",
      "",
      "Published at: http://freedict.org/",
    ].join("\n");
    expect(licenceFromDescription(info)).toBe("GNU General Public License ver. 2.0 and any later version");
    expect(licenceFromDescription(info.replace(/^/gm, "   "))).toBe("GNU General Public License ver. 2.0 and any later version");
  });

  it("reads a labelled licence line, Ding's included", () => {
    expect(licenceFromDescription("# Version :: devel 2023-01-30\n# License :: GPL Version 2 or later; GNU General Public License\n")).toBe(
      "GPL Version 2 or later; GNU General Public License",
    );
    expect(licenceFromDescription("Maintainer: Someone\nLicense: CC BY-SA 4.0\n")).toBe("CC BY-SA 4.0");
    expect(licenceFromDescription("A dictionary.\nMaintainer: Someone\n")).toBeUndefined();
  });
});

describe("CC-CEDICT lines", () => {
  const senses = (...definitions: string[]) => definitions.map((definition) => ({ definition, grammar: null }));

  it("gives the simplified and the traditional form, the pinyin apart, each meaning a sense", () => {
    expect(parseCedictLine("學習 学习 [xue2 xi2] /to learn/to study/")).toEqual([
      { headword: "学习", pronunciation: "[xue2 xi2]", senses: senses("to learn", "to study") },
      { headword: "學習", pronunciation: "[xue2 xi2]", senses: senses("to learn", "to study") },
    ]);
  });
  it("gives one entry when both forms are the same", () => {
    expect(parseCedictLine("中国 中国 [Zhong1 guo2] /China/")).toEqual([{ headword: "中国", pronunciation: "[Zhong1 guo2]", senses: senses("China") }]);
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
  it("reads the names Debian installs: freedict-<from>-<to> and dict-de-en's german-english", () => {
    expect(languagePairFromFileName("/usr/share/dictd/freedict-spa-eng.index")).toEqual({ from: "es", to: "en" });
    expect(languagePairFromFileName("/usr/share/dictd/freedict-eng-swe.dict.dz")).toEqual({ from: "en", to: "sv" });
    expect(languagePairFromFileName("/usr/share/dictd/german-english.index")).toEqual({ from: "de", to: "en" });
    expect(languagePairFromFileName("/usr/share/dictd/english-german.dict.dz")).toEqual({ from: "en", to: "de" });
  });
  it("reads two-letter names", () => {
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

/**
 * `npm run dict:import`'s service on PGlite and Postgres: dictd files (as FreeDict and Ding ship
 * them in Debian: gzipped data, a base-64 index, description entries, named freedict-fra-eng or
 * german-english) and CC-CEDICT text become dictionaries with their name, edition and licence,
 * headwords normalised, each sense a row with its pronunciation and grammar apart; importing the
 * same dictionary again replaces its entries; a broken file leaves the previous edition whole.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findDictionaryEntries, listDictionaries } from "@/db/queries/dictionary";
import { importDictionaryFile } from "@/lib/words/meanings/dictionary-import";
import { writeDictd } from "@/scripts/standins/dictd-writer";
import { testDbKinds, useTestDb } from "../helpers/db";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "dict-import-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const FREEDICT_META = {
  short: "French-English FreeDict Dictionary ver. 0.4.1",
  info: "French-English FreeDict Dictionary\n\nMaintainer: Someone\nLicense: GNU General Public License ver. 3.0 or later\n",
  url: "https://freedict.org/",
};

const CEDICT = [
  "# CC-CEDICT",
  "#! version=1",
  "#! date=2025-01-02T03:04:05Z",
  "#! license=https://creativecommons.org/licenses/by-sa/4.0/",
  "學習 学习 [xue2 xi2] /to learn/to study/",
  "中国 中国 [Zhong1 guo2] /China/",
  "not a cedict line",
  "",
].join("\n");

describe.each(testDbKinds)("dictionary import on %s", (kind) => {
  const t = useTestDb(kind);
  const lookup = async (from: string, to: string, headword: string) =>
    (await findDictionaryEntries(t().db, { sourceLanguage: from, targetLanguage: to, headwords: [headword], perHeadword: 20 })).get(headword) ?? [];

  it("imports a FreeDict dictd dictionary with its name, edition and licence, from either file", async () => {
    const files = await writeDictd(
      dir,
      `${kind}-freedict-fra-eng`,
      [
        { headword: "Maison", text: "maison /mɛzɔ̃/ <n, fem>\nhouse" },
        { headword: "avoir", text: "avoir /avwaʀ/ <v>\n1. have, have got\n2. wear" },
        { headword: "chat", definition: "cat" },
        { headword: "ŒUF", definition: "egg" },
      ],
      FREEDICT_META,
    );
    const result = await importDictionaryFile(t().db, files.data);
    expect(result).toMatchObject({
      sourceLanguage: "fr",
      targetLanguage: "en",
      name: "French-English FreeDict Dictionary",
      edition: "0.4.1",
      licence: "GNU General Public License ver. 3.0 or later",
      entries: 4,
      replaced: false,
    });
    // Headwords are stored NFKC and case-folded; the description entries are not words.
    expect(await lookup("fr", "en", "maison")).toEqual([expect.objectContaining({ headword: "maison", definition: "house", pronunciation: "/mɛzɔ̃/", grammar: "n, fem" })]);
    // Each sense is a row, numbered by no one but the screen.
    expect((await lookup("fr", "en", "avoir")).map(({ definition, pronunciation, grammar }) => ({ definition, pronunciation, grammar }))).toEqual([
      { definition: "have, have got", pronunciation: "/avwaʀ/", grammar: "v" },
      { definition: "wear", pronunciation: "/avwaʀ/", grammar: "v" },
    ]);
    expect((await lookup("fr", "en", "œuf")).map((e) => e.definition)).toEqual(["egg"]);
    expect(await lookup("fr", "en", "00-database-short")).toEqual([]);
    // The other direction has no dictionary.
    expect(await lookup("en", "fr", "chat")).toEqual([]);
  });

  it("imports dict-de-en as Debian names it (german-english), in Ding's layout, with the edition and licence its description gives", async () => {
    const files = await writeDictd(
      dir,
      `${kind}-german-english`,
      [
        { headword: "gehen", text: "gehen\n {vi}\n   to go {went; gone}" },
        { headword: "gehen", text: "gehen\n\n   to walk" },
        { headword: "hund", text: "Hund\n {m}\n   dog; hound" },
      ],
      {
        short: "German - English Dictionary devel 2023-01-30",
        info: "# Version :: devel 2023-01-30\n# License :: GPL Version 2 or later; GNU General Public License\n# URL :: https://dict.tu-chemnitz.de/",
      },
    );
    expect(await importDictionaryFile(t().db, files.index)).toMatchObject({
      sourceLanguage: "de",
      targetLanguage: "en",
      name: "German - English Dictionary",
      edition: "devel 2023-01-30",
      licence: "GPL Version 2 or later; GNU General Public License",
      entries: 3,
    });
    expect((await lookup("de", "en", "gehen")).map(({ definition, grammar }) => ({ definition, grammar }))).toEqual([
      { definition: "to go {went; gone}", grammar: "vi" },
      { definition: "to walk", grammar: null },
    ]);
    expect((await lookup("de", "en", "hund")).map((e) => e.definition)).toEqual(["dog; hound"]);
  });

  it("replaces an edition on re-import: the old entries are gone", async () => {
    const stem = `${kind}-deu-eng`;
    await writeDictd(dir, stem, [{ headword: "Haus", definition: "house" }, { headword: "alt", definition: "old" }], { short: "German-English ver. 1" });
    await importDictionaryFile(t().db, path.join(dir, `${stem}.index`));
    await writeDictd(dir, stem, [{ headword: "Haus", definition: "house; home" }], { short: "German-English ver. 2" });
    const again = await importDictionaryFile(t().db, path.join(dir, `${stem}.index`));
    expect(again).toMatchObject({ name: "German-English", edition: "2", entries: 1, replaced: true });
    expect((await lookup("de", "en", "haus")).map((e) => e.definition)).toEqual(["house; home"]);
    expect(await lookup("de", "en", "alt")).toEqual([]);
    const german = (await listDictionaries(t().db)).filter((d) => d.name === "German-English");
    expect(german).toHaveLength(1);
    expect(german[0]).toMatchObject({ edition: "2", entryCount: 1, licence: "Licence not stated" });
  });

  it("keeps the previous edition whole when the new one cannot be read", async () => {
    const stem = `${kind}-ita-eng`;
    await writeDictd(dir, stem, [{ headword: "casa", definition: "house" }], { short: "Italian-English" });
    await importDictionaryFile(t().db, path.join(dir, `${stem}.index`));
    await writeFile(path.join(dir, `${stem}.index`), "casa\tA\tB\nbroken line without offsets\n");
    await expect(importDictionaryFile(t().db, path.join(dir, `${stem}.index`))).rejects.toThrow(/line 2/);
    expect((await lookup("it", "en", "casa")).map((e) => e.definition)).toEqual(["house"]);
  });

  it("takes the pair, name and licence from the flags when the file names none", async () => {
    await writeDictd(dir, `${kind}-mine`, [{ headword: "gato", definition: "cat" }]);
    await expect(importDictionaryFile(t().db, path.join(dir, `${kind}-mine.index`))).rejects.toThrow(/--from and --to/);
    const result = await importDictionaryFile(t().db, path.join(dir, `${kind}-mine.index`), { from: "es", to: "en", name: "Mine", licence: "CC0" });
    expect(result).toMatchObject({ sourceLanguage: "es", targetLanguage: "en", name: "Mine", licence: "CC0", entries: 1 });
  });

  it("imports CC-CEDICT, plain or gzipped, under both written forms", async () => {
    const plain = path.join(dir, `${kind}-cedict_ts.u8`);
    await writeFile(plain, CEDICT);
    const result = await importDictionaryFile(t().db, plain);
    expect(result).toMatchObject({
      sourceLanguage: "zh",
      targetLanguage: "en",
      name: "CC-CEDICT",
      edition: "2025-01-02T03:04:05Z",
      licence: "https://creativecommons.org/licenses/by-sa/4.0/",
      entries: 3,
    });
    expect((await lookup("zh", "en", "學習")).map(({ definition, pronunciation }) => ({ definition, pronunciation }))).toEqual([
      { definition: "to learn", pronunciation: "[xue2 xi2]" },
      { definition: "to study", pronunciation: "[xue2 xi2]" },
    ]);
    expect((await lookup("zh", "en", "学习")).map((e) => e.definition)).toEqual(["to learn", "to study"]);

    const gzipped = path.join(dir, `${kind}-cedict.txt.gz`);
    await writeFile(gzipped, gzipSync(CEDICT.replace("/China/", "/China/Middle Kingdom/")));
    expect(await importDictionaryFile(t().db, gzipped)).toMatchObject({ replaced: true, entries: 3 });
    expect((await lookup("zh", "en", "中国")).map((e) => e.definition)).toEqual(["China", "Middle Kingdom"]);
  });

  it("refuses a file it cannot read as a dictionary", async () => {
    const other = path.join(dir, `${kind}-notes.txt`);
    await writeFile(other, "just some text\n");
    await expect(importDictionaryFile(t().db, other)).rejects.toThrow(/not a dictionary/);
    await expect(importDictionaryFile(t().db, path.join(dir, "missing-fra-eng.index"))).rejects.toThrow(/missing/);
    // Debian's name is freedict-spa-eng: a guide's spa-eng is pointed to it.
    await writeDictd(dir, "freedict-spa-eng", [{ headword: "casa", definition: "house" }]);
    await expect(importDictionaryFile(t().db, path.join(dir, "spa-eng.index"))).rejects.toThrow(
      `spa-eng.index is missing (did you mean ${path.join(dir, "freedict-spa-eng.index")}?)`,
    );
  });
});

/**
 * `npm run dict:import`'s service on PGlite and Postgres: dictd files (as FreeDict ships them:
 * gzipped data, a base-64 index, description entries) and CC-CEDICT text become dictionaries
 * with their name, edition and licence, headwords normalised; importing the same dictionary
 * again replaces its entries; a broken file leaves the previous edition whole.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findDictionaryEntries, listDictionaries } from "@/db/queries/dictionary";
import { importDictionaryFile } from "@/lib/services/dictionary-import";
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
      `${kind}-fra-eng`,
      [
        { headword: "Maison", definition: "maison /mɛzɔ̃/ <n, fem>\nhouse" },
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
      entries: 3,
      replaced: false,
    });
    // Headwords are stored NFKC and case-folded; the description entries are not words.
    expect(await lookup("fr", "en", "maison")).toEqual([expect.objectContaining({ headword: "maison", definition: "maison /mɛzɔ̃/ <n, fem>\nhouse" })]);
    expect((await lookup("fr", "en", "œuf")).map((e) => e.definition)).toEqual(["egg"]);
    expect(await lookup("fr", "en", "00-database-short")).toEqual([]);
    // The other direction has no dictionary.
    expect(await lookup("en", "fr", "chat")).toEqual([]);
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
    const german = (await listDictionaries(t().db)).filter((d) => d.sourceLanguage === "de");
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
    expect((await lookup("zh", "en", "學習")).map((e) => e.definition)).toEqual(["[xue2 xi2] to learn; to study"]);
    expect((await lookup("zh", "en", "学习")).map((e) => e.definition)).toEqual(["[xue2 xi2] to learn; to study"]);

    const gzipped = path.join(dir, `${kind}-cedict.txt.gz`);
    await writeFile(gzipped, gzipSync(CEDICT.replace("/China/", "/China/Middle Kingdom/")));
    expect(await importDictionaryFile(t().db, gzipped)).toMatchObject({ replaced: true, entries: 3 });
    expect((await lookup("zh", "en", "中国")).map((e) => e.definition)).toEqual(["[Zhong1 guo2] China; Middle Kingdom"]);
  });

  it("refuses a file it cannot read as a dictionary", async () => {
    const other = path.join(dir, `${kind}-notes.txt`);
    await writeFile(other, "just some text\n");
    await expect(importDictionaryFile(t().db, other)).rejects.toThrow(/not a dictionary/);
    await expect(importDictionaryFile(t().db, path.join(dir, "missing-fra-eng.index"))).rejects.toThrow(/missing/);
  });
});

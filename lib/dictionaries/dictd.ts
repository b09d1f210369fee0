/**
 * Reads dictd dictionaries (Debian's dict-freedict-*, dict-de-en): a `.index` of lines
 * "headword TAB offset TAB length" (numbers in dictd's base 64) into a `.dict` file, usually
 * compressed with dictzip (gzip with a table of random-access chunks, so gunzip reads it whole).
 * Nothing is held in memory whole: the data is unpacked to a temporary file and each entry read
 * from it where the index says, as the index streams by.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, open, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { looseKey, parseDictdEntry } from "./dictd-entry";
import type { DictionaryEntryInput } from "./types";

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** A dictd index number: base-64 digits, most significant first. */
export function decodeDictdNumber(text: string): number {
  let value = 0;
  for (const char of text) {
    const digit = B64.indexOf(char);
    if (digit < 0) throw new Error(`"${text}" is not a dictd index number`);
    value = value * 64 + digit;
  }
  return value;
}

/** The dictd index number for `value` (tests write fixtures with it). */
export function encodeDictdNumber(value: number): string {
  let text = "";
  do {
    text = B64[value % 64] + text;
    value = Math.floor(value / 64);
  } while (value > 0);
  return text;
}

export type DictdFiles = { index: string; data: string };

/** Whether `file` is there and is a file (not a folder). */
export const isFile = (file: string) => stat(file).then((s) => s.isFile(), () => false);

/** The `.index` and data files of a dictd dictionary named by either of its files; null when it is not one. */
export async function dictdFiles(file: string): Promise<DictdFiles | null> {
  const base = file.replace(/\.(index|dict\.dz|dict)$/i, "");
  if (base === file) return null;
  const index = `${base}.index`;
  if (!(await isFile(index))) {
    // Debian names FreeDict's files freedict-spa-eng.*, where older guides say spa-eng.*.
    const debian = path.join(path.dirname(base), `freedict-${path.basename(base)}.index`);
    const hint = (await isFile(debian)) ? ` (did you mean ${debian}?)` : "";
    throw new Error(`${file}: its index ${path.basename(index)} is missing${hint}`);
  }
  for (const data of [`${base}.dict.dz`, `${base}.dict`]) if (await isFile(data)) return { index, data };
  throw new Error(`${file}: its data file ${path.basename(base)}.dict.dz (or .dict) is missing`);
}

type IndexLine = { headword: string; offset: number; length: number };

async function* indexLines(file: string): AsyncGenerator<IndexLine> {
  const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    n++;
    if (line.trim() === "") continue;
    const parts = line.split("\t");
    if (parts.length < 3) throw new Error(`${path.basename(file)} line ${n}: not "headword TAB offset TAB length"`);
    yield { headword: parts[0]!, offset: decodeDictdNumber(parts[1]!), length: decodeDictdNumber(parts[2]!) };
  }
}

/** The dictd entries that describe the dictionary itself ("00-database-short", "00databaseinfo"). */
const META_RE = /^00-?database-?(.+)$/i;

export type DictdMeta = { short?: string; info?: string; url?: string; licence?: string };

/** A dictd dictionary opened for reading: its own description, then its entries. */
export type DictdReader = { meta: DictdMeta; entries: () => AsyncGenerator<DictionaryEntryInput>; close: () => Promise<void> };

export async function openDictd(files: DictdFiles): Promise<DictdReader> {
  let workDir: string | undefined;
  let dataPath = files.data;
  if (/\.dz$/i.test(files.data)) {
    workDir = await mkdtemp(path.join(tmpdir(), "lingoreel-dict-"));
    dataPath = path.join(workDir, "data.dict");
    await pipeline(createReadStream(files.data), createGunzip(), createWriteStream(dataPath));
  }
  const data = await open(dataPath, "r");
  const read = async (offset: number, length: number) => {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await data.read(buffer, 0, length, offset);
    return buffer.toString("utf8", 0, bytesRead);
  };
  const close = async () => {
    await data.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  };
  try {
    const meta: DictdMeta = {};
    for await (const line of indexLines(files.index)) {
      const match = META_RE.exec(line.headword);
      if (!match) continue;
      const key = match[1]!.toLowerCase().replace(/-/g, "");
      const value = withoutHeadwordLine(await read(line.offset, line.length), line.headword);
      if (key === "short") meta.short = value.replace(/\s+/g, " ").trim();
      else if (key === "info") meta.info = value;
      else if (key === "url") meta.url = value.trim().split(/\s+/)[0];
      else if (key === "license" || key === "licence") meta.licence = value.replace(/\s+/g, " ").trim();
    }
    async function* entries(): AsyncGenerator<DictionaryEntryInput> {
      for await (const line of indexLines(files.index)) {
        if (META_RE.test(line.headword)) continue;
        const entry = parseDictdEntry(line.headword, await read(line.offset, line.length));
        if (entry.senses.length) yield entry;
      }
    }
    return { meta, entries, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A description entry's text without its first line when that names the entry ("00-database-short"
 * under the key 00databaseshort, as dict-de-en has it). Indentation stays: it is what tells
 * FreeDict's paragraphs apart (lib/dictionaries/licence.ts).
 */
function withoutHeadwordLine(text: string, headword: string): string {
  const lines = text.replace(/\r/g, "").replace(/^\s*\n|\s+$/g, "").split("\n");
  if (lines.length > 0 && looseKey(lines[0]!) === looseKey(headword)) lines.shift();
  return lines.map((l) => l.trimEnd()).join("\n").replace(/^\s*\n/, "");
}

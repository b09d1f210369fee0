/**
 * Reads CC-CEDICT (https://cc-cedict.org, Chinese to English), plain or gzipped, line by line:
 * "Traditional Simplified [pin1 yin1] /meaning 1/meaning 2/". Each line gives an entry under both
 * written forms (once when they are the same), its pinyin apart and each meaning a sense; the
 * "#! key=value" header gives its version and licence.
 */
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import type { DictionaryEntryInput } from "./types";

const LINE_RE = /^(\S+)\s+(\S+)\s+\[([^\]]*)\]\s+\/(.*)\/\s*$/;

export type CedictMeta = { version?: string; date?: string; licence?: string };

async function isGzip(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(2);
    await handle.read(head, 0, 2, 0);
    return head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

async function* lines(file: string): AsyncGenerator<string> {
  const raw = createReadStream(file);
  const input: Readable = (await isGzip(file)) ? raw.pipe(createGunzip()) : raw;
  input.setEncoding("utf8");
  yield* createInterface({ input, crlfDelay: Infinity });
}

/** Whether the file looks like CC-CEDICT: its name, or its first lines. */
export async function looksLikeCedict(file: string): Promise<boolean> {
  if (/cedict/i.test(file)) return true;
  let n = 0;
  for await (const line of lines(file)) {
    if (line.startsWith("#")) {
      if (/cc-cedict/i.test(line)) return true;
      continue;
    }
    if (LINE_RE.test(line)) return true;
    if (++n > 20) break;
  }
  return false;
}

/** The "#! key=value" lines at the head of the file. */
export async function readCedictMeta(file: string): Promise<CedictMeta> {
  const meta: CedictMeta = {};
  for await (const line of lines(file)) {
    if (!line.startsWith("#")) break;
    const match = /^#!\s*(\w+)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    const [, key, value] = match;
    if (key === "version") meta.version = value!.trim();
    else if (key === "date") meta.date = value!.trim();
    else if (key === "license" || key === "licence") meta.licence = value!.trim();
  }
  return meta;
}

/** One parsed line (an entry under each written form, each gloss a sense), or null for a comment, a blank or a malformed line. */
export function parseCedictLine(line: string): DictionaryEntryInput[] | null {
  const match = LINE_RE.exec(line);
  if (!match) return null;
  const [, traditional, simplified, pinyin, glosses] = match;
  const senses = glosses!
    .split("/")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((definition) => ({ definition, grammar: null }));
  const pronunciation = pinyin!.trim() ? `[${pinyin!.trim()}]` : null;
  const forms = traditional === simplified ? [simplified!] : [simplified!, traditional!];
  return forms.map((headword) => ({ headword, pronunciation, senses }));
}

export async function* cedictEntries(file: string): AsyncGenerator<DictionaryEntryInput> {
  for await (const line of lines(file)) {
    if (line.startsWith("#")) continue;
    const entries = parseCedictLine(line);
    if (entries) yield* entries;
  }
}

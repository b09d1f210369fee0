/**
 * Writes dictd dictionaries (`.index` + `.dict.dz`) of made-up entries for the importer's tests
 * and the bench: the data gzipped (dictzip is gzip with a table of chunks in its header, which
 * readers that unpack the whole file ignore), the index in dictd's base-64 numbers. Streams, so
 * the bench's half-million entries take no memory to speak of.
 */
import { createWriteStream, type WriteStream } from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { encodeDictdNumber } from "@/lib/dictionaries/dictd";

/**
 * An entry: its definition, written under a headword line with each line indented (as dictfmt
 * writes a plain list), or its whole `text` as a dictionary lays it out (FreeDict's headword
 * line "querer /keɾˈeɾ/", then "1. love"), written as it is.
 */
export type DictdFixtureEntry = { headword: string; definition: string } | { headword: string; text: string };

async function write(stream: NodeJS.WritableStream, text: string | Buffer): Promise<void> {
  if (!stream.write(text)) await once(stream, "drain");
}

/**
 * Writes `<dir>/<stem>.index` and `<dir>/<stem>.dict.dz`. `meta` adds the description entries
 * dictd dictionaries carry ("00-database-short" and the like: keys without the prefix).
 */
export async function writeDictd(
  dir: string,
  stem: string,
  entries: Iterable<DictdFixtureEntry> | AsyncIterable<DictdFixtureEntry>,
  meta: Record<string, string> = {},
): Promise<{ index: string; data: string }> {
  const indexPath = path.join(dir, `${stem}.index`);
  const dataPath = path.join(dir, `${stem}.dict.dz`);
  const index: WriteStream = createWriteStream(indexPath);
  const gzip = createGzip();
  const data = createWriteStream(dataPath);
  gzip.pipe(data);
  let offset = 0;
  const add = async (headword: string, body: string, raw = false) => {
    const bytes = Buffer.from(raw ? `${body}\n` : `${headword}\n${body}\n`, "utf8");
    await write(gzip, bytes);
    await write(index, `${headword}\t${encodeDictdNumber(offset)}\t${encodeDictdNumber(bytes.length)}\n`);
    offset += bytes.length;
  };
  for (const [key, value] of Object.entries(meta)) await add(`00-database-${key}`, value.split("\n").map((l) => `   ${l}`).join("\n"));
  for await (const entry of entries) {
    if ("text" in entry) await add(entry.headword, entry.text, true);
    else await add(entry.headword, entry.definition.split("\n").map((l) => `   ${l}`).join("\n"));
  }
  index.end();
  gzip.end();
  await Promise.all([finished(index), finished(data)]);
  return { index: indexPath, data: dataPath };
}

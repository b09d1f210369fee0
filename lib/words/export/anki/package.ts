/**
 * An .apkg as Anki imports it: a ZIP holding `collection.anki2` (lib/words/export/anki/collection.ts), the
 * media files under the names "0", "1", … and `media`, the JSON map from those names to the file
 * names the notes' fields use. Written as a stream with fflate: each media file goes out as it
 * comes (stored, MP3 does not shrink), so memory holds one file and the collection, whatever
 * the number of clips.
 */
import { Zip, ZipDeflate, ZipPassThrough, type ZipInputFile } from "fflate";

export type MediaFile = { name: string; bytes: Uint8Array };

export type PackageParts = {
  /** The media files in the order they become ready. */
  media: AsyncIterable<MediaFile>;
  /** The collection, made once every media file is in: it knows which of them made it. */
  collection: (mediaNames: ReadonlySet<string>) => Promise<Uint8Array>;
};

/** The package's bytes, chunk by chunk. */
export async function* apkgChunks(parts: PackageParts): AsyncGenerator<Uint8Array> {
  const pending: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else pending.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    yield* pending.splice(0);
  };
  const add = (file: ZipInputFile & { push(chunk: Uint8Array, final?: boolean): void }, bytes: Uint8Array) => {
    file.mtime = new Date();
    zip.add(file);
    file.push(bytes, true);
  };

  const map: Record<string, string> = {};
  let count = 0;
  for await (const file of parts.media) {
    const slot = String(count++);
    map[slot] = file.name;
    add(new ZipPassThrough(slot), file.bytes);
    yield* drain();
  }
  add(new ZipDeflate("collection.anki2", { level: 6 }), await parts.collection(new Set(Object.values(map))));
  yield* drain();
  add(new ZipDeflate("media", { level: 6 }), new TextEncoder().encode(JSON.stringify(map)));
  zip.end();
  yield* drain();
}

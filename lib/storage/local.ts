/**
 * Uploaded files in a local directory (DATA_DIR/uploads by default). Each object is a file at its
 * key's path; its content type sits beside it under `.meta/`. A body is written to `.tmp/` and
 * renamed into place once complete, so a reader never sees half a file and a failed write leaves
 * nothing under the key. Keys cannot start a name with "." (see isValidKey), so neither
 * directory can collide with an object.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  assertValidKey,
  ObjectNotFoundError,
  resolveRange,
  type ByteRange,
  type ObjectBody,
  type ObjectInfo,
  type Storage,
} from "./types";

const DEFAULT_CONTENT_TYPE = "application/octet-stream";

export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);
  const tmpDir = path.join(base, ".tmp");
  const metaDir = path.join(base, ".meta");

  const within = (dir: string, key: string, suffix = "") => {
    assertValidKey(key);
    const full = path.join(dir, key + suffix);
    // The key pattern already rules out escaping; this keeps it true if the pattern ever changes.
    if (!full.startsWith(dir + path.sep)) throw new Error("storage key escapes its directory");
    return full;
  };
  const objectPath = (key: string) => within(base, key);
  const metaPath = (key: string) => within(metaDir, key, ".json");

  async function contentTypeOf(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await fs.readFile(metaPath(key), "utf8")) as { contentType?: unknown };
      return typeof meta.contentType === "string" ? meta.contentType : DEFAULT_CONTENT_TYPE;
    } catch {
      return DEFAULT_CONTENT_TYPE;
    }
  }

  async function statFile(key: string): Promise<number | null> {
    try {
      const stats = await fs.stat(objectPath(key));
      return stats.isFile() ? stats.size : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: "local",

    async put(key: string, body: Readable, opts: { contentType: string; size?: number }) {
      const target = objectPath(key);
      const meta = metaPath(key);
      await fs.mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, randomUUID());
      try {
        await pipeline(body, createWriteStream(tmp, { flags: "wx" }));
        const { size } = await fs.stat(tmp);
        if (opts.size !== undefined && size !== opts.size) {
          throw new Error(`The body held ${size} bytes, not the ${opts.size} announced`);
        }
        await fs.writeFile(`${tmp}.json`, JSON.stringify({ contentType: opts.contentType }));
        await fs.mkdir(path.dirname(meta), { recursive: true });
        await fs.rename(`${tmp}.json`, meta);
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.rename(tmp, target);
        return { key, size };
      } catch (error) {
        await fs.rm(tmp, { force: true });
        await fs.rm(`${tmp}.json`, { force: true });
        throw error;
      }
    },

    async get(key: string, range?: ByteRange): Promise<ObjectBody> {
      // Opened first, so a delete between the size check and the read cannot split them.
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(objectPath(key), "r");
      } catch (error) {
        if (isMissing(error)) throw new ObjectNotFoundError(key);
        throw error;
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) throw new ObjectNotFoundError(key);
        const resolved = resolveRange(range, stats.size);
        const contentType = await contentTypeOf(key);
        if (stats.size === 0) {
          await handle.close();
          return { body: Readable.from([]), size: 0, contentType, range: resolved };
        }
        const body = handle.createReadStream({ start: resolved.start, end: resolved.end, autoClose: true });
        return { body, size: stats.size, contentType, range: resolved };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async stat(key: string): Promise<ObjectInfo | null> {
      const size = await statFile(key);
      return size === null ? null : { key, size, contentType: await contentTypeOf(key) };
    },

    async delete(key: string) {
      await fs.rm(objectPath(key), { force: true });
      await fs.rm(metaPath(key), { force: true });
    },

    async localFile(key: string) {
      if ((await statFile(key)) === null) throw new ObjectNotFoundError(key);
      // The stored file itself: nothing to copy, nothing to clean up.
      return { path: objectPath(key), cleanup: async () => {} };
    },
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

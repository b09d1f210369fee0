/**
 * One contract for every store: a local directory and an S3-compatible bucket (a local s3rver
 * process) pass the same tests: put, get with ranges, stat, delete, localFile, failed bodies
 * leaving nothing behind, and a large body streaming through without being held in memory.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createLocalStorage,
  createS3Storage,
  InvalidKeyError,
  ObjectNotFoundError,
  RangeNotSatisfiableError,
  type Storage,
} from "@/lib/storage";
import { MB, peakMemoryGrowth } from "../helpers/memory";
import { startLocalS3, type LocalS3 } from "../helpers/s3";

const text = (s: string) => Readable.from([Buffer.from(s)]);

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `total` bytes of a repeating pattern, made chunk by chunk (fresh buffers), and their hash. */
function generated(total: number, chunkSize = 64 * 1024) {
  const hash = createHash("sha256");
  async function* chunks() {
    for (let sent = 0; sent < total; sent += chunkSize) {
      const chunk = Buffer.allocUnsafe(Math.min(chunkSize, total - sent));
      for (let i = 0; i < chunk.length; i++) chunk[i] = (sent + i) % 251;
      hash.update(chunk);
      yield chunk;
    }
  }
  return { body: Readable.from(chunks()), digest: () => hash.digest("hex") };
}

type Kind = "local" | "s3";

describe.each<Kind>(["local", "s3"])("%s storage", (kind) => {
  let storage: Storage;
  let dir: string;
  let s3: LocalS3 | undefined;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "lingoreel-storage-"));
    if (kind === "local") {
      storage = createLocalStorage(dir);
    } else {
      s3 = await startLocalS3();
      storage = createS3Storage(s3.config);
    }
  });
  afterAll(async () => {
    await s3?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("stores a body and gives it back with its size and content type", async () => {
    expect(await storage.put("audio/a.mp3", text("hello world"), { contentType: "audio/mpeg" })).toEqual({ key: "audio/a.mp3", size: 11 });
    const object = await storage.get("audio/a.mp3");
    expect(object).toMatchObject({ size: 11, contentType: "audio/mpeg", range: { start: 0, end: 10 } });
    expect((await readAll(object.body)).toString()).toBe("hello world");
    expect(await storage.stat("audio/a.mp3")).toEqual({ key: "audio/a.mp3", size: 11, contentType: "audio/mpeg" });
  });

  it("replaces an object stored under the same key", async () => {
    await storage.put("audio/replace.wav", text("first"), { contentType: "audio/wav" });
    await storage.put("audio/replace.wav", text("second!"), { contentType: "audio/x-wav", size: 7 });
    expect(await storage.stat("audio/replace.wav")).toEqual({ key: "audio/replace.wav", size: 7, contentType: "audio/x-wav" });
    expect((await readAll((await storage.get("audio/replace.wav")).body)).toString()).toBe("second!");
  });

  it("reads byte ranges, clamping an end past the object", async () => {
    await storage.put("ranges/digits.txt", text("0123456789"), { contentType: "text/plain" });
    const middle = await storage.get("ranges/digits.txt", { start: 2, end: 5 });
    expect(middle).toMatchObject({ size: 10, range: { start: 2, end: 5 } });
    expect((await readAll(middle.body)).toString()).toBe("2345");
    const tail = await storage.get("ranges/digits.txt", { start: 7, end: 1000 });
    expect(tail).toMatchObject({ size: 10, range: { start: 7, end: 9 } });
    expect((await readAll(tail.body)).toString()).toBe("789");
    const last = await storage.get("ranges/digits.txt", { start: 9, end: 9 });
    expect((await readAll(last.body)).toString()).toBe("9");
  });

  it("refuses a range that starts past the end", async () => {
    await storage.put("ranges/short.txt", text("abc"), { contentType: "text/plain" });
    const error = await storage.get("ranges/short.txt", { start: 3, end: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RangeNotSatisfiableError);
    expect((error as RangeNotSatisfiableError).size).toBe(3);
    await expect(storage.get("ranges/short.txt", { start: 2, end: 1 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
  });

  it("stores an empty body", async () => {
    expect(await storage.put("empty/nothing.bin", Readable.from([]), { contentType: "application/octet-stream" })).toEqual({
      key: "empty/nothing.bin",
      size: 0,
    });
    const object = await storage.get("empty/nothing.bin");
    expect(object.size).toBe(0);
    expect(await readAll(object.body)).toHaveLength(0);
  });

  it("answers unknown keys: stat null, get and localFile ObjectNotFoundError, delete quietly", async () => {
    expect(await storage.stat("nope/missing.mp3")).toBeNull();
    await expect(storage.get("nope/missing.mp3")).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.get("nope/missing.mp3", { start: 0, end: 1 })).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.localFile("nope/missing.mp3")).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.delete("nope/missing.mp3")).resolves.toBeUndefined();
  });

  it("deletes", async () => {
    await storage.put("audio/gone.mp3", text("bye"), { contentType: "audio/mpeg" });
    await storage.delete("audio/gone.mp3");
    expect(await storage.stat("audio/gone.mp3")).toBeNull();
    await expect(storage.get("audio/gone.mp3")).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it("hands out a local file with the object's bytes", async () => {
    await storage.put("audio/file.ogg", text("OggS and more"), { contentType: "audio/ogg" });
    const file = await storage.localFile("audio/file.ogg");
    expect(path.extname(file.path)).toBe(".ogg");
    expect(await fs.readFile(file.path, "utf8")).toBe("OggS and more");
    await file.cleanup();
    if (kind === "s3") await expect(fs.access(file.path)).rejects.toThrow();
    // The stored object itself stays.
    expect(await storage.stat("audio/file.ogg")).not.toBeNull();
  });

  it("refuses keys that could leave the store or hide in it", async () => {
    for (const key of ["../escape", "/etc/passwd", "a/../../b", ".tmp/x", "a/.meta", "a//b", "a/", "", "a\\b", "a b", "ü"]) {
      await expect(storage.put(key, text("x"), { contentType: "text/plain" }), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.stat(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidKeyError);
    }
  });

  it("leaves nothing behind when the body fails, and throws the body's own error", async () => {
    class Boom extends Error {}
    async function* failing() {
      yield Buffer.alloc(6 * MB, 1); // past one S3 part, so a multipart upload is under way
      yield Buffer.alloc(1 * MB, 2);
      throw new Boom("the client went away");
    }
    await expect(storage.put("audio/partial.mp3", Readable.from(failing()), { contentType: "audio/mpeg" })).rejects.toBeInstanceOf(Boom);
    expect(await storage.stat("audio/partial.mp3")).toBeNull();
    if (kind === "local") expect(await fs.readdir(path.join(dir, ".tmp"))).toEqual([]);
  });

  it("refuses a body whose size differs from the one announced", async () => {
    await expect(storage.put("audio/liar.mp3", text("12345"), { contentType: "audio/mpeg", size: 9 })).rejects.toThrow(/5 bytes/);
    expect(await storage.stat("audio/liar.mp3")).toBeNull();
  });

  it("streams a large body through without holding it in memory", async () => {
    // The local store copies chunk by chunk (under 1 MB held, measured under load); the S3 one
    // holds up to two 5 MB parts in flight and the one being filled (16-21 MB measured).
    const total = 128 * MB;
    const bound = kind === "local" ? 16 * MB : 40 * MB;
    const { body, digest } = generated(total);
    const { result, growth } = await peakMemoryGrowth(() => storage.put("large/big.bin", body, { contentType: "application/octet-stream" }));
    expect(result).toEqual({ key: "large/big.bin", size: total });
    expect(growth).toBeLessThan(bound);

    const read = createHash("sha256");
    const { growth: readGrowth } = await peakMemoryGrowth(async () => {
      for await (const chunk of (await storage.get("large/big.bin")).body) read.update(chunk as Buffer);
    });
    expect(read.digest("hex")).toBe(digest());
    expect(readGrowth).toBeLessThan(bound);
    await storage.delete("large/big.bin");
  }, 120_000);
});

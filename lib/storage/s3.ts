/**
 * Uploaded files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...). Bodies are sent
 * as a multipart upload of a few megabytes per part, so memory stays bounded whatever the size;
 * a failed upload is aborted and leaves no object.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { S3Config } from "@/lib/env";
import {
  assertValidKey,
  ObjectNotFoundError,
  RangeNotSatisfiableError,
  resolveRange,
  type ByteRange,
  type ObjectBody,
  type ObjectInfo,
  type Storage,
} from "./types";

// S3's smallest part; two in flight. Memory per upload stays near 10 MB whatever the file's size.
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export function createS3Client(config: S3Config): S3Client {
  // The SDK's default integrity checksums (aws-chunked bodies, CRC trailers) are newer than many
  // S3-compatible services; against those, send checksums only where an operation requires them.
  const checksums = config.endpoint ? "WHEN_REQUIRED" : "WHEN_SUPPORTED";
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    requestChecksumCalculation: checksums,
    responseChecksumValidation: checksums,
  });
}

export function createS3Storage(config: S3Config, client: S3Client = createS3Client(config)): Storage {
  const Bucket = config.bucket;

  async function head(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { key, size: out.ContentLength ?? 0, contentType: out.ContentType ?? "application/octet-stream" };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function get(key: string, range?: ByteRange): Promise<ObjectBody> {
    assertValidKey(key);
    if (range) resolveRange(range, Number.MAX_SAFE_INTEGER); // shape check before asking
    let out;
    try {
      out = await client.send(
        new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      if (statusOf(error) === 416) {
        const info = await head(key);
        if (!info) throw new ObjectNotFoundError(key);
        throw new RangeNotSatisfiableError(info.size);
      }
      throw error;
    }
    const length = out.ContentLength ?? 0;
    const total = /\/(\d+)$/.exec(out.ContentRange ?? "")?.[1];
    const size = total === undefined ? length : Number(total);
    const start = range ? range.start : 0;
    return {
      body: out.Body instanceof Readable ? out.Body : Readable.from([]),
      size,
      contentType: out.ContentType ?? "application/octet-stream",
      range: { start, end: start + length - 1 },
    };
  }

  return {
    kind: "s3",

    async put(key: string, body: Readable, opts: { contentType: string; size?: number }) {
      assertValidKey(key);
      let size = 0;
      let bodyError: unknown;
      // Counts the bytes and remembers the body's own failure: the SDK may report the abort that
      // follows it instead, and callers need the original (a size limit, a bad file).
      async function* counted() {
        try {
          for await (const chunk of body) {
            size += (chunk as Buffer).length;
            yield chunk as Buffer;
          }
        } catch (error) {
          bodyError = error;
          throw error;
        }
      }
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: Readable.from(counted()), ContentType: opts.contentType },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        throw bodyError ?? error;
      }
      if (opts.size !== undefined && size !== opts.size) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => {});
        throw new Error(`The body held ${size} bytes, not the ${opts.size} announced`);
      }
      return { key, size };
    },

    get,

    stat: head,

    async delete(key: string) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async localFile(key: string) {
      const object = await get(key);
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), "lingoreel-"));
      // Keeps the key's file name (and extension), which some tools use as a format hint.
      const file = path.join(dir, path.posix.basename(key) || randomUUID());
      const cleanup = () => fs.rm(dir, { recursive: true, force: true });
      try {
        await pipeline(object.body, createWriteStream(file, { flags: "wx" }));
      } catch (error) {
        await cleanup();
        throw error;
      }
      return { path: file, cleanup };
    },
  };
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === "NoSuchKey" || name === "NotFound" || statusOf(error) === 404;
}

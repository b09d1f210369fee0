/**
 * The "add video" form received as it streams in, with real multipart bodies (FormData) and real
 * audio files: accepted files land in storage, everything wrong is a 4xx that leaves nothing
 * stored, and a large file passes through without being held in memory. The storage-dependent
 * cases run against a local directory and an S3-compatible server.
 */
import fs from "node:fs/promises";
import { openAsBlob } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { createLocalStorage, createS3Client, createS3Storage, type Storage } from "@/lib/storage";
import { parseSubtitles } from "@/lib/subtitles/parse";
import { NOT_AUDIO_MESSAGE, receiveVideoUpload, type ReceiveOptions } from "@/lib/uploads";
import { makeAudio, makeAudioDir, makeLargeWav } from "../helpers/audio-files";
import { MB, peakMemoryGrowth } from "../helpers/memory";
import { startLocalS3, type LocalS3 } from "../helpers/s3";

let audioDir: string;
let mp3: string;
let wav: string;
beforeAll(async () => {
  audioDir = await makeAudioDir();
  mp3 = await makeAudio(audioDir, "tone.mp3", 2);
  wav = await makeAudio(audioDir, "tone.wav", 2);
});
afterAll(async () => {
  await fs.rm(audioDir, { recursive: true, force: true });
});

const SRT = "1\n00:00:01,000 --> 00:00:02,500\nHola\n\n2\n00:00:03,000 --> 00:00:04,000\nAdiós\n";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost:3000/api/videos", { method: "POST", body, headers });

async function fileBlob(file: string, type = "application/octet-stream") {
  return new Blob([await fs.readFile(file)], { type });
}

function videoForm(extra: (form: FormData) => void | Promise<void> = () => {}) {
  const form = new FormData();
  form.append("title", "Un paseo por Madrid");
  form.append("youtubeId", "");
  form.append("description", "Audio subido");
  form.append("categoryId", "3");
  form.append("categoryIds", "[3,4]");
  form.append("targetLanguage", "es");
  form.append("thumbnail", "");
  return Promise.resolve(extra(form)).then(() => form);
}

/** The ApiError a failed upload throws. */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => new Error("expected the upload to be refused"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

type Kind = "local" | "s3";

describe.each<Kind>(["local", "s3"])("receiving an upload into %s storage", (kind) => {
  let storage: Storage;
  let dir: string;
  let s3: LocalS3 | undefined;
  /** Every object in the store (and, locally, every half-written file). */
  let leftovers: () => Promise<string[]>;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "lingoreel-uploads-"));
    if (kind === "local") {
      storage = createLocalStorage(dir);
      leftovers = async () =>
        (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
          .filter((e) => e.isFile())
          .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
    } else {
      s3 = await startLocalS3();
      storage = createS3Storage(s3.config);
      const client = createS3Client(s3.config);
      leftovers = async () => {
        const out = await client.send(new ListObjectsV2Command({ Bucket: s3!.config.bucket }));
        return (out.Contents ?? []).map((o) => o.Key!);
      };
    }
  });
  afterAll(async () => {
    await s3?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const options = (extra: Partial<ReceiveOptions> = {}): ReceiveOptions => ({ maxBytes: 5 * MB, storage, ...extra });

  async function clearStore() {
    for (const key of await leftovers()) if (!key.startsWith(".")) await storage.delete(key).catch(() => {});
  }

  it("stores a real MP3 and returns the form's fields", async () => {
    await clearStore();
    const form = await videoForm(async (f) => f.append("audioFile", await fileBlob(mp3, "text/plain"), "C:\\Users\\ana\\paseo.mp3"));
    const upload = await receiveVideoUpload(post(form), options());
    expect(upload.fields).toEqual({
      title: "Un paseo por Madrid",
      youtubeId: "",
      description: "Audio subido",
      categoryId: "3",
      categoryIds: "[3,4]",
      targetLanguage: "es",
      thumbnail: "",
    });
    const bytes = await fs.readFile(mp3);
    // The declared type (text/plain) is ignored: the content says MP3.
    expect(upload.audio).toEqual({ key: expect.stringMatching(/^audio\/[0-9a-f-]{36}\.mp3$/), size: bytes.length, contentType: "audio/mpeg", originalName: "paseo.mp3", durationMs: expect.any(Number) });
    expect(upload.subtitles).toBeUndefined();
    const stored = await storage.get(upload.audio!.key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(stored.contentType).toBe("audio/mpeg");
  });

  it("stores a WAV under a key prefix, with a subtitle file beside it", async () => {
    await clearStore();
    const form = await videoForm(async (f) => {
      f.append("audioFile", await fileBlob(wav), "clase.wav");
      f.append("subtitleFile", new Blob([SRT]), "clase.srt");
    });
    const upload = await receiveVideoUpload(post(form), options({ keyPrefix: "videos/" }));
    expect(upload.audio).toMatchObject({ key: expect.stringMatching(/^videos\/audio\/.+\.wav$/), contentType: "audio/wav", originalName: "clase.wav" });
    expect(upload.subtitles).toEqual({
      key: expect.stringMatching(/^videos\/subtitles\/.+\.srt$/),
      size: Buffer.byteLength(SRT),
      format: "srt",
      originalName: "clase.srt",
    });
    const local = await storage.localFile(upload.subtitles!.key);
    expect(parseSubtitles(await fs.readFile(local.path)).cues).toHaveLength(2);
    await local.cleanup();
    expect((await leftovers()).filter((k) => !k.startsWith(".meta/"))).toHaveLength(2);
  });

  it("refuses an audio file over the limit with 413, naming the limit, and keeps nothing", async () => {
    await clearStore();
    const big = await makeLargeWav(audioDir, 3 * MB);
    const form = await videoForm(async (f) => f.append("audioFile", await fileBlob(big), "big.wav"));
    const error = await failure(receiveVideoUpload(post(form), options({ maxBytes: 1 * MB })));
    expect(error.status).toBe(413);
    expect(error.message).toBe("The audio file is larger than the 1 MB upload limit");
    expect(await leftovers()).toEqual([]);

    // Past an S3 part, so a multipart upload was under way when the limit struck.
    const bigger = await makeLargeWav(audioDir, 12 * MB);
    const again = await failure(
      receiveVideoUpload(post(await videoForm(async (f) => f.append("audioFile", await fileBlob(bigger), "b.wav"))), options({ maxBytes: 7.5 * MB })),
    );
    expect(again.message).toBe("The audio file is larger than the 7.5 MB upload limit");
    expect(await leftovers()).toEqual([]);
  });

  it("refuses a text file renamed to .mp3 with 400 and keeps nothing", async () => {
    await clearStore();
    const form = await videoForm((f) => f.append("audioFile", new Blob(["These are my notes, not a song.\n".repeat(500)], { type: "audio/mpeg" }), "song.mp3"));
    const error = await failure(receiveVideoUpload(post(form), options()));
    expect(error.status).toBe(400);
    expect(error.message).toBe(NOT_AUDIO_MESSAGE);
    expect(await leftovers()).toEqual([]);
  });

  it("removes the stored audio when the subtitle file after it is bad", async () => {
    await clearStore();
    const form = await videoForm(async (f) => {
      f.append("audioFile", await fileBlob(mp3), "a.mp3");
      f.append("subtitleFile", new Blob(["1\n00:00:05,000 --> 00:00:04,000\nbackwards\n"]), "a.srt");
    });
    const error = await failure(receiveVideoUpload(post(form), options()));
    expect(error.status).toBe(400);
    expect(error.message).toBe("The subtitle file cannot be used: Line 2: the cue ends before it starts");
    expect(await leftovers()).toEqual([]);
  });

  it("removes what was stored when the form breaks off", async () => {
    await clearStore();
    const form = await videoForm(async (f) => f.append("audioFile", await fileBlob(await makeLargeWav(audioDir, 2 * MB)), "a.wav"));
    const probe = new Request("http://localhost/", { method: "POST", body: form });
    const bytes = new Uint8Array(await probe.arrayBuffer());
    const contentType = probe.headers.get("content-type")!;

    // The body ends early, as when a proxy cuts the connection.
    const cut = await failure(receiveVideoUpload(post(bytes.subarray(0, 1_500_000), { "content-type": contentType }), options()));
    expect(cut.status).toBe(400);
    expect(cut.message).toBe("The form data is malformed or incomplete");
    expect(await leftovers()).toEqual([]);

    // The body fails while streaming, as when the client goes away.
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, 1_000_000));
      },
      pull(controller) {
        controller.error(new Error("connection reset"));
      },
    });
    const reset = await failure(
      receiveVideoUpload(new Request("http://localhost/", { method: "POST", body: failing, headers: { "content-type": contentType }, duplex: "half" } as RequestInit), options()),
    );
    expect(reset.status).toBe(400);
    expect(await leftovers()).toEqual([]);
  });
});

describe("receiving an upload: the form's own rules", () => {
  let dir: string;
  let storage: Storage;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "lingoreel-form-"));
    storage = createLocalStorage(dir);
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });
  const options = (extra: Partial<ReceiveOptions> = {}): ReceiveOptions => ({ maxBytes: 5 * MB, storage, ...extra });
  const stored = async () => (await fs.readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);

  it("takes only multipart/form-data (415 otherwise)", async () => {
    const json = await failure(receiveVideoUpload(post(JSON.stringify({ title: "x" }), { "content-type": "application/json" }), options()));
    expect(json.status).toBe(415);
    expect(json.message).toBe("Send the video form as multipart/form-data");
    expect((await failure(receiveVideoUpload(post("title=x", { "content-type": "application/x-www-form-urlencoded" }), options()))).status).toBe(415);
    expect((await failure(receiveVideoUpload(new Request("http://localhost/", { method: "POST", body: "x" }), options()))).status).toBe(415);
    const noBoundary = await failure(receiveVideoUpload(post("x", { "content-type": "multipart/form-data" }), options()));
    expect(noBoundary.status).toBe(400);
  });

  it("refuses a declared size far past the limit before reading it", async () => {
    const form = await videoForm();
    const request = new Request("http://localhost/", { method: "POST", body: form });
    const headers = { "content-type": request.headers.get("content-type")!, "content-length": String(50 * MB) };
    const error = await failure(receiveVideoUpload(post(await request.arrayBuffer(), headers), options({ maxBytes: 1 * MB })));
    expect(error.status).toBe(413);
  });

  it("caps the whole body when no Content-Length announced it", async () => {
    const boundary = "----chunked";
    const form = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHola\r\n--${boundary}--\r\n`);
    let sent = 0;
    // A valid form followed by an endless epilogue, which the parser would skip.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(sent === 0 ? form : new Uint8Array(256 * 1024).fill(0x61));
        sent++;
      },
    });
    const request = new Request("http://localhost/", {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    const error = await failure(receiveVideoUpload(request, options({ maxBytes: 1 * MB })));
    expect(error.status).toBe(413);
    // Stopped soon after the ceiling (1 MB of audio, 2 MB of subtitles, 2 MB of fields).
    expect(sent * 256 * 1024).toBeLessThan(8 * MB);
  });

  it("accepts a form without files, and an empty file input as no file", async () => {
    expect(await receiveVideoUpload(post(await videoForm()), options())).toEqual({ fields: expect.objectContaining({ title: "Un paseo por Madrid" }) });
    // FormData leaves out an empty name; a browser sends filename="": both mean "no file chosen".
    const form = await videoForm((f) => f.append("audioFile", new Blob([]), ""));
    expect((await receiveVideoUpload(post(form), options())).audio).toBeUndefined();
    const boundary = "----browser";
    const raw = [
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHola\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="audioFile"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n`,
      `--${boundary}--\r\n`,
    ].join("");
    const upload = await receiveVideoUpload(post(raw, { "content-type": `multipart/form-data; boundary=${boundary}` }), options());
    expect(upload).toEqual({ fields: { title: "Hola" } });
    expect(await stored()).toEqual([]);
  });

  it("refuses an empty file that has a name", async () => {
    const form = await videoForm((f) => f.append("audioFile", new Blob([]), "empty.mp3"));
    const error = await failure(receiveVideoUpload(post(form), options()));
    expect([error.status, error.message]).toEqual([400, "The audio file is empty"]);
  });

  it("takes one audio file and one subtitle file, nothing else", async () => {
    const two = await videoForm(async (f) => {
      f.append("audioFile", await fileBlob(mp3), "a.mp3");
      f.append("audioFile", await fileBlob(wav), "b.wav");
    });
    expect((await failure(receiveVideoUpload(post(two), options()))).message).toBe("Send only one audio file");
    const twoSubs = await videoForm((f) => {
      f.append("subtitleFile", new Blob([SRT]), "a.srt");
      f.append("subtitleFile", new Blob([SRT]), "b.srt");
    });
    expect((await failure(receiveVideoUpload(post(twoSubs), options()))).message).toBe("Send only one subtitle file");
    const other = await videoForm((f) => f.append("thumbnailFile", new Blob(["x"]), "t.png"));
    expect((await failure(receiveVideoUpload(post(other), options()))).message).toBe('Unexpected file field "thumbnailFile"');
    const textAudio = await videoForm((f) => f.append("audioFile", "not a file"));
    expect((await failure(receiveVideoUpload(post(textAudio), options()))).message).toBe("audioFile: must be a file");
    expect(await stored()).toEqual([]);
  });

  it("caps text fields in size and number, and refuses NUL and repeated fields", async () => {
    const nul = await videoForm((f) => f.set("title", "Madrid\u0000"));
    expect((await failure(receiveVideoUpload(post(nul), options()))).message).toBe("title: must not contain NUL characters");
    const long = await videoForm((f) => f.set("description", "x".repeat(64 * 1024 + 1)));
    expect((await failure(receiveVideoUpload(post(long), options()))).message).toBe("description: must be at most 64 KB");
    const many = await videoForm((f) => {
      for (let i = 0; i < 40; i++) f.append(`extra${i}`, "x");
    });
    expect((await failure(receiveVideoUpload(post(many), options()))).message).toBe("The form has more than 32 fields");
    const twice = await videoForm((f) => f.append("title", "again"));
    expect((await failure(receiveVideoUpload(post(twice), options()))).message).toBe("title: may be given only once");
  });

  it("checks subtitle files: WebVTT accepted, junk and oversized ones refused with the reason", async () => {
    const vtt = await videoForm((f) => f.append("subtitleFile", new Blob(["WEBVTT\n\n00:01.000 --> 00:02.000\nHola\n"]), "a.vtt"));
    expect((await receiveVideoUpload(post(vtt), options())).subtitles).toMatchObject({ format: "vtt", originalName: "a.vtt" });

    const junk = await videoForm((f) => f.append("subtitleFile", new Blob(["just some notes"]), "notes.srt"));
    const error = await failure(receiveVideoUpload(post(junk), options()));
    expect([error.status, error.message]).toEqual([400, "The subtitle file cannot be used: The subtitle file is neither SRT nor WebVTT"]);

    const huge = await videoForm((f) => f.append("subtitleFile", new Blob([SRT.repeat(Math.ceil((2 * MB) / SRT.length) + 1)]), "huge.srt"));
    const tooBig = await failure(receiveVideoUpload(post(huge), options()));
    expect([tooBig.status, tooBig.message]).toEqual([413, "The subtitle file is larger than 2 MB"]);
  });

  it("streams a 50 MB audio file to storage without holding it in memory", async () => {
    const file = await makeLargeWav(audioDir, 50 * MB);
    const size = (await fs.stat(file)).size;
    // A Blob backed by the file on disk: the request body streams from it too.
    const form = await videoForm(async (f) => f.append("audioFile", await openAsBlob(file), "long.wav"));
    const { result, growth } = await peakMemoryGrowth(() => receiveVideoUpload(post(form), options({ maxBytes: 200 * MB })));
    expect(result.audio).toMatchObject({ size, contentType: "audio/wav" });
    expect((await storage.stat(result.audio!.key))?.size).toBe(size);
    expect(growth).toBeLessThan(16 * MB);
  }, 60_000);
});

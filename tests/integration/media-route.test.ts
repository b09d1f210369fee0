/**
 * GET /api/videos/{id}/media on PGlite and Postgres: uploaded audio streamed from storage with
 * Range answers a player can seek with, to those who may see the video (bundled demo media too);
 * and the mediaUrl the video API hands the player.
 */
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getMedia } from "@/app/api/videos/[id]/media/route";
import { GET as getVideo } from "@/app/api/videos/[id]/route";
import { GET as listVideos } from "@/app/api/videos/route";
import { users, videos } from "@/db/schema";
import { createLocalStorage, installStorage, type Storage } from "@/lib/storage";
import { parseRangeHeader } from "@/lib/http/range";
import { signedInUser } from "../helpers/app";
import { makeAudio, makeAudioDir } from "../helpers/audio-files";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

type Who = { id: string; token: string };

/** Calls the media route and reads the raw response (the body is audio, not JSON). */
async function media(id: number, token: string | undefined, range?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (range !== undefined) headers.range = range;
  const response = await getMedia(new Request(`http://localhost:3000/api/videos/${id}/media`, { headers }), {
    params: Promise.resolve({ id: String(id) }),
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("range header", () => {
  it("reads one byte range and clamps it to the file", () => {
    expect(parseRangeHeader(null, 100)).toEqual({ kind: "all" });
    expect(parseRangeHeader("bytes=0-9", 100)).toEqual({ kind: "range", start: 0, end: 9 });
    expect(parseRangeHeader("bytes=90-", 100)).toEqual({ kind: "range", start: 90, end: 99 });
    expect(parseRangeHeader("bytes=90-5000", 100)).toEqual({ kind: "range", start: 90, end: 99 });
    expect(parseRangeHeader("bytes=-10", 100)).toEqual({ kind: "range", start: 90, end: 99 });
    expect(parseRangeHeader("bytes=-1000", 100)).toEqual({ kind: "range", start: 0, end: 99 });
    expect(parseRangeHeader("Bytes = 5 - 6", 100)).toEqual({ kind: "range", start: 5, end: 6 });
  });

  it("serves the whole file for several ranges or another unit, and refuses bad ranges", () => {
    expect(parseRangeHeader("bytes=0-1,5-6", 100)).toEqual({ kind: "all" });
    expect(parseRangeHeader("items=0-1", 100)).toEqual({ kind: "all" });
    for (const bad of ["bytes=100-", "bytes=5-2", "bytes=-0", "bytes=-", "bytes=abc", "bytes=1-2-3", "bytes=1.5-2"]) {
      expect(parseRangeHeader(bad, 100), bad).toEqual({ kind: "unsatisfiable" });
    }
    expect(parseRangeHeader("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
  });
});

describe.each(testDbKinds)("media route on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let storage: Storage;
  let storeDir: string;
  let audioDir: string;
  let audio: Buffer;
  let owner: Who, admin: Who, learner: Who;
  const ids = { published: 0, draft: 0, demo: 0, demoDraft: 0, strange: 0, youtube: 0, missing: 0 };
  const demoFile = path.join(process.cwd(), "db", "seed", "demo-media", "es-ordering-coffee.webm");

  beforeAll(async () => {
    storeDir = await fs.mkdtemp(path.join(os.tmpdir(), "lingoreel-media-"));
    audioDir = await makeAudioDir();
    storage = createLocalStorage(storeDir);
    installStorage(storage);
    audio = await fs.readFile(await makeAudio(audioDir, "tone.mp3", 3));
    await storage.put("audio/published.mp3", Readable.from([audio]), { contentType: "audio/mpeg" });
    await storage.put("audio/draft.mp3", Readable.from([audio]), { contentType: "audio/mpeg" });

    owner = await signedInUser(`media-owner-${kind}@example.com`);
    admin = await signedInUser(`media-admin-${kind}@example.com`);
    learner = await signedInUser(`media-learner-${kind}@example.com`);
    // First sight creates the app users (the first becomes owner).
    for (const who of [owner, admin, learner]) await call(listVideos, "/api/videos", { token: who.token });
    const db = t().db;
    await db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));

    const insert = async (values: Partial<typeof videos.$inferInsert>) => {
      const [row] = await db.insert(videos).values({ title: "Video", targetLanguage: "es", ...values }).returning();
      return row!.id;
    };
    ids.published = await insert({ title: "Uploaded", status: "active", mediaPath: "audio/published.mp3", mediaType: "audio/mpeg" });
    ids.draft = await insert({ title: "Uploaded draft", status: "unpublished", mediaPath: "audio/draft.mp3" });
    ids.demo = await insert({ title: "Demo", status: "active", mediaPath: "/demo/es-ordering-coffee.webm" });
    ids.demoDraft = await insert({ title: "Demo draft", status: "unpublished", mediaPath: "/demo/es-ordering-coffee.webm" });
    ids.strange = await insert({ title: "Strange path", status: "active", mediaPath: "/demo/../../package.json" });
    ids.youtube = await insert({ title: "YouTube", status: "active", youtubeId: "abcdefghijk" });
    ids.missing = await insert({ title: "Lost file", status: "active", mediaPath: "audio/gone.mp3" });
  });
  afterAll(async () => {
    installStorage(undefined);
    await fs.rm(storeDir, { recursive: true, force: true });
    await fs.rm(audioDir, { recursive: true, force: true });
  });

  it("answers 401 without a session", async () => {
    expect((await media(ids.published, undefined)).status).toBe(401);
  });

  it("streams the whole file to a learner, as audio that may be seeked in", async () => {
    const { status, headers, bytes } = await media(ids.published, learner.token);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("audio/mpeg");
    expect(headers.get("content-length")).toBe(String(audio.length));
    expect(headers.get("accept-ranges")).toBe("bytes");
    expect(headers.get("content-range")).toBeNull();
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("cache-control")).toBe("private, max-age=3600");
    expect(bytes.equals(audio)).toBe(true);
  });

  it("answers ranges with 206 and Content-Range", async () => {
    const size = audio.length;
    const first = await media(ids.published, learner.token, "bytes=0-99");
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-99/${size}`);
    expect(first.headers.get("content-length")).toBe("100");
    expect(first.bytes.equals(audio.subarray(0, 100))).toBe(true);

    const rest = await media(ids.published, learner.token, `bytes=${size - 10}-`);
    expect(rest.status).toBe(206);
    expect(rest.headers.get("content-range")).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(rest.bytes.equals(audio.subarray(size - 10))).toBe(true);

    const suffix = await media(ids.published, learner.token, "bytes=-25");
    expect(suffix.bytes.equals(audio.subarray(size - 25))).toBe(true);

    // What a browser asks first: everything, from the start, as a range.
    const open = await media(ids.published, learner.token, "bytes=0-");
    expect(open.status).toBe(206);
    expect(open.bytes.equals(audio)).toBe(true);
  });

  it("answers 416 for ranges it cannot serve, and the whole file for several ranges", async () => {
    for (const range of [`bytes=${audio.length}-`, "bytes=50-10", "bytes=oops"]) {
      const { status, headers, bytes } = await media(ids.published, learner.token, range);
      expect(status, range).toBe(416);
      expect(headers.get("content-range")).toBe(`bytes */${audio.length}`);
      expect(bytes).toHaveLength(0);
    }
    const several = await media(ids.published, learner.token, "bytes=0-1,10-11");
    expect(several.status).toBe(200);
    expect(several.bytes).toHaveLength(audio.length);
  });

  it("shows unpublished uploads to admins and owners only", async () => {
    const forLearner = await media(ids.draft, learner.token);
    expect(forLearner.status).toBe(404);
    expect(JSON.parse(forLearner.bytes.toString())).toMatchObject({ error: "not_found", message: "Video not found" });
    for (const who of [admin, owner]) expect((await media(ids.draft, who.token, "bytes=0-9")).status).toBe(206);
  });

  it("answers 404 for videos without an upload, unknown videos and lost files", async () => {
    for (const id of [ids.strange, ids.youtube]) {
      const { status, bytes } = await media(id, owner.token);
      expect(status).toBe(404);
      expect(JSON.parse(bytes.toString()).message).toBe("This video has no uploaded media");
    }
    expect((await media(999_999, owner.token)).status).toBe(404);
    const lost = await media(ids.missing, learner.token);
    expect([lost.status, JSON.parse(lost.bytes.toString()).message]).toEqual([404, "The media file is missing"]);
    const badId = await getMedia(new Request("http://localhost:3000/api/videos/abc/media", { headers: { authorization: `Bearer ${learner.token}` } }), {
      params: Promise.resolve({ id: "abc" }),
    });
    expect(badId.status).toBe(404);
  });

  it("serves a published demo video's bundled media to learners, seekable", async () => {
    const file = await fs.readFile(demoFile);
    const whole = await media(ids.demo, learner.token);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/webm");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.bytes.equals(file)).toBe(true);
    const part = await media(ids.demo, learner.token, "bytes=100-199");
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${file.length}`);
    expect(part.bytes.equals(file.subarray(100, 200))).toBe(true);
  });

  it("takes an unpublished demo video's media away from learners and anonymous visitors, not from staff", async () => {
    expect((await media(ids.demoDraft, undefined)).status).toBe(401);
    const forLearner = await media(ids.demoDraft, learner.token);
    expect(forLearner.status).toBe(404);
    expect(JSON.parse(forLearner.bytes.toString())).toMatchObject({ error: "not_found", message: "Video not found" });
    for (const who of [admin, owner]) {
      const { status, headers } = await media(ids.demoDraft, who.token, "bytes=0-9");
      expect(status).toBe(206);
      expect(headers.get("content-type")).toBe("video/webm");
    }
    // Nor is it a public file any more, which anyone could fetch whatever the video's status.
    expect(existsSync(path.join(process.cwd(), "public", "demo", "es-ordering-coffee.webm"))).toBe(false);
  });

  it("gives the player the media route for uploads and demo files", async () => {
    const uploaded = await call(getVideo, `/api/videos/${ids.published}`, { token: learner.token, params: { id: String(ids.published) } });
    expect(uploaded.body.mediaUrl).toBe(`/api/videos/${ids.published}/media`);
    const demo = await call(getVideo, `/api/videos/${ids.demo}`, { token: learner.token, params: { id: String(ids.demo) } });
    expect(demo.body.mediaUrl).toBe(`/api/videos/${ids.demo}/media`);
    const youtube = await call(getVideo, `/api/videos/${ids.youtube}`, { token: learner.token, params: { id: String(ids.youtube) } });
    expect(youtube.body.mediaUrl).toBeNull();
  });
});

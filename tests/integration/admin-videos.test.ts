/**
 * The admin's video and category API (SPEC §7 "Videos and categories"): admins and owners only,
 * validation with clear messages, and work handed to the worker's queues.
 */
import { readdir, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postCategory } from "@/app/api/categories/route";
import { GET as getVideoCategories, PUT as putVideoCategories } from "@/app/api/videos/[id]/categories/route";
import { POST as extractVocabulary } from "@/app/api/videos/[id]/extract-vocabulary/route";
import { GET as translationStatus, POST as generateTranslations } from "@/app/api/videos/[id]/generate-translations/route";
import { GET as quizStatus, POST as regenerateQuizzes } from "@/app/api/videos/[id]/regenerate-quizzes/route";
import { POST as retry } from "@/app/api/videos/[id]/retry/route";
import { DELETE as deleteVideo, GET as getVideo, PUT as putVideo } from "@/app/api/videos/[id]/route";
import { GET as listVideos, POST as postVideo } from "@/app/api/videos/route";
import { resultRows } from "@/db/client";
import { captions, categories, videos } from "@/db/schema";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { getBoss } from "@/lib/jobs/boss";
import { createLocalStorage, installStorage } from "@/lib/storage";
import { seedActors } from "../helpers/app";
import { makeAudio, makeAudioDir } from "../helpers/audio-files";
import { testDbKinds, useTestDb } from "../helpers/db";
import { setEnv } from "@/scripts/standins/env";
import { call } from "../helpers/learner-api";

type Who = { id: string; token: string };

/** The stored files under `dir` (not the storage's own bookkeeping in dot-folders). */
async function readdirDeep(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((name) => /^(audio|subtitles)\/.+\.\w+$/.test(name));
}

/** A local stand-in for YouTube's oEmbed endpoint: knows one video, fails for the rest. */
let oembed: Server;
let oembedCalls = 0;
beforeAll(async () => {
  oembed = createServer((req, res) => {
    oembedCalls++;
    const url = new URL(req.url ?? "/", "http://x").searchParams.get("url") ?? "";
    if (url.endsWith("v=Kn0wnVide0x")) {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ title: "  Learn Spanish at the Café  ", author_name: "x" }));
    } else res.writeHead(404).end("Not Found");
  });
  await new Promise<void>((resolve) => oembed.listen(0, "127.0.0.1", resolve));
  setEnv({ YOUTUBE_OEMBED_URL: `http://127.0.0.1:${(oembed.address() as AddressInfo).port}/oembed` });
});
afterAll(async () => {
  setEnv({ YOUTUBE_OEMBED_URL: undefined });
  await new Promise((resolve) => oembed.close(resolve));
});

describe.each(testDbKinds)("admin video API on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let owner: Who, admin: Who, learner: Who, other: Who;
  let drinks: number, travel: number, demoId: number;

  beforeAll(async () => {
    const db = t().db;
    await seedDemoContent(db);
    ({ owner, admin, learner, otherLearner: other } = await seedActors(db));
    const made = await db.insert(categories).values([{ name: "Drinks" }, { name: "Road trips" }]).returning();
    [drinks, travel] = [made[0]!.id, made[1]!.id];
    demoId = (await db.select({ id: videos.id }).from(videos).where(eq(videos.title, "Ordering Coffee in Madrid")))[0]!.id;
    await getBoss(t());
  });

  const jobs = async () =>
    resultRows<{ name: string; data: Record<string, unknown> }>(await t().db.execute(sql`select name, data from pgboss.job order by created_on`));
  const add = (who: Who | null, body: unknown) => call(postVideo, "/api/videos", { method: "POST", token: who?.token, body });
  const onVideo = (handler: Parameters<typeof call>[0], id: number | string, suffix: string, who: Who | null, init: { method?: string; body?: unknown } = {}) =>
    call(handler, `/api/videos/${id}${suffix}`, { method: init.method ?? "POST", token: who?.token, body: init.body, params: { id: String(id) } });

  it("adds a video by YouTube id: processing at 0 %, its categories, the processing job queued; learners cannot", async () => {
    expect((await add(null, { youtubeId: "Kn0wnVide0x" })).status).toBe(401);
    for (const who of [learner, other]) expect((await add(who, { youtubeId: "Kn0wnVide0x" })).status).toBe(403);
    expect(await jobs()).toEqual([]);

    const created = await add(admin, { youtubeId: "abcdefghijk", title: " Tapas night ", categoryId: drinks, categoryIds: [travel, drinks], targetLanguage: "es", description: "At the bar" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: "Tapas night",
      youtubeId: "abcdefghijk",
      status: "processing",
      processingProgress: 0,
      wordCount: 0,
      categoryId: drinks,
      targetLanguage: "es",
      thumbnail: "https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg",
    });
    expect([...created.body.categoryIds].sort()).toEqual([drinks, travel].sort());
    expect(await jobs()).toEqual([{ name: "video-process", data: { videoId: created.body.id, transcribeAudio: false } }]);
    // The owner adds too; the language defaults to English.
    const byOwner = await add(owner, { youtubeId: "zyxwvutsrqp", title: "Owner's pick" });
    expect(byOwner).toMatchObject({ status: 201, body: { targetLanguage: "en", categoryIds: [] } });
    // Staff see it in the list at once; learners do not (it is not published).
    expect((await call(listVideos, "/api/videos?search=Tapas", { token: admin.token })).body).toHaveLength(1);
    expect((await call(listVideos, "/api/videos?search=Tapas", { token: learner.token })).body).toHaveLength(0);
  });

  it("takes a blank title from YouTube's oEmbed answer, and never fails the add when it cannot", async () => {
    const before = oembedCalls;
    expect((await add(admin, { youtubeId: "Kn0wnVide0x", title: "  " })).body.title).toBe("Learn Spanish at the Café");
    expect((await add(admin, { youtubeId: "UnknownVid1" })).body).toMatchObject({ title: "YouTube video UnknownVid1", status: "processing" });
    expect(oembedCalls - before).toBe(2);
  });

  it("takes a YouTube link in youtubeId as the add form does, and keeps the video's id", async () => {
    for (const link of ["https://www.youtube.com/watch?v=L1nkV1deo01&t=42s", "youtu.be/L1nkV1deo02", " https://m.youtube.com/shorts/L1nkV1deo03?feature=share "]) {
      const added = await add(admin, { youtubeId: link, title: "From a link" });
      expect(added.status, link).toBe(201);
      expect(added.body.youtubeId).toBe(link.match(/L1nkV1deo0\d/)![0]);
    }
    // Multipart form data (with an audio file) takes a link too: see the upload test below.
  });

  it("refuses bad videos with 4xx and the reason, adding nothing", async () => {
    const count = async () => (await t().db.select({ id: videos.id }).from(videos)).length;
    const before = await count();
    for (const [body, status, message] of [
      [{}, 400, "youtubeId: Invalid YouTube URL"],
      [{ youtubeId: "https://youtube.com.evil.example/watch?v=abcdefghijk" }, 400, "youtubeId: Invalid YouTube URL"],
      [{ youtubeId: "javascript:alert(1)//youtu.be/abcdefghijk" }, 400, "youtubeId: Invalid YouTube URL"],
      [{ youtubeId: `https://youtu.be/abcdefghijk?t=${"1".repeat(3000)}` }, 400, "youtubeId: Invalid YouTube URL"],
      [{ youtubeId: "abcdefghijk\u0000" }, 400, undefined],
      [{ youtubeId: "short" }, 400, "youtubeId: Invalid YouTube URL"],
      [{ youtubeId: 12345678901 }, 400, "youtubeId: Invalid YouTube URL"],
      [{ youtubeId: "abcdefghijk", categoryId: "one" }, 400, "categoryId: categoryId must be a number"],
      [{ youtubeId: "abcdefghijk", categoryId: 999999 }, 400, "Category 999999 does not exist"],
      [{ youtubeId: "abcdefghijk", categoryIds: [drinks, 999998] }, 400, "Category 999998 does not exist"],
      [{ youtubeId: "abcdefghijk", categoryIds: "1,2" }, 400, "categoryIds: categoryIds must be a list of numbers"],
      [{ youtubeId: "abcdefghijk", targetLanguage: "xx" }, 400, "targetLanguage: targetLanguage must be one of en, es, fr, de, it, pt, sv, ja, zh"],
      [{ youtubeId: "abcdefghijk", title: "x".repeat(201) }, 400, "title: title must be at most 200 characters"],
      [{ youtubeId: "abcdefghijk", thumbnail: "javascript:alert(1)" }, 400, "thumbnail: thumbnail must be an http(s) address"],
      [{ youtubeId: "abcdefghijk", status: "active" }, 400, undefined],
    ] as const) {
      const result = await add(admin, body);
      expect(result.status, JSON.stringify(body)).toBe(status);
      if (message) expect(result.body.message).toBe(message);
    }
    const nul = await call(postVideo, "/api/videos", { method: "POST", token: admin.token, rawBody: '{"youtubeId":"abcdefghijk","title":"a\\u0000b"}' });
    expect(nul.status).toBe(400);
    const huge = await call(postVideo, "/api/videos", { method: "POST", token: admin.token, rawBody: JSON.stringify({ youtubeId: "abcdefghijk", description: "x".repeat(100_000) }) });
    expect(huge.status).toBe(413);
    expect(await count()).toBe(before);
  });

  it("takes the admin's ask to transcribe the audio instead of using YouTube's captions: on the video and in its job; staff only; true or false only", async () => {
    const asked = { youtubeId: "Transcr1be1", title: "Whisper it", transcribeAudio: true };
    expect((await add(null, asked)).status).toBe(401);
    for (const who of [learner, other]) expect((await add(who, asked)).status).toBe(403);
    const stored = async (id: number) => (await t().db.select({ transcribeAudio: videos.transcribeAudio }).from(videos).where(eq(videos.id, id)))[0]!.transcribeAudio;
    const jobOf = async (id: number) => (await jobs()).filter((job) => job.data.videoId === id).map((job) => job.data);

    const byAdmin = await add(admin, asked);
    expect(byAdmin.status).toBe(201);
    // The directory's card says so (its retry offers the other way).
    expect(byAdmin.body.transcribeAudio).toBe(true);
    expect(await stored(byAdmin.body.id)).toBe(true);
    expect(await jobOf(byAdmin.body.id)).toEqual([{ videoId: byAdmin.body.id, transcribeAudio: true }]);
    const byOwner = await add(owner, { ...asked, youtubeId: "Transcr1be2" });
    expect(await jobOf(byOwner.body.id)).toEqual([{ videoId: byOwner.body.id, transcribeAudio: true }]);
    // Without it, YouTube's captions come first (as before).
    const plain = await add(owner, { youtubeId: "Transcr1be3" });
    expect(plain.body.transcribeAudio).toBe(false);
    expect(await stored(plain.body.id)).toBe(false);
    expect(await jobOf(plain.body.id)).toEqual([{ videoId: plain.body.id, transcribeAudio: false }]);

    const before = (await jobs()).length;
    for (const value of ["true", 1, null, [true], { on: true }]) {
      const refused = await add(admin, { ...asked, transcribeAudio: value });
      expect(refused.status, JSON.stringify(value)).toBe(400);
      expect(refused.body.message).toBe("transcribeAudio: transcribeAudio must be true or false");
    }
    expect((await jobs()).length).toBe(before);
  });

  it("takes the ask to transcribe as multipart form data too (\"true\" or \"false\"), refusing anything else", async () => {
    const dir = await makeAudioDir();
    const storage = createLocalStorage(path.join(dir, "uploads"));
    installStorage(storage);
    try {
      const form = (value: string) => {
        const body = new FormData();
        body.set("youtubeId", "https://youtu.be/Transcr1be4");
        body.set("transcribeAudio", value);
        body.set("subtitleFile", new File(["1\n00:00:00,000 --> 00:00:01,000\nBonjour !\n"], "lesson.srt"));
        return body;
      };
      const send = (who: Who | null, body: FormData) =>
        postVideo(new Request("http://localhost:3000/api/videos", { method: "POST", headers: who ? { authorization: `Bearer ${who.token}` } : {}, body }), { params: Promise.resolve({}) });
      expect((await send(null, form("true"))).status).toBe(401);
      expect((await send(learner, form("true"))).status).toBe(403);
      for (const [who, value, expected] of [[admin, "true", true], [owner, "false", false]] as const) {
        const response = await send(who, form(value));
        expect(response.status).toBe(201);
        const { id } = await response.json();
        expect((await t().db.select({ transcribeAudio: videos.transcribeAudio }).from(videos).where(eq(videos.id, id)))[0]!.transcribeAudio).toBe(expected);
        expect((await jobs()).find((job) => job.data.videoId === id)?.data).toEqual({ videoId: id, transcribeAudio: expected });
      }
      const stored = (await readdirDeep(path.join(dir, "uploads"))).length;
      const refused = await send(admin, form("yes"));
      expect(refused.status).toBe(400);
      expect((await refused.json()).message).toBe("transcribeAudio: transcribeAudio must be true or false");
      // The subtitle file sent with it is not kept.
      expect(await readdirDeep(path.join(dir, "uploads"))).toHaveLength(stored);
    } finally {
      installStorage(undefined);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("a retry remembers the ask to transcribe, and may change it; staff only; true or false only", async () => {
    const [video] = await t()
      .db.insert(videos)
      .values({ youtubeId: "Transcr1be5", title: "Failed once", status: "failed", errorReason: "Transcription failed: 502", transcribeAudio: true })
      .returning();
    const id = video!.id;
    const retryJobs = async () => (await jobs()).filter((job) => job.data.videoId === id).map((job) => job.data);
    const dropJobs = () => t().db.execute(sql`delete from pgboss.job where singleton_key = ${`video:${id}`}`);
    const fail = () => t().db.update(videos).set({ status: "failed" }).where(eq(videos.id, id));

    expect((await onVideo(retry, id, "/retry", null, { body: { transcribeAudio: false } })).status).toBe(401);
    for (const who of [learner, other]) expect((await onVideo(retry, id, "/retry", who, { body: { transcribeAudio: false } })).status).toBe(403);
    expect((await onVideo(retry, id, "/retry", admin, { body: { transcribeAudio: "no" } })).body.message).toBe(
      "transcribeAudio: transcribeAudio must be true or false",
    );
    expect(await retryJobs()).toEqual([]);

    // Without a body: as the video was added.
    expect((await onVideo(retry, id, "/retry", admin)).status).toBe(200);
    expect(await retryJobs()).toEqual([{ videoId: id, transcribeAudio: true }]);
    // The owner changes it: kept on the video for later retries too.
    await dropJobs();
    await fail();
    expect((await onVideo(retry, id, "/retry", owner, { body: { transcribeAudio: false } })).status).toBe(200);
    expect(await retryJobs()).toEqual([{ videoId: id, transcribeAudio: false }]);
    await dropJobs();
    await fail();
    await onVideo(retry, id, "/retry", admin, { body: {} });
    expect(await retryJobs()).toEqual([{ videoId: id, transcribeAudio: false }]);
    await dropJobs();
  });

  it("edits and publishes a video; learners then see it; refuses other statuses and strangers", async () => {
    const { body: video } = await add(admin, { youtubeId: "EditMe12345", title: "Draft" });
    const edit = (who: Who | null, body: unknown, id: number = video.id) => onVideo(putVideo, id, "", who, { method: "PUT", body });
    expect((await edit(null, { title: "x" })).status).toBe(401);
    expect((await edit(learner, { status: "active" })).status).toBe(403);
    const saved = await edit(admin, { title: "Final cut", description: "Now with subtitles", categoryId: travel, targetLanguage: "fr", status: "active" });
    expect(saved).toMatchObject({ status: 200, body: { title: "Final cut", description: "Now with subtitles", categoryId: travel, targetLanguage: "fr", status: "active" } });
    expect(saved.body.categoryIds).toContain(travel);
    expect((await onVideo(getVideo, video.id, "", learner, { method: "GET" })).status).toBe(200);
    expect((await edit(owner, { status: "unpublished" })).body.status).toBe("unpublished");
    expect((await onVideo(getVideo, video.id, "", learner, { method: "GET" })).status).toBe(404);

    expect((await edit(admin, { status: "processing" })).body.message).toBe('status: status must be "active" or "unpublished"');
    expect((await edit(admin, { title: "" })).body.message).toBe("title: title must not be empty");
    expect((await edit(admin, { categoryId: 999999 })).status).toBe(400);
    expect((await edit(admin, { youtubeId: "zzzzzzzzzzz" })).status).toBe(400);
    expect((await edit(admin, { title: "x" }, 999999)).status).toBe(404);
    expect((await onVideo(putVideo, "abc", "", admin, { method: "PUT", body: { title: "x" } })).status).toBe(404);
  });

  it("reads and replaces a video's categories", async () => {
    const { body: video } = await add(admin, { youtubeId: "Categories1", categoryId: drinks });
    expect((await onVideo(getVideoCategories, video.id, "/categories", learner, { method: "GET" })).status).toBe(403);
    const put = await onVideo(putVideoCategories, video.id, "/categories", owner, { method: "PUT", body: { categoryIds: [travel] } });
    expect(put).toMatchObject({ status: 200, body: [{ videoId: video.id, categoryId: travel, name: "Road trips" }] });
    // The primary category follows: Drinks is gone, so Road trips leads.
    expect((await onVideo(getVideo, video.id, "", admin, { method: "GET" })).body).toMatchObject({ categoryId: travel, categoryName: "Road trips" });
    expect((await onVideo(putVideoCategories, video.id, "/categories", admin, { method: "PUT", body: { categoryIds: [999999] } })).status).toBe(400);
    expect((await onVideo(putVideoCategories, video.id, "/categories", admin, { method: "PUT", body: { categoryIds: "x" } })).status).toBe(400);
    expect((await onVideo(getVideoCategories, 999999, "/categories", admin, { method: "GET" })).status).toBe(404);
  });

  it("creates categories: trimmed, unique in any case, staff only", async () => {
    const create = (who: Who | null, body: unknown) => call(postCategory, "/api/categories", { method: "POST", token: who?.token, body });
    expect((await create(null, { name: "Food" })).status).toBe(401);
    expect((await create(learner, { name: "Food" })).status).toBe(403);
    const food = await create(admin, { name: "  Food  " });
    expect(food).toMatchObject({ status: 201, body: { name: "Food" } });
    expect(typeof food.body.id).toBe("number");
    expect(await create(owner, { name: "FOOD" })).toMatchObject({ status: 409, body: { message: 'A category named "FOOD" already exists' } });
    expect(await create(admin, { name: "   " })).toMatchObject({ status: 400, body: { message: "name: Category name is required" } });
    expect((await create(admin, { name: 3 })).status).toBe(400);
  });

  it("retries only failed videos: back to processing at 0 % with the job queued", async () => {
    const { body: video } = await add(admin, { youtubeId: "RetryMe1234" });
    expect(await onVideo(retry, video.id, "/retry", admin)).toMatchObject({ status: 409, body: { message: "Only a video whose processing failed can be retried" } });
    await t().db.update(videos).set({ status: "failed", processingProgress: 40, errorReason: "Transcription failed: 502" }).where(eq(videos.id, video.id));
    expect((await onVideo(getVideo, video.id, "", admin, { method: "GET" })).body).toMatchObject({ status: "failed", errorReason: "Transcription failed: 502" });
    expect((await onVideo(retry, video.id, "/retry", learner)).status).toBe(403);
    const before = (await jobs()).length;
    // The processing job from the add is still waiting: retrying does not queue a second one.
    expect(await onVideo(retry, video.id, "/retry", owner)).toMatchObject({ status: 200, body: { status: "processing", processingProgress: 0, errorReason: null } });
    expect((await jobs()).length).toBe(before);
    expect((await onVideo(retry, 999999, "/retry", owner)).status).toBe(404);
  });

  it("queues vocabulary, translation and quiz work; translations ask first when some exist", async () => {
    for (const [handler, suffix] of [[extractVocabulary, "/extract-vocabulary"], [generateTranslations, "/generate-translations"], [regenerateQuizzes, "/regenerate-quizzes"]] as const) {
      expect((await onVideo(handler, demoId, suffix, null)).status).toBe(401);
      expect((await onVideo(handler, demoId, suffix, learner)).status).toBe(403);
      expect((await onVideo(handler, 999999, suffix, admin)).status).toBe(404);
    }
    // A new video gets its vocabulary from its processing run: nothing more is queued.
    const { body: fresh } = await add(admin, { youtubeId: "NoCaptions1" });
    expect(await onVideo(extractVocabulary, fresh.id, "/extract-vocabulary", admin)).toMatchObject({ status: 200, body: [] });
    expect((await jobs()).filter((j) => j.data.videoId === fresh.id).map((j) => j.name)).toEqual(["video-process"]);

    const words = await onVideo(extractVocabulary, demoId, "/extract-vocabulary", admin);
    expect(words.status).toBe(200);
    expect(words.body.map((w: { word: string }) => w.word)).toContain("café");

    const ask = await onVideo(generateTranslations, demoId, "/generate-translations", admin);
    const segments = (await t().db.select({ id: captions.id }).from(captions).where(eq(captions.videoId, demoId))).length;
    expect(ask.body).toMatchObject({ requiresConfirmation: true, videoId: demoId, existingData: { totalSegments: segments } });
    expect(ask.body.existingData.segmentTranslations).toBeGreaterThan(0);
    expect(ask.body.existingData.wordTranslations).toBeGreaterThan(0);
    expect((await onVideo(generateTranslations, demoId, "/generate-translations", admin, { body: { action: "everything" } })).status).toBe(400);
    expect((await onVideo(generateTranslations, demoId, "/generate-translations", owner, { body: { action: "regenerate" } })).body).toMatchObject({ queued: true, action: "regenerate" });
    expect((await onVideo(regenerateQuizzes, demoId, "/regenerate-quizzes", owner)).body).toMatchObject({ queued: true, wordCount: 4 });
    expect((await onVideo(regenerateQuizzes, demoId, "/regenerate-quizzes", owner, { body: { extra: 1 } })).status).toBe(400);

    const queued = (await jobs()).filter((j) => j.data.videoId === demoId).map((j) => [j.name, j.data.action ?? null]);
    expect(queued).toEqual([
      ["video-extract-vocabulary", null],
      ["video-generate-translations", "regenerate"],
      ["video-regenerate-quizzes", null],
    ]);
  });

  it("says how the latest translation or quiz job stands (GET on its route): queued, running, then what it made or why it failed", async () => {
    const { body: video } = await add(admin, { youtubeId: "StatusVid01" });
    const status = (handler: Parameters<typeof call>[0], suffix: string, who: Who | null = admin, id: number | string = video.id) => onVideo(handler, id, suffix, who, { method: "GET" });
    const boss = await getBoss(t());
    /** As a worker takes the video's queued job of `queue` (others' jobs stay queued). */
    const take = async (queue: string) =>
      resultRows<{ id: string }>(
        await t().db.execute(sql`update pgboss.job set state = 'active', started_on = now() where name = ${queue} and singleton_key = ${`video:${video.id}`} and state = 'created' returning id`),
      )[0]!;
    for (const [handler, suffix, queue] of [
      [translationStatus, "/generate-translations", "video-generate-translations"],
      [quizStatus, "/regenerate-quizzes", "video-regenerate-quizzes"],
    ] as const) {
      // Admins and owners only; no video has an unknown or malformed id.
      expect((await status(handler, suffix, null)).status).toBe(401);
      for (const who of [learner, other]) expect((await status(handler, suffix, who)).status).toBe(403);
      expect(await status(handler, suffix, owner)).toMatchObject({ status: 200, body: { videoId: video.id, state: "none", requestedAt: null, result: null, error: null } });
      for (const bad of [999999, "abc", "-1", "1.5", "9".repeat(40), "1%00"]) expect((await status(handler, suffix, admin, bad)).status, String(bad)).toBe(404);

      // Queued: the POST's answer says where to follow it.
      const queued = await onVideo(suffix === "/regenerate-quizzes" ? regenerateQuizzes : generateTranslations, video.id, suffix, admin, { body: suffix === "/regenerate-quizzes" ? {} : { action: "fill_missing" } });
      expect(queued.body).toMatchObject({ queued: true, statusUrl: `/api/videos/${video.id}${suffix}` });
      const waiting = (await status(handler, suffix)).body;
      expect(waiting).toMatchObject({ state: "queued", finishedAt: null, result: null });
      expect(Date.parse(waiting.requestedAt)).not.toBeNaN();

      // A worker takes it, and finishes it: the answer is what the worker's job returned.
      const job = await take(queue);
      expect((await status(handler, suffix)).body).toMatchObject({ state: "running", result: null });
      const made = suffix === "/regenerate-quizzes" ? { totalQuizzesGenerated: 14, wordCount: 7, languages: ["en", "fr"] } : { segmentTranslationCount: 3, totalTranslationsGenerated: 9, languages: ["en"] };
      await boss.complete(queue, job!.id, made);
      const done = (await status(handler, suffix, owner)).body;
      expect(done).toMatchObject({ state: "completed", requestedAt: waiting.requestedAt, result: made, error: null });
      expect(Date.parse(done.finishedAt)).toBeGreaterThanOrEqual(Date.parse(done.requestedAt));

      // Still answered once pg-boss has moved the finished job to its archive.
      await t().db.execute(sql`insert into pgboss.archive select *, now() from pgboss.job where id = ${job!.id}::uuid`);
      await t().db.execute(sql`delete from pgboss.job where id = ${job!.id}::uuid`);
      expect((await status(handler, suffix)).body).toMatchObject({ state: "completed", result: made });

      // A job the worker gave up on: failed, with its reason.
      await onVideo(suffix === "/regenerate-quizzes" ? regenerateQuizzes : generateTranslations, video.id, suffix, admin, { body: suffix === "/regenerate-quizzes" ? {} : { action: "regenerate" } });
      const next = await take(queue);
      await boss.complete(queue, next!.id, { error: "The video has no captions yet: process it first" });
      expect((await status(handler, suffix)).body).toMatchObject({ state: "failed", result: null, error: "The video has no captions yet: process it first" });
    }
  });

  it("asks the queue once per translation request whether translations are already queued or running", async () => {
    const { body: video } = await add(admin, { youtubeId: "OneCheck001" });
    const queueDb = (await getBoss(t())).getDb();
    const pendingChecks = vi.spyOn(queueDb, "executeSql");
    const checks = () => pendingChecks.mock.calls.filter(([text]) => String(text).includes("singleton_key = $2 AND state <")).length;
    try {
      expect((await onVideo(generateTranslations, video.id, "/generate-translations", admin, { body: { action: "fill_missing" } })).body).toMatchObject({ queued: true });
      expect(checks()).toBe(1);
      // The repeat: 409 at once, from the same single check.
      expect((await onVideo(generateTranslations, video.id, "/generate-translations", admin, { body: { action: "fill_missing" } })).status).toBe(409);
      expect(checks()).toBe(2);
    } finally {
      pendingChecks.mockRestore();
    }
  });

  it("adds a video with an audio file and subtitles as multipart form data; both are stored, and removed with the video", async () => {
    const dir = await makeAudioDir();
    const storage = createLocalStorage(path.join(dir, "uploads"));
    installStorage(storage);
    try {
      const audio = await readFile(await makeAudio(dir, "tone.mp3"));
      const form = new FormData();
      // A link, as the form's field holds it.
      form.set("youtubeId", "https://www.youtube.com/watch?v=Upl0adedVid");
      form.set("title", "Recorded at home");
      form.set("categoryId", String(drinks));
      form.set("categoryIds", JSON.stringify([drinks, travel]));
      form.set("targetLanguage", "fr");
      form.set("audioFile", new File([audio], "lesson.mp3", { type: "audio/mpeg" }));
      form.set("subtitleFile", new File(["1\n00:00:00,000 --> 00:00:01,000\nBonjour !\n"], "lesson.srt"));
      const send = (who: Who | null, body: FormData) =>
        postVideo(new Request("http://localhost:3000/api/videos", { method: "POST", headers: who ? { authorization: `Bearer ${who.token}` } : {}, body }), { params: Promise.resolve({}) });
      expect((await send(learner, form)).status).toBe(403);
      const response = await send(admin, form);
      const video = await response.json();
      expect(response.status).toBe(201);
      expect(video).toMatchObject({ title: "Recorded at home", youtubeId: "Upl0adedVid", targetLanguage: "fr", status: "processing", mediaUrl: `/api/videos/${video.id}/media` });
      const [row] = await t().db.select().from(videos).where(eq(videos.id, video.id));
      expect(await storage.stat(row!.mediaPath!)).toMatchObject({ size: audio.length, contentType: "audio/mpeg" });
      expect(await storage.stat(row!.subtitlePath!)).not.toBeNull();

      // A text file named like audio is refused and nothing is kept.
      const fake = new FormData();
      fake.set("youtubeId", "Upl0adedVi2");
      fake.set("audioFile", new File(["just some text, not sound"], "song.mp3", { type: "audio/mpeg" }));
      const refused = await send(admin, fake);
      expect(refused.status).toBe(400);
      expect((await refused.json()).message).toMatch(/not a supported audio file/);
      // A bad field after a good file: the file is removed again.
      const bad = new FormData();
      bad.set("audioFile", new File([audio], "lesson.mp3", { type: "audio/mpeg" }));
      bad.set("youtubeId", "nope");
      expect((await send(admin, bad)).status).toBe(400);
      expect(await readdirDeep(path.join(dir, "uploads"))).toHaveLength(2);

      await onVideo(deleteVideo, video.id, "", admin, { method: "DELETE" });
      expect(await storage.stat(row!.mediaPath!)).toBeNull();
      expect(await storage.stat(row!.subtitlePath!)).toBeNull();
    } finally {
      installStorage(undefined);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("deletes a video and everything made from it; learners cannot", async () => {
    const { body: video } = await add(admin, { youtubeId: "DeleteMe123", categoryId: drinks });
    expect((await onVideo(deleteVideo, video.id, "", null, { method: "DELETE" })).status).toBe(401);
    expect((await onVideo(deleteVideo, video.id, "", learner, { method: "DELETE" })).status).toBe(403);
    expect(await onVideo(deleteVideo, video.id, "", owner, { method: "DELETE" })).toMatchObject({ status: 200, body: { id: video.id, deleted: true } });
    expect((await onVideo(getVideo, video.id, "", admin, { method: "GET" })).status).toBe(404);
    expect((await onVideo(deleteVideo, video.id, "", admin, { method: "DELETE" })).status).toBe(404);
    // The category stays.
    expect((await t().db.select().from(categories).where(eq(categories.id, drinks))).length).toBe(1);
  });
});

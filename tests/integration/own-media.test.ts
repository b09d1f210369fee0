/**
 * The app's own videos through the API: a video file (MP4 made here from ffmpeg's test picture and
 * espeak-ng speech, or WebM) added with no YouTube link, its thumbnail cut and served to those who
 * may see the video, its processing (audio taken from the video for the stand-in recogniser; or,
 * with a subtitle file and no AI provider, captions with estimated word times), and hostile files
 * refused with a clear 4xx and nothing left in storage.
 */
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getCaptions } from "@/app/api/videos/[id]/captions/route";
import { GET as getMedia } from "@/app/api/videos/[id]/media/route";
import { GET as getThumbnail } from "@/app/api/videos/[id]/thumbnail/route";
import { GET as getWordTimings } from "@/app/api/videos/[id]/word-timings/route";
import { GET as getWords } from "@/app/api/videos/[id]/words/route";
import { DELETE as deleteVideo, PUT as putVideo } from "@/app/api/videos/[id]/route";
import { POST as postVideo } from "@/app/api/videos/route";
import { quizzes, videos } from "@/db/schema";
import { defaultAudioSource } from "@/lib/pipeline/audio-source";
import { processVideo } from "@/lib/pipeline/process-video";
import { createLocalStorage, installStorage } from "@/lib/storage";
import { NOT_VIDEO_MESSAGE } from "@/lib/uploads";
import { INCOMPLETE_VIDEO_MESSAGE } from "@/lib/uploads/receive-video";
import { NO_SOURCE_MESSAGE } from "@/lib/uploads/video-submission";
import { answerChat, transcriptOf } from "@/scripts/standins/standin-answers";
import { setAiServer } from "@/scripts/standins/env";
import { startFakeOpenAi, type FakeOpenAi } from "@/scripts/standins/fake-openai";
import { seedActors, type Actor } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";
import { makeVideo, makeVideoDir, truncatedCopy } from "../helpers/video-files";

const LINES = ["Hello and welcome to the lesson.", "Today we learn new words."];
const SRT = "1\n00:00:00,500 --> 00:00:02,000\nHello and <b>welcome</b> <script>alert(1)</script>\n\n2\n00:00:02,200 --> 00:00:03,800\nToday we learn new words.\n";

let dir: string;
let mp4: Buffer;
let webm: Buffer;
let ai: FakeOpenAi;
beforeAll(async () => {
  dir = await makeVideoDir();
  [mp4, webm] = await Promise.all([
    makeVideo(dir, "lesson.mp4", { format: "mp4", words: LINES.join(" ") }).then((file) => readFile(file)),
    makeVideo(dir, "lesson.webm", { format: "webm" }).then((file) => readFile(file)),
  ]);
  ai = await startFakeOpenAi({ transcribe: async () => transcriptOf(LINES, { every: 2, spoken: 1.5, duration: 4 }), chat: async (request) => answerChat(request) });
});
afterAll(async () => {
  setAiServer(undefined);
  await ai.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each(testDbKinds)("own videos on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let admin: Actor, learner: Actor;
  let uploads: string;

  beforeAll(async () => {
    ({ admin, learner } = await seedActors(t().db));
    uploads = path.join(dir, `uploads-${kind}`);
    installStorage(createLocalStorage(uploads));
  });
  afterAll(() => installStorage(undefined));

  const stored = async () => (await readdir(uploads, { recursive: true }).catch(() => [] as string[])).filter((name) => /^(audio|video|subtitles)\/.+\.\w+$/.test(name));
  const send = (who: Actor, fill: (form: FormData) => void) => {
    const form = new FormData();
    form.set("targetLanguage", "en");
    fill(form);
    return postVideo(new Request("http://localhost:3000/api/videos", { method: "POST", headers: { authorization: `Bearer ${who.token}` }, body: form }), { params: Promise.resolve({}) });
  };
  const onVideo = (handler: Parameters<typeof call>[0], id: number, suffix: string, who: Actor, init: { method?: string; body?: unknown } = {}) =>
    call(handler, `/api/videos/${id}${suffix}`, { method: init.method ?? "GET", token: who.token, body: init.body, params: { id: String(id) } });
  const raw = (handler: typeof getMedia, id: number, suffix: string, who: Actor, headers: Record<string, string> = {}) =>
    handler(new Request(`http://localhost:3000/api/videos/${id}${suffix}`, { headers: { authorization: `Bearer ${who.token}`, ...headers } }), { params: Promise.resolve({ id: String(id) }) });

  it("adds an MP4 with no YouTube link: its length from ffprobe, a JPEG thumbnail beside it, both served only to those who may see it", async () => {
    const response = await send(admin, (f) => f.set("videoFile", new File([new Uint8Array(mp4)], "Lesson 1.mp4", { type: "application/octet-stream" })));
    expect(response.status).toBe(201);
    const card = await response.json();
    expect(card).toMatchObject({ title: "Lesson 1", youtubeId: null, duration: 4, mediaUrl: `/api/videos/${card.id}/media`, thumbnail: `/api/videos/${card.id}/thumbnail` });
    const [row] = await t().db.select().from(videos).where(eq(videos.id, card.id));
    expect(row).toMatchObject({ mediaType: "video/mp4", durationMs: 4000 });
    // Side by side: the same name, the picture's extension.
    expect(row!.thumbnailPath).toBe(row!.mediaPath!.replace(/\.mp4$/, ".jpg"));

    const thumbnail = await raw(getThumbnail, card.id, "/thumbnail", admin);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await thumbnail.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const range = await raw(getMedia, card.id, "/media", admin, { range: "bytes=0-99" });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-type")).toBe("video/mp4");
    expect(range.headers.get("content-range")).toBe(`bytes 0-99/${mp4.length}`);
    // Not published yet: a learner gets neither.
    expect((await raw(getThumbnail, card.id, "/thumbnail", learner)).status).toBe(404);
    expect((await raw(getMedia, card.id, "/media", learner, { range: "bytes=0-99" })).status).toBe(404);

    // Processing takes the sound out of the video for the recogniser.
    setAiServer(ai.url);
    const heard = ai.transcriptions.length;
    expect(await processVideo(t().db, card.id, { audio: defaultAudioSource })).toBe("processed");
    expect(ai.transcriptions.length).toBe(heard + 1);
    const [done] = await t().db.select().from(videos).where(eq(videos.id, card.id));
    expect(done).toMatchObject({ captionsSource: "whisper", durationMs: 4000 });
    expect((await onVideo(getCaptions, card.id, "/captions", admin)).body.map((c: { text: string }) => c.text)).toEqual(LINES);
    const words = (await onVideo(getWords, card.id, "/words", admin)).body;
    expect(words.length).toBeGreaterThan(0);
    expect((await t().db.select().from(quizzes).where(eq(quizzes.wordId, words[0].id))).length).toBeGreaterThan(0);

    expect((await onVideo(putVideo, card.id, "", admin, { method: "PUT", body: { status: "active" } })).status).toBe(200);
    expect((await raw(getThumbnail, card.id, "/thumbnail", learner)).status).toBe(200);
    expect((await raw(getMedia, card.id, "/media", learner, { range: "bytes=0-99" })).status).toBe(206);

    // Deleting the video removes the file and its thumbnail.
    expect((await onVideo(deleteVideo, card.id, "", admin, { method: "DELETE" })).status).toBe(200);
    expect(await stored()).toEqual([]);
  });

  it("makes a WebM with an SRT watchable without an AI provider: the file's captions, words timed by estimate, markup kept as text", async () => {
    setAiServer(undefined);
    const response = await send(admin, (f) => {
      f.set("title", "Own lesson");
      f.set("videoFile", new File([new Uint8Array(webm)], "lesson.webm"));
      f.set("subtitleFile", new File([SRT], "lesson.srt"));
    });
    expect(response.status).toBe(201);
    const card = await response.json();
    expect(await processVideo(t().db, card.id, { audio: defaultAudioSource })).toBe("processed");
    const [row] = await t().db.select().from(videos).where(eq(videos.id, card.id));
    expect(row).toMatchObject({ status: "processed", captionsSource: "subtitle-file", errorReason: null });
    const lines = (await onVideo(getCaptions, card.id, "/captions", admin)).body as { text: string }[];
    expect(lines).toHaveLength(2);
    expect(lines[0]!.text).not.toMatch(/<b>|<\/b>/);
    const timings = (await onVideo(getWordTimings, card.id, "/word-timings", admin)).body as { word: string; start: number }[];
    expect(timings.map((w) => w.word)).toContain("Today");
    expect(timings.every((w, i) => i === 0 || w.start >= timings[i - 1]!.start)).toBe(true);
    // Vocabulary, translations and quizzes wait for an AI provider.
    expect((await onVideo(getWords, card.id, "/words", admin)).body).toEqual([]);
    expect((await onVideo(deleteVideo, card.id, "", admin, { method: "DELETE" })).status).toBe(200);
  });

  it("refuses hostile files with a clear 4xx and stores nothing", async () => {
    const cases: [string, (f: FormData) => void | Promise<void>, number, string | RegExp][] = [
      ["text renamed .mp4", (f) => f.set("videoFile", new File(["just some text, not a film\n".repeat(40)], "film.mp4", { type: "video/mp4" })), 400, NOT_VIDEO_MESSAGE],
      ["truncated MP4", async (f) => f.set("videoFile", new File([new Uint8Array(await readFile(await truncatedCopy(path.join(dir, "lesson.mp4"), 0.5)))], "cut.mp4")), 400, INCOMPLETE_VIDEO_MESSAGE],
      [
        "an MP4 whose box claims more bytes than it has",
        (f) => {
          const lying = Buffer.from(mp4);
          // The first box (ftyp) is followed by others; make the last one announce a megabyte more.
          let at = 0;
          let last = 0;
          while (at < lying.length) [last, at] = [at, at + lying.readUInt32BE(at)];
          lying.writeUInt32BE(lying.readUInt32BE(last) + 1024 * 1024, last);
          f.set("videoFile", new File([new Uint8Array(lying)], "lying.mp4"));
        },
        400,
        INCOMPLETE_VIDEO_MESSAGE,
      ],
      ["an audio file sent as the video", (f) => f.set("videoFile", new File([Buffer.from("ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000")], "song.mp4")), 400, NOT_VIDEO_MESSAGE],
      ["a video and an audio file", (f) => {
        f.set("videoFile", new File([new Uint8Array(mp4)], "a.mp4"));
        f.set("audioFile", new File([new Uint8Array(mp4)], "a.m4a"));
      }, 400, /not both/],
      ["no file and no link", () => {}, 400, NO_SOURCE_MESSAGE],
      ["a file and a bad link", (f) => {
        f.set("youtubeId", "not a link");
        f.set("videoFile", new File([new Uint8Array(mp4)], "a.mp4"));
      }, 400, /Invalid YouTube URL/],
      ["a subtitle file that is not one", (f) => {
        f.set("videoFile", new File([new Uint8Array(mp4)], "a.mp4"));
        f.set("subtitleFile", new File(["<html><body>hello</body></html>"], "a.srt"));
      }, 400, /subtitle file cannot be used/],
    ];
    for (const [name, fill, status, message] of cases) {
      // Some fills are async: the form is built first, then sent.
      const form = new FormData();
      await fill(form);
      const answer = await send(admin, (f) => form.forEach((v, k) => f.set(k, v)));
      const body = await answer.json();
      expect({ name, status: answer.status }).toEqual({ name, status });
      expect(body.message).toMatch(message);
      expect(await stored()).toEqual([]);
    }
  });

  it("takes a declared Content-Length that lies short or long as a broken form, with nothing stored", async () => {
    const form = new FormData();
    form.set("videoFile", new File([new Uint8Array(mp4)], "a.mp4"));
    const request = new Request("http://localhost/", { method: "POST", body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const cut = body.subarray(0, Math.floor(body.length / 2));
    const response = await postVideo(
      new Request("http://localhost:3000/api/videos", {
        method: "POST",
        headers: { authorization: `Bearer ${admin.token}`, "content-type": request.headers.get("content-type")!, "content-length": String(body.length) },
        body: cut,
      }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await stored()).toEqual([]);
  });
});

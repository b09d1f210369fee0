/**
 * A subtitle file sent with the admin's "add video" form (POST /api/videos) is held to what a
 * video can use before anything is stored: a caption longer than CAPTION_TEXT_MAX characters, or
 * one that ends after the longest a video may last (MAX_MEDIA_SECONDS), is refused with a 400
 * that names its line, and a file built to stall the parser is refused at once.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postVideo } from "@/app/api/videos/route";
import { videos } from "@/db/schema";
import { getBoss } from "@/lib/jobs/boss";
import { createLocalStorage, installStorage } from "@/lib/storage";
import { CAPTION_TEXT_MAX } from "@/lib/validation/limits";
import { seedActors, type Actor } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { setEnv } from "@/scripts/standins/env";

let dir: string;
const configured = { YOUTUBE_OEMBED_URL: process.env.YOUTUBE_OEMBED_URL, MAX_MEDIA_SECONDS: process.env.MAX_MEDIA_SECONDS };
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "lingoreel-subtitle-limits-"));
  installStorage(createLocalStorage(path.join(dir, "uploads")));
  // Nothing answers here: the title comes from the form, and no test waits on YouTube.
  setEnv({ YOUTUBE_OEMBED_URL: "http://127.0.0.1:9/oembed", MAX_MEDIA_SECONDS: "7200" });
});
afterAll(async () => {
  setEnv(configured);
  installStorage(undefined);
  await rm(dir, { recursive: true, force: true });
});

/** The stored subtitle files. */
const storedSubtitles = async () => (await readdir(path.join(dir, "uploads", "subtitles")).catch(() => [] as string[])).filter((name) => !name.startsWith("."));

const srtCue = (n: number, timing: string, text: string) => `${n}\n${timing}\n${text}\n\n`;
const OPENING = srtCue(1, "00:00:01,000 --> 00:00:02,000", "Hola.");

describe.each(testDbKinds)("subtitle files at upload on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let admin: Actor;
  beforeAll(async () => {
    ({ admin } = await seedActors(t().db));
    await getBoss(t());
  });

  let added = 0;
  /** The admin's form with a YouTube link and the subtitle file; the title tells the videos apart. */
  async function upload(subtitles: string, name = "lesson.srt") {
    const title = `Subtitle limits ${++added}`;
    const body = new FormData();
    body.set("youtubeId", "https://youtu.be/Subt1tles01");
    body.set("title", title);
    body.set("subtitleFile", new File([subtitles], name));
    const response = await postVideo(new Request("http://localhost:3000/api/videos", { method: "POST", headers: { authorization: `Bearer ${admin.token}` }, body }), {
      params: Promise.resolve({}),
    });
    const rows = await t().db.select({ id: videos.id }).from(videos).where(eq(videos.title, title));
    return { status: response.status, body: (await response.json()) as { message?: string }, created: rows.length > 0 };
  }

  async function expectRefused(subtitles: string, message: string, name?: string) {
    const before = await storedSubtitles();
    expect(await upload(subtitles, name)).toEqual({ status: 400, body: expect.objectContaining({ message: `The subtitle file cannot be used: ${message}` }), created: false });
    expect(await storedSubtitles()).toEqual(before);
  }

  it(`refuses a caption longer than ${CAPTION_TEXT_MAX} characters, naming its line; one of ${CAPTION_TEXT_MAX} is taken`, async () => {
    const long = "palabra ".repeat(70).trim();
    expect(long.length).toBeGreaterThan(CAPTION_TEXT_MAX);
    await expectRefused(OPENING + srtCue(2, "00:00:03,000 --> 00:00:04,000", long), `Line 6: a caption is longer than ${CAPTION_TEXT_MAX} characters`);
    // Its lines are one caption, and markup does not count.
    const vtt = `WEBVTT\n\n00:01.000 --> 00:02.000\nHola.\n\n00:03.000 --> 00:04.000\n<c.yellow>${long.slice(0, 300)}</c>\n${long.slice(300)}\n`;
    await expectRefused(vtt, `Line 6: a caption is longer than ${CAPTION_TEXT_MAX} characters`, "lesson.vtt");

    // Two lines of markup and text, one caption of exactly the limit.
    const longest = `<i>${"a".repeat(CAPTION_TEXT_MAX - 11)}</i>\n<b>0123456789</b>`;
    expect(await upload(OPENING + srtCue(2, "00:00:03,000 --> 00:00:04,000", longest))).toMatchObject({ status: 201, created: true });
  });

  it("refuses at once the caption of unterminated tags that held the server for minutes", async () => {
    const hostile = srtCue(1, "00:00:01,000 --> 00:00:02,000", "hola " + "<b ".repeat(80_000));
    await expectRefused(hostile, "Line 2: a caption is longer than 10,000 characters with its formatting");
    const vtt = `WEBVTT\n\n00:01.000 --> 00:02.000\nhola ${"<b>x".repeat(60_000)}\n`;
    await expectRefused(vtt, "Line 3: a caption is longer than 10,000 characters with its formatting", "lesson.vtt");
  });

  it("refuses a caption that ends after the longest a video may last, which processing could never save", async () => {
    const message = (line: number) => `Line ${line}: the caption ends after 2 h, the longest a video may last (MAX_MEDIA_SECONDS)`;
    await expectRefused(OPENING + srtCue(2, "999:00:00,000 --> 999:00:01,000", "Adiós."), message(6));
    await expectRefused("WEBVTT\n\n999:00:00.000 --> 999:00:01.000\nAdiós.\n", message(3), "lesson.vtt");
    await expectRefused(OPENING + srtCue(2, "01:59:59,000 --> 02:00:00,001", "Adiós."), message(6));
    // More hours than any number holds.
    await expectRefused(srtCue(1, `${"9".repeat(400)}:00:00,000 --> ${"9".repeat(400)}:00:01,000`, "Adiós."), message(2));

    expect(await upload(OPENING + srtCue(2, "01:59:59,000 --> 02:00:00,000", "Adiós."))).toMatchObject({ status: 201, created: true });
  });
});

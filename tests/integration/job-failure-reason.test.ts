/**
 * A processing job stopped by the database: the video's reason, which the admin reads in the
 * Content Directory, says so in words; the query and its values (Drizzle's "Failed query: ...
 * params: ...") are written to the server's log, never stored or shown. A subtitle file stored
 * before uploads were checked, with a caption no video can hold, fails its video at once with the
 * reason rather than at the database.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as translationStatus } from "@/app/api/videos/[id]/generate-translations/route";
import { GET as getVideo } from "@/app/api/videos/[id]/route";
import type { Db } from "@/db/client";
import { videos } from "@/db/schema";
import { startWorkerQueue } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";
import { startWorkers } from "@/lib/pipeline/job-workers";
import { processVideo } from "@/lib/pipeline/process-video";
import { createLocalStorage, installStorage, type Storage } from "@/lib/storage";
import { setAiServer } from "@/scripts/standins/env";
import { seedActors, type Actor } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";
import { waitUntil } from "../helpers/processes";
import { settledVideo } from "../helpers/videos";
import { sendVideoJob } from "../helpers/jobs";

const REASON = "A database error stopped processing";
/** A caption time past what its column holds: the step that once failed this way. */
const TOO_LATE_MS = 999 * 3600 * 1000;

let dir: string;
let storage: Storage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "lingoreel-job-failure-"));
  storage = createLocalStorage(dir);
  installStorage(storage);
  // Captions from a subtitle file need no AI: processing makes them without one.
  setAiServer(undefined);
});
afterAll(async () => {
  installStorage(undefined);
  await rm(dir, { recursive: true, force: true });
});

describe.each(testDbKinds)("a job the database stops, on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let boss: PgBoss | undefined;
  let admin: Actor;
  // After-hooks run in reverse: the workers stop before the database closes.
  afterAll(async () => {
    await boss?.stop({ graceful: true, close: false, wait: true, timeout: 15_000 });
  });

  beforeAll(async () => {
    ({ admin } = await seedActors(t().db));
    boss = await startWorkerQueue(t(), { maintenanceIntervalSeconds: 1 });
    // Each job's work is one real query the database refuses, through Drizzle as the pipeline's are.
    const refusedSave = async (db: Db, data: { videoId: number }) => {
      await db.update(videos).set({ durationMs: TOO_LATE_MS }).where(eq(videos.id, data.videoId));
    };
    const audio = async () => {
      throw new Error("no audio in this test");
    };
    await startWorkers(boss, {
      db: t().db,
      audio,
      handlers: {
        [QUEUES.processVideo]: (db, data, signal) => (refusing.has(data.videoId) ? refusedSave(db, data) : processVideo(db, data.videoId, { audio, signal })),
        [QUEUES.generateTranslations]: refusedSave,
      },
    });
  });

  /** The videos whose processing is a save the database refuses (the others are processed for real). */
  const refusing = new Set<number>();
  const addVideo = async (status: "processing" | "active", subtitlePath?: string) =>
    (await t().db.insert(videos).values({ youtubeId: "abcdefghijk", title: "Mercado", targetLanguage: "es", status, subtitlePath }).returning())[0]!.id;

  /** What the server logged, as text. */
  const logged = (spy: { mock: { calls: unknown[][] } }) =>
    spy.mock.calls.flat().map((part) => (part instanceof Error ? `${part.message} ${String(part.cause)}` : String(part))).join("\n");

  it("fails the video with a reason in words, and logs the query", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const id = await addVideo("processing");
      refusing.add(id);
      await sendVideoJob(boss!, QUEUES.processVideo, { videoId: id }, { retryLimit: 0 });
      expect(await settledVideo(t().db, id)).toMatchObject({ status: "failed", errorReason: REASON });
      const shown = await call(getVideo, `/api/videos/${id}`, { token: admin.token, params: { id: String(id) } });
      expect(shown.body).toMatchObject({ status: "failed", errorReason: REASON });
      expect(logged(errors)).toMatch(/Failed query: update "videos" set "duration_ms"/);
    } finally {
      errors.mockRestore();
    }
  });

  it("keeps a processed video as it is, with the same reason for its failed translations", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const id = await addVideo("active");
      await sendVideoJob(boss!, QUEUES.generateTranslations, { videoId: id, action: "fill_missing" }, { retryLimit: 0 });
      // The worker saves the video's reason before pg-boss completes its job: the job's end is awaited, not the reason.
      const status = () => call(translationStatus, `/api/videos/${id}/generate-translations`, { token: admin.token, params: { id: String(id) } });
      await waitUntil(async () => ["completed", "failed"].includes((await status()).body.state), "the translations job to end", 30_000);
      expect((await t().db.select().from(videos).where(eq(videos.id, id)))[0]).toMatchObject({ status: "active", errorReason: REASON });
      expect((await status()).body).toMatchObject({ state: "failed", error: REASON });
    } finally {
      errors.mockRestore();
    }
  });

  it.each([
    ["00:00:01,000 --> 00:00:02,000\nHola.\n\n2\n999:00:00,000 --> 999:00:01,000\nAdiós.", "Line 6: the caption ends after 2 h, the longest a video may last (MAX_MEDIA_SECONDS)"],
    [`00:00:01,000 --> 00:00:02,000\n${"palabra ".repeat(70)}`, "Line 2: a caption is longer than 500 characters"],
  ])("fails a video whose stored subtitle file has a caption no video can hold, saying which (%#)", async (cues, reason) => {
    const key = `subtitles/stored-before-${Math.random().toString(36).slice(2)}.srt`;
    await storage.put(key, Readable.from([Buffer.from(`1\n${cues}\n`)]), { contentType: "application/x-subrip" });
    const id = await addVideo("processing", key);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await sendVideoJob(boss!, QUEUES.processVideo, { videoId: id }, { retryLimit: 0 });
      expect(await settledVideo(t().db, id)).toMatchObject({ status: "failed", errorReason: `The subtitle file cannot be used: ${reason}` });
    } finally {
      errors.mockRestore();
    }
  });
});

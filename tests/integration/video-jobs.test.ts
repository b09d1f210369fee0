/**
 * Fair use of the worker's paid AI work. One job at a time per video across every kind of job
 * (on Postgres, with two workers on their own connection pools): the others wait, the admin's
 * directory says so, and all finish; a lease left by a dead worker frees itself at its expiry.
 * Per admin, at most REPROCESS_LIMIT_PER_HOUR re-processing actions an hour (429 with Retry-After;
 * another admin is not affected), and the same work is never queued twice at once (409). The
 * worker's AI calls go to a local OpenAI stand-in that counts how many are in flight at once.
 */
import { eq, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as extractVocabulary } from "@/app/api/videos/[id]/extract-vocabulary/route";
import { GET as translationStatus, POST as generateTranslations } from "@/app/api/videos/[id]/generate-translations/route";
import { GET as quizStatus, POST as regenerateQuizzes } from "@/app/api/videos/[id]/regenerate-quizzes/route";
import { POST as retry } from "@/app/api/videos/[id]/retry/route";
import { GET as getVideo } from "@/app/api/videos/[id]/route";
import { GET as listVideos } from "@/app/api/videos/route";
import { GET as getMe } from "@/app/api/users/route";
import { openPostgres, resultRows, type DbHandle } from "@/db/client";
import { captions, quizzes, users, videoJobLeases, videos, words } from "@/db/schema";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { getBoss, startWorkerQueue } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";
import { sendJob } from "@/lib/jobs/send";
import { startWorkers } from "@/lib/pipeline/job-workers";
import { apiRequest, signedInUser } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { setAiServer, setEnv } from "@/scripts/standins/env";
import { startFakeOpenAi, type FakeOpenAi } from "@/scripts/standins/fake-openai";
import { call } from "../helpers/learner-api";
import { waitUntil } from "../helpers/processes";
import { seedVideo } from "../helpers/videos";
import { isVideoJobWaiting, noteVideoJobWaitingIfBusy, takeVideoLease } from "@/db/queries/video-jobs";
import { answerChat } from "@/scripts/standins/standin-answers";

type Who = { id: string; token: string };
type Handler = Parameters<typeof call>[0];

const REWORK = [
  [extractVocabulary, "/extract-vocabulary", undefined],
  [generateTranslations, "/generate-translations", { action: "regenerate" }],
  [regenerateQuizzes, "/regenerate-quizzes", undefined],
] as const;

/** The stand-in model: holds every answer while `gate` is closed, and notes the most calls in flight at once. */
let ai: FakeOpenAi;
let inFlight = 0;
let mostInFlight = 0;
let gate: Promise<void> | undefined;
let openGate: () => void = () => {};
const closeGate = () => {
  gate = new Promise<void>((resolve) => (openGate = resolve));
};
/** Date.now() at each chat request's arrival. */
const chatTimes: number[] = [];
/** After `after` more answers, the model fails `times` calls (500: the client retries, then the job fails and is retried). */
let failPlan: { after: number; times: number } | undefined;

beforeAll(async () => {
  ai = await startFakeOpenAi({
    transcribe: () => ({}),
    chat: async (request) => {
      chatTimes.push(Date.now());
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        if (failPlan && failPlan.after > 0) failPlan.after--;
        else if (failPlan && failPlan.times > 0) {
          failPlan.times--;
          throw new Error("the model is down");
        }
        if (gate) await gate;
        // Long enough that a second job running at the same time would overlap.
        await new Promise((r) => setTimeout(r, 50));
        return answerChat(request);
      } finally {
        inFlight--;
      }
    },
  });
  setAiServer(ai.url);
});
afterAll(async () => {
  setAiServer(undefined);
  setEnv({ REPROCESS_LIMIT_PER_HOUR: undefined });
  await ai.close();
});

async function people(db: DbHandle["db"]) {
  const owner = await signedInUser("owner@example.com");
  const admin = await signedInUser("admin@example.com");
  const admin2 = await signedInUser("admin2@example.com");
  const learner = await signedInUser("learner@example.com");
  const other = await signedInUser("other@example.com");
  for (const who of [owner, admin, admin2, learner, other]) await call(getMe, "/api/users", { token: who.token });
  for (const who of [admin, admin2]) await db.update(users).set({ role: "admin" }).where(eq(users.id, who.id));
  return { owner, admin, admin2, learner, other };
}

const onVideo = (handler: Handler, id: number, suffix: string, who: Who | null, body?: unknown) =>
  call(handler, `/api/videos/${id}${suffix}`, { method: "POST", token: who?.token, body, params: { id: String(id) } });

/** A copy of the demo video "Ordering Coffee in Madrid" with its captions and words, so each test has its own. */
async function demoVideo(db: DbHandle["db"]) {
  const [row] = await db.select({ id: videos.id }).from(videos).where(eq(videos.title, "Ordering Coffee in Madrid"));
  return row!.id;
}

describe.each(testDbKinds)("one job at a time per video on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  const bosses: PgBoss[] = [];
  let second: DbHandle | undefined;
  let who: Awaited<ReturnType<typeof people>>;
  let videoId: number;

  beforeAll(async () => {
    await seedDemoContent(t().db);
    who = await people(t().db);
    videoId = await demoVideo(t().db);
    // Jobs that wait for a busy video look again sooner than the product's default (1 s). The
    // workers poll only every 30 s: a job put back to wait starts when it is due because the
    // process that put it back wakes its workers then.
    setEnv({ REPROCESS_LIMIT_PER_HOUR: "100", JOB_BUSY_WAIT_SECONDS: "0.5", JOB_POLL_SECONDS: "30" });
    const noAudio = async () => {
      throw new Error("no audio in these tests");
    };
    const boss = await startWorkerQueue(t(), { maintenanceIntervalSeconds: 1 });
    bosses.push(boss);
    await startWorkers(boss, { db: t().db, audio: noAudio });
    if (kind === "postgres") {
      // A second worker with its own pool on the same database, as a second `npm run worker` would be.
      second = await openPostgres((t() as { url?: string }).url!, 3);
      const other = await startWorkerQueue(second, { maintenanceIntervalSeconds: 1 });
      bosses.push(other);
      await startWorkers(other, { db: second.db, audio: noAudio });
    }
  });
  afterAll(async () => {
    openGate();
    gate = undefined;
    for (const boss of bosses) await boss.stop({ graceful: true, close: false, wait: true, timeout: 15_000 });
    await second?.close();
    setEnv({ JOB_BUSY_WAIT_SECONDS: undefined, JOB_POLL_SECONDS: undefined });
  });

  const pendingJobs = async () =>
    Number(
      resultRows<{ n: number | string }>(
        await t().db.execute(sql`select count(*) as n from pgboss.job where singleton_key = ${`video:${videoId}`} and state < 'completed'`),
      )[0]!.n,
    );
  const card = async () => (await call(getVideo as Handler, `/api/videos/${videoId}`, { token: who.admin.token, params: { id: String(videoId) } })).body;
  const quizIds = async () =>
    (await t().db.select({ id: quizzes.id }).from(quizzes).innerJoin(words, eq(words.id, quizzes.wordId)).where(eq(words.videoId, videoId))).map((q) => q.id);

  it("two kinds of job on one video run one after the other, the second shown as waiting, and both finish", async () => {
    mostInFlight = 0;
    const before = ai.chats.length;
    const oldQuizzes = await quizIds();
    closeGate();
    expect((await onVideo(regenerateQuizzes, videoId, "/regenerate-quizzes", who.owner)).status).toBe(200);
    await waitUntil(() => ai.chats.length > before, "the quiz job's first model call", 20_000);
    expect(await card()).toMatchObject({ waitingForJob: false });

    // Translations asked for while the quizzes are being made: queued, and waiting for them.
    expect((await onVideo(generateTranslations, videoId, "/generate-translations", who.admin, { action: "regenerate" })).body).toMatchObject({ queued: true });
    await waitUntil(async () => (await card()).waitingForJob === true, "the directory to say a job waits", 20_000);
    expect(ai.chats.length - before).toBe(1);
    // The directory's list (the admin's GET /api/videos) says so too.
    const directory = (await call(listVideos as Handler, "/api/videos?limit=500", { token: who.admin.token })).body as { id: number; waitingForJob?: boolean }[];
    expect(directory.find((v) => v.id === videoId)).toMatchObject({ waitingForJob: true });

    openGate();
    gate = undefined;
    await waitUntil(async () => (await pendingJobs()) === 0, "both jobs to finish", 60_000);
    expect(mostInFlight).toBe(1);
    const asked = ai.chats.slice(before).map((c) => JSON.parse(c.messages.at(-1)!.content) as { to: string; lines: unknown[] });
    // Quizzes: one call per language, words only; then translations: one per language, with the lines.
    const languages = new Set(asked.map((a) => a.to)).size;
    expect(languages).toBeGreaterThan(1);
    expect(asked.map((a) => a.lines.length > 0)).toEqual([...Array(languages).fill(false), ...Array(languages).fill(true)]);
    expect((await quizIds()).some((id) => oldQuizzes.includes(id))).toBe(false);
    expect(await card()).toMatchObject({ waitingForJob: false });
    // Each job's status tells what it made, the one that waited its turn included.
    const status = async (handler: Handler, suffix: string) =>
      (await call(handler, `/api/videos/${videoId}${suffix}`, { token: who.admin.token, params: { id: String(videoId) } })).body;
    const wordCount = (await t().db.select({ id: words.id }).from(words).where(eq(words.videoId, videoId))).length;
    expect(await status(quizStatus, "/regenerate-quizzes")).toMatchObject({ state: "completed", result: { totalQuizzesGenerated: (await quizIds()).length, wordCount } });
    const translated = await status(translationStatus, "/generate-translations");
    const lines = (await t().db.select({ id: captions.id }).from(captions).where(eq(captions.videoId, videoId))).length;
    expect(translated).toMatchObject({ state: "completed", result: { segmentTranslationCount: lines * languages, totalTranslationsGenerated: (lines + wordCount) * languages } });
    expect(translated.result.languages).toHaveLength(languages);
    // Nobody holds the video any more.
    expect((await t().db.select().from(videoJobLeases).where(eq(videoJobLeases.videoId, videoId)))[0]?.jobId).toBeNull();
  }, 90_000);

  it("a lease left by a worker that died holds the video only until it expires", async () => {
    const [lease] = resultRows<{ expires_ms: number | string }>(
      await t().db.execute(sql`
        insert into video_job_leases (video_id, job_id, queue, expires_at) values (${videoId}, 'dead-worker-job#0', 'video-process', now() + interval '3 seconds')
        on conflict (video_id) do update set job_id = excluded.job_id, queue = excluded.queue, expires_at = excluded.expires_at
        returning extract(epoch from expires_at) * 1000 as expires_ms`),
    );
    const expiresMs = Number(lease!.expires_ms);
    const before = ai.chats.length;
    const oldQuizzes = await quizIds();
    expect((await onVideo(regenerateQuizzes, videoId, "/regenerate-quizzes", who.admin)).status).toBe(200);
    await waitUntil(async () => (await card()).waitingForJob === true, "the job to wait for the dead worker's lease", 20_000);
    await waitUntil(async () => (await pendingJobs()) === 0, "the job to run once the lease expired", 60_000);
    const calls = chatTimes.slice(before);
    expect(calls.length).toBeGreaterThan(0);
    // Not one model call while the dead worker's lease held.
    expect(Math.min(...calls)).toBeGreaterThanOrEqual(expiresMs - 50);
    expect((await quizIds()).some((id) => oldQuizzes.includes(id))).toBe(false);
    expect(await card()).toMatchObject({ waitingForJob: false });
  }, 90_000);

  it("a regenerate that fails part-way is retried without paying again for the languages it saved", async () => {
    setEnv({ JOB_RETRY_DELAY_SECONDS: "1" });
    try {
      const before = ai.chats.length;
      failPlan = { after: 2, times: 4 };
      expect((await onVideo(generateTranslations, videoId, "/generate-translations", who.owner, { action: "regenerate" })).status).toBe(200);
      await waitUntil(async () => (await pendingJobs()) === 0, "the job to fail, be retried and finish", 60_000);
      const job = resultRows<{ state: string; retry_count: number }>(
        await t().db.execute(sql`select state, retry_count from pgboss.job where name = 'video-generate-translations' and singleton_key = ${`video:${videoId}`} order by created_on desc limit 1`),
      );
      expect(job).toEqual([{ state: "completed", retry_count: 1 }]);
      const asked = ai.chats.slice(before).map((c) => (JSON.parse(c.messages.at(-1)!.content) as { to: string }).to);
      const languages = new Set(asked).size;
      // What it made counts the first try's saved languages too: every language, once.
      const made = (await call(translationStatus, `/api/videos/${videoId}/generate-translations`, { token: who.owner.token, params: { id: String(videoId) } })).body;
      const lines = (await t().db.select({ id: captions.id }).from(captions).where(eq(captions.videoId, videoId))).length;
      expect(made).toMatchObject({ state: "completed", result: { segmentTranslationCount: lines * languages } });
      expect([...made.result.languages].sort()).toEqual([...new Set(asked)].sort());
      // Two languages saved, then one asked four times (the client's own retries), then the retry asks only for the rest.
      expect(asked).toHaveLength(languages + 4);
      expect(asked.slice(0, 2).some((language) => asked.slice(6).includes(language))).toBe(false);
      expect(new Set(asked.slice(6)).size).toBe(languages - 2);
    } finally {
      failPlan = undefined;
      setEnv({ JOB_RETRY_DELAY_SECONDS: undefined });
    }
  }, 90_000);

  it("ten regenerate requests cost one run while it is queued or running, and the hourly limit caps them when spaced", async () => {
    setEnv({ REPROCESS_LIMIT_PER_HOUR: "3" });
    try {
      const regenerate = () => onVideo(generateTranslations, videoId, "/generate-translations", who.admin2, { action: "regenerate" });
      const before = ai.chats.length;
      closeGate();
      const burst = [];
      for (let i = 0; i < 10; i++) burst.push(await regenerate());
      expect(burst.map((r) => r.status)).toEqual([200, ...Array(9).fill(409)]);
      expect(burst[1]!.body.message).toBe("Translations are already being generated for this video");
      openGate();
      gate = undefined;
      await waitUntil(async () => (await pendingJobs()) === 0, "the run to finish", 60_000);
      const oneRun = ai.chats.length - before;
      expect(oneRun).toBeGreaterThan(0);

      // Spaced: each after the last finished. Two more fit in the hour's limit of three.
      const spaced = [];
      for (let i = 0; i < 10; i++) {
        const answer = await regenerate();
        spaced.push(answer.status);
        if (answer.status === 200) await waitUntil(async () => (await pendingJobs()) === 0, "the run to finish", 60_000);
      }
      expect(spaced).toEqual([200, 200, ...Array(8).fill(429)]);
      expect(ai.chats.length - before).toBe(3 * oneRun);
    } finally {
      setEnv({ REPROCESS_LIMIT_PER_HOUR: "100" });
    }
  }, 120_000);
});

describe.each(testDbKinds)("per-admin limit on re-processing on %s", (kind) => {
  // No worker here: queued jobs stay queued.
  const t = useTestDb(kind, { app: true });
  let who: Awaited<ReturnType<typeof people>>;
  let demo: number;
  const fresh: number[] = [];

  beforeAll(async () => {
    await seedDemoContent(t().db);
    who = await people(t().db);
    demo = await demoVideo(t().db);
    await getBoss(t());
    // Failed videos to retry.
    for (let i = 0; i < 4; i++) {
      const [row] = await t().db.insert(videos).values({ youtubeId: `Failed${i}abcd`, title: `Failed ${i}`, status: "failed", errorReason: "Transcription failed: 502" }).returning();
      fresh.push(row!.id);
    }
  });
  afterAll(() => setEnv({ REPROCESS_LIMIT_PER_HOUR: undefined }));

  const raw = (handler: Handler, id: number, suffix: string, who: Who, body?: unknown) =>
    handler(apiRequest(`/api/videos/${id}${suffix}`, { method: "POST", token: who.token, body }), { params: Promise.resolve({ id: String(id) }) });

  it("answers as before for every role: anonymous 401, learners 403, whatever the limit", async () => {
    setEnv({ REPROCESS_LIMIT_PER_HOUR: "1" });
    for (const [handler, suffix, body] of [...REWORK, [retry, "/retry", undefined] as const]) {
      expect((await onVideo(handler, demo, suffix, null, body)).status).toBe(401);
      for (const learner of [who.learner, who.other]) expect((await onVideo(handler, demo, suffix, learner, body)).status).toBe(403);
    }
  });

  it("after N actions in the hour an admin gets 429 with Retry-After and when to try again; another admin is not affected; the owner is limited too", async () => {
    setEnv({ REPROCESS_LIMIT_PER_HOUR: "3" });
    // Three different actions, all queued.
    expect((await onVideo(regenerateQuizzes, demo, "/regenerate-quizzes", who.admin)).status).toBe(200);
    expect((await onVideo(retry, fresh[0]!, "/retry", who.admin)).status).toBe(200);
    // A question (translations exist: confirm first) and a refused repeat are not counted.
    expect((await onVideo(generateTranslations, demo, "/generate-translations", who.admin)).body).toMatchObject({ requiresConfirmation: true });
    expect(await onVideo(regenerateQuizzes, demo, "/regenerate-quizzes", who.admin)).toMatchObject({
      status: 409,
      body: { message: "Quizzes are already being regenerated for this video" },
    });
    expect((await onVideo(generateTranslations, demo, "/generate-translations", who.admin, { action: "fill_missing" })).status).toBe(200);

    const over = await raw(extractVocabulary, demo, "/extract-vocabulary", who.admin);
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await over.json()).message).toBe("You have started 3 re-processing jobs in the last hour, the most allowed. Try again in 60 minutes.");
    // Nothing was queued for the refused one.
    const queued = async (name: string, id: number) =>
      resultRows(await t().db.execute(sql`select 1 from pgboss.job where name = ${name} and singleton_key = ${`video:${id}`}`)).length;
    expect(await queued("video-extract-vocabulary", demo)).toBe(0);
    // A retry over the limit leaves the video failed.
    expect((await onVideo(retry, fresh[1]!, "/retry", who.admin)).status).toBe(429);
    expect((await t().db.select({ status: videos.status }).from(videos).where(eq(videos.id, fresh[1]!)))[0]!.status).toBe("failed");

    // Another admin has their own hour.
    expect((await onVideo(extractVocabulary, demo, "/extract-vocabulary", who.admin2)).status).toBe(200);
    expect(await queued("video-extract-vocabulary", demo)).toBe(1);
    expect((await onVideo(retry, fresh[1]!, "/retry", who.admin2)).status).toBe(200);

    // The owner too.
    for (const id of [fresh[2]!, fresh[3]!]) expect((await onVideo(retry, id, "/retry", who.owner)).status).toBe(200);
    await t().db.update(videos).set({ status: "failed" }).where(eq(videos.id, fresh[0]!));
    // (fresh[0]'s job is still queued: retrying it again queues nothing and costs nothing.)
    expect((await onVideo(retry, fresh[0]!, "/retry", who.owner)).status).toBe(200);
    const [a] = await t().db.insert(videos).values({ youtubeId: "FailedXabcd", title: "Failed X", status: "failed" }).returning();
    expect((await onVideo(retry, a!.id, "/retry", who.owner)).status).toBe(200);
    const [b] = await t().db.insert(videos).values({ youtubeId: "FailedYabcd", title: "Failed Y", status: "failed" }).returning();
    expect((await onVideo(retry, b!.id, "/retry", who.owner)).status).toBe(429);

    // An action that left the hour frees its place.
    await t().db.execute(sql`update admin_actions set created_at = now() - interval '61 minutes' where user_id = ${who.admin.id}`);
    const [c] = await t().db.insert(videos).values({ youtubeId: "FailedZabcd", title: "Failed Z", status: "failed" }).returning();
    expect((await onVideo(retry, c!.id, "/retry", who.admin)).status).toBe(200);
  });

  it("Retry right after a failure, while pg-boss still holds the failed run as active, queues a new run", async () => {
    setEnv({ REPROCESS_LIMIT_PER_HOUR: undefined });
    const [video] = await t().db.insert(videos).values({ youtubeId: "FailedAabcd", title: "Failed A", status: "failed", errorReason: "Transcription failed: 502" }).returning();
    const key = `video:${video!.id}`;
    expect(await sendJob(QUEUES.processVideo, { videoId: video!.id })).toBeTruthy();
    // The run that failed: the pipeline has marked the video, pg-boss has not completed the job yet.
    await t().db.execute(sql`update pgboss.job set state = 'active', started_on = now() where name = ${QUEUES.processVideo} and singleton_key = ${key}`);
    const answer = await onVideo(retry, video!.id, "/retry", who.admin2);
    expect(answer).toMatchObject({ status: 200, body: { status: "processing", processingProgress: 0 } });
    const states = resultRows<{ state: string }>(
      await t().db.execute(sql`select state from pgboss.job where name = ${QUEUES.processVideo} and singleton_key = ${key} order by created_on`),
    ).map((r) => r.state);
    expect(states).toEqual(["active", "created"]);
  });
});

describe.each(testDbKinds)("what the directory shows as waiting on %s", (kind) => {
  const t = useTestDb(kind, { app: true });

  it("a job that took the video before its request ended is running, not waiting behind itself; another kind queued behind it waits", async () => {
    const { id } = await seedVideo(t().db, "published");
    // The worker started the quiz job between its queuing and the request's last step.
    expect(await takeVideoLease(t().db, { videoId: id, jobId: "job-1#1", queue: QUEUES.regenerateQuizzes, seconds: 60 })).toBe("taken");
    await noteVideoJobWaitingIfBusy(t().db, { videoId: id, queue: QUEUES.regenerateQuizzes, seconds: 120 });
    expect(await isVideoJobWaiting(t().db, id)).toBe(false);
    // Translations asked for while the quizzes are made do wait for them.
    await noteVideoJobWaitingIfBusy(t().db, { videoId: id, queue: QUEUES.generateTranslations, seconds: 120 });
    expect(await isVideoJobWaiting(t().db, id)).toBe(true);
  });
});

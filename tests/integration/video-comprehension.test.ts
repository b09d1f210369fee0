/**
 * The comprehension score kept per learner and video, on PGlite and Postgres: after any sequence of
 * status changes (set by the learner or moved by quiz answers) the kept score is the one counted
 * from scratch; a video whose words change is counted again; Recommended for You chooses from all
 * the learner's unstarted videos in their language, not only the newest page.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getRecommended } from "@/app/api/videos/recommended/route";
import { GET as getVideos } from "@/app/api/videos/route";
import { PUT as putStatus } from "@/app/api/words/status/route";
import { comprehensionOfVideos } from "@/lib/words/comprehension/cards";
import { getUserById } from "@/db/queries/users";
import { videoComprehension, videoLemmas, videos, words, type WordStatus } from "@/db/schema";
import { recordQuizResult } from "@/lib/services/progress";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { seedActors, type Actor, type ActorName } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

const STATUSES: WordStatus[] = ["new", "learning", "known", "ignored"];

describe.each(testDbKinds)("kept comprehension scores on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let actors: Record<ActorName, Actor>;
  let spanish: { id: number }[];

  beforeAll(async () => {
    await seedDemoContent(t().db);
    actors = await seedActors(t().db, "comprehension");
    spanish = await t().db.select({ id: videos.id }).from(videos).where(eq(videos.targetLanguage, "es")).orderBy(desc(videos.createdAt), desc(videos.id));
  });

  const put = (who: Actor, lemma: string, status: WordStatus) =>
    call(putStatus, "/api/words/status", { method: "PUT", token: who.token, body: { language: "es", lemma, status } });
  const kept = (who: Actor) => comprehensionOfVideos(t().db, { userId: who.id, videoIds: spanish.map((v) => v.id) });
  /** The same scores counted from nothing: the kept rows dropped first. */
  const recounted = async (who: Actor) => {
    await t().db.delete(videoComprehension).where(eq(videoComprehension.userId, who.id));
    return kept(who);
  };
  const lemmasOf = async (videoId: number) =>
    t().db.select().from(videoLemmas).where(eq(videoLemmas.videoId, videoId)).orderBy(asc(videoLemmas.occurrences), asc(videoLemmas.lemma));

  it("keeps the score a fresh count gives, through status changes and quiz answers, for each learner alone", async () => {
    expect(spanish.length).toBeGreaterThan(0);
    const before = await kept(actors.learner);
    expect([...before.values()].some((s) => s === 0)).toBe(true);
    const lemmas = [...new Set((await t().db.select({ lemma: videoLemmas.lemma }).from(videoLemmas).where(inArray(videoLemmas.videoId, spanish.map((v) => v.id)))).map((r) => r.lemma))].sort();
    expect(lemmas.length).toBeGreaterThan(10);
    // A scripted walk through every status change: each lemma takes a few statuses in turn.
    for (const [i, lemma] of lemmas.slice(0, 24).entries()) {
      for (const step of [0, 1, 2].map((k) => STATUSES[(i + k * 3) % STATUSES.length]!)) expect((await put(actors.learner, lemma, step)).status).toBe(200);
    }
    // Quiz answers move statuses too (right: one step toward known; wrong: learning).
    const quizWords = await t().db.select({ id: words.id }).from(words).where(eq(words.videoId, spanish[0]!.id)).limit(4);
    const learner = (await getUserById(t().db, { id: actors.learner.id }))!;
    for (const [i, w] of quizWords.entries()) {
      const right = i % 2 === 0;
      await recordQuizResult(t().db, learner, { wordId: w.id, correct: right ? 1 : 0, incorrect: right ? 0 : 1, learned: false });
    }

    const moved = await kept(actors.learner);
    expect(moved).not.toEqual(before);
    expect(await recounted(actors.learner)).toEqual(moved);
    // The other learner's scores did not move.
    expect(await kept(actors.otherLearner)).toEqual(before);
  });

  it("counts a video again once its words change", async () => {
    const video = spanish[0]!.id;
    const [first] = await lemmasOf(video);
    expect((await put(actors.otherLearner, first!.lemma, "known")).status).toBe(200);
    const known = (await kept(actors.otherLearner)).get(video);
    expect(known).toBeGreaterThan(0);
    // Processed again: the video's lemmas are written anew (and the video's updated_at with them).
    await t().db.transaction(async (tx) => {
      await tx.update(videoLemmas).set({ occurrences: first!.occurrences + 50 }).where(and(eq(videoLemmas.videoId, video), eq(videoLemmas.lemma, first!.lemma)));
      await tx.update(videos).set({ updatedAt: new Date() }).where(eq(videos.id, video));
    });
    const after = (await kept(actors.otherLearner)).get(video);
    expect(after).toBeGreaterThan(known!);
    expect(await recounted(actors.otherLearner)).toEqual(await kept(actors.otherLearner));
  });

  it("shows on every card the score a fresh count gives, whether kept, not yet kept or kept for the video as it was", async () => {
    const who = actors.owner;
    const cards = async () => {
      const { status, body } = await call(getVideos, "/api/videos?search=a&limit=50", { token: who.token });
      expect(status).toBe(200);
      return new Map<number, number | null>((body as { id: number; comprehension: number | null }[]).filter((c) => spanish.some((v) => v.id === c.id)).map((c) => [c.id, c.comprehension]));
    };
    await t().db.delete(videoComprehension).where(eq(videoComprehension.userId, who.id));
    // The video's most frequent lemma, so knowing it shows in the score.
    const first = (await lemmasOf(spanish[0]!.id)).at(-1);
    expect((await put(who, first!.lemma, "known")).status).toBe(200);
    // Nothing kept yet: the cards are counted (and kept).
    const counted = await cards();
    expect(counted.size).toBeGreaterThan(0);
    expect(counted.get(spanish[0]!.id)).toBeGreaterThan(0);
    expect(await cards()).toEqual(counted);
    // A status change moves the kept sums the cards read.
    expect((await put(who, first!.lemma, "new")).status).toBe(200);
    const moved = await cards();
    expect(moved.get(spanish[0]!.id)).toBe(0);
    expect(moved).toEqual(new Map([...(await kept(who))].filter(([id]) => moved.has(id))));
    // Kept for the video as it was: the card counts it again.
    expect((await put(who, first!.lemma, "known")).status).toBe(200);
    await t().db.update(videoComprehension).set({ knownHalves: 0 }).where(and(eq(videoComprehension.userId, who.id), eq(videoComprehension.videoId, spanish[0]!.id)));
    await t().db.update(videos).set({ updatedAt: new Date() }).where(eq(videos.id, spanish[0]!.id));
    expect((await cards()).get(spanish[0]!.id)).toBe(counted.get(spanish[0]!.id));
  });

  it("recommends an older video the learner can follow before newer ones they cannot, beyond the first page", async () => {
    // A newer Spanish video the learner knows nothing of, so the comfortable one is not the newest.
    const [oldest] = spanish.slice(-1);
    const [newer] = await t().db.insert(videos).values({ youtubeId: "newerVideo1", title: "Nuevo", targetLanguage: "es", status: "active" }).returning();
    await t().db.insert(videoLemmas).values({ videoId: newer!.id, lemma: "desconocido", occurrences: 5 });
    // The admin knows all of the oldest video but a few of its rarest words: 90–98 %.
    const lemmas = await lemmasOf(oldest!.id);
    const total = lemmas.reduce((n, l) => n + l.occurrences, 0);
    let unknown = 0;
    const leftNew = new Set<string>();
    for (const l of lemmas) {
      if ((total - unknown) * 100 < 99 * total) break;
      unknown += l.occurrences;
      leftNew.add(l.lemma);
    }
    for (const l of lemmas) if (!leftNew.has(l.lemma)) expect((await put(actors.admin, l.lemma, "known")).status).toBe(200);

    const { status, body } = await call(getRecommended, "/api/videos/recommended?limit=1", { token: actors.admin.token });
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    expect(body[0].id).toBe(oldest!.id);
    expect(body[0].comprehension).toBeGreaterThanOrEqual(90);
    expect(body[0].comprehension).toBeLessThanOrEqual(98);
    // The learner, who knows none of them, gets the newest first.
    const theirs = await call(getRecommended, "/api/videos/recommended?limit=1", { token: actors.owner.token });
    expect(theirs.body[0].id).toBe(newer!.id);
  });
});

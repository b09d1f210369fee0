/**
 * Home's lists are led by the language the learner studies (or one they ask for with `language`):
 * Popular and Continue Learning list videos in it first, Recommended lists only those; and
 * GET /api/videos/languages counts the videos each language has, so home can say why one has none.
 * The demo content has Spanish, French, German and Italian videos only.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getProgressVideos } from "@/app/api/users/progress-videos/route";
import { GET as getLanguages } from "@/app/api/videos/languages/route";
import { GET as getPopular } from "@/app/api/videos/popular/route";
import { GET as getRecommended } from "@/app/api/videos/recommended/route";
import { categories, users, videoProgress, videos } from "@/db/schema";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { seedActors, type Actor } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

type Card = { title: string; targetLanguage: string };
const languagesOf = (list: Card[]) => list.map((v) => v.targetLanguage);

describe.each(testDbKinds)("home's lists by language on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let learner: Actor, japanese: Actor;

  beforeAll(async () => {
    const db = t().db;
    await seedDemoContent(db);
    ({ learner, otherLearner: japanese } = await seedActors(db, "home-language"));
    await db.update(users).set({ targetLanguage: "ja" }).where(eq(users.id, japanese.id));
  });

  it("leads Popular with the learner's target language, then every other language", async () => {
    const popular = (await call(getPopular, "/api/videos/popular", { token: learner.token })).body as Card[];
    expect(popular).toHaveLength(6);
    expect(languagesOf(popular).slice(0, 2)).toEqual(["es", "es"]);
    expect(languagesOf(popular).slice(2)).not.toContain("es");
    // Another language asked for leads instead.
    const german = (await call(getPopular, "/api/videos/popular?language=de", { token: learner.token })).body as Card[];
    expect(languagesOf(german).slice(0, 2)).toEqual(["de", "de"]);
    expect(german).toHaveLength(6);
  });

  it("recommends videos in the target language only, or in the language asked for", async () => {
    const recommended = (await call(getRecommended, "/api/videos/recommended", { token: learner.token })).body as Card[];
    expect(languagesOf(recommended)).toEqual(["es", "es"]);
    const french = (await call(getRecommended, "/api/videos/recommended?language=FR", { token: learner.token })).body as Card[];
    expect(french.map((v) => v.title)).toEqual(["A Morning at the Market in Lyon"]);
  });

  it("gives a learner of a language with no videos an empty Recommended, and the counts that explain it", async () => {
    expect((await call(getRecommended, "/api/videos/recommended", { token: japanese.token })).body).toEqual([]);
    // Popular still lists what there is: no Japanese video leads it.
    expect((await call(getPopular, "/api/videos/popular", { token: japanese.token })).body).toHaveLength(6);
    const counts = (await call(getLanguages, "/api/videos/languages", { token: japanese.token })).body as { code: string; name: string; count: number }[];
    expect(Object.fromEntries(counts.map((c) => [c.code, c.count]))).toEqual({ en: 0, es: 2, fr: 1, de: 2, it: 1, pt: 0, sv: 0, ja: 0, zh: 0 });
    expect(counts.find((c) => c.code === "ja")?.name).toBe("Japanese");
    // Asked for Spanish, the same learner gets the Spanish videos.
    expect(languagesOf((await call(getRecommended, "/api/videos/recommended?language=es", { token: japanese.token })).body)).toEqual(["es", "es"]);
  });

  it("counts as the lists filter: by category, and without the learner's own language", async () => {
    const db = t().db;
    const [travel] = await db.select().from(categories).where(eq(categories.name, "Travel"));
    const inTravel = (await call(getLanguages, `/api/videos/languages?categoryId=${travel!.id}&nativeLanguage=es`, { token: learner.token })).body as { code: string; count: number }[];
    expect(inTravel.filter((c) => c.count > 0).map((c) => [c.code, c.count])).toEqual([
      ["de", 1],
      ["it", 1],
    ]);
    // Unpublished videos count for no one, staff included: home lists published videos.
    await db.insert(videos).values({ title: "Draft in Portuguese", youtubeId: "ptdraft0001", status: "unpublished", targetLanguage: "pt" });
    const all = (await call(getLanguages, "/api/videos/languages", { token: learner.token })).body as { code: string; count: number }[];
    expect(all.find((c) => c.code === "pt")?.count).toBe(0);
  });

  it("leads Continue Learning with the language shown, then the most recently watched", async () => {
    const db = t().db;
    const byTitle = async (title: string) => (await db.select({ id: videos.id }).from(videos).where(eq(videos.title, title)))[0]!.id;
    const now = Date.now();
    await db.insert(videoProgress).values([
      { userId: learner.id, videoId: await byTitle("Ordering Coffee in Madrid"), wordsLearned: 1, progressPercent: 25, lastWatchedAt: new Date(now - 60_000) },
      { userId: learner.id, videoId: await byTitle("Asking for Directions in Berlin"), wordsLearned: 1, progressPercent: 25, lastWatchedAt: new Date(now) },
    ]);
    const titles = async (query: string) => ((await call(getProgressVideos, `/api/users/progress-videos${query}`, { token: learner.token })).body as Card[]).map((v) => v.title);
    expect(await titles("")).toEqual(["Ordering Coffee in Madrid", "Asking for Directions in Berlin"]);
    expect(await titles("?language=de")).toEqual(["Asking for Directions in Berlin", "Ordering Coffee in Madrid"]);
  });

  it("refuses a language the app does not offer, and anonymous callers", async () => {
    for (const [handler, path] of [
      [getPopular, "/api/videos/popular"],
      [getRecommended, "/api/videos/recommended"],
      [getProgressVideos, "/api/users/progress-videos"],
    ] as const) {
      const bad = await call(handler, `${path}?language=xx`, { token: learner.token });
      expect(bad.status, path).toBe(400);
      expect(bad.body.message).toBe("language: language must be one of en, es, fr, de, it, pt, sv, ja, zh");
      expect((await call(handler, `${path}?language=es%00`, { token: learner.token })).status, path).toBe(400);
    }
    expect((await call(getLanguages, "/api/videos/languages?language=es", { token: learner.token })).status).toBe(400);
    expect((await call(getLanguages, "/api/videos/languages")).status).toBe(401);
  });
});

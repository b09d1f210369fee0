/**
 * The learner's video API: search, lists, detail, content, categories and favourites, on PGlite
 * and Postgres. Learners see published videos only; admins and owners see every video.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getCategories } from "@/app/api/categories/route";
import { GET as getFavorite } from "@/app/api/users/favorites/[videoId]/route";
import { GET as listFavorites, POST as postFavorite } from "@/app/api/users/favorites/route";
import { GET as getCaptions } from "@/app/api/videos/[id]/captions/route";
import { GET as getVideo } from "@/app/api/videos/[id]/route";
import { GET as getSegmentTranslations } from "@/app/api/videos/[id]/segment-translations/route";
import { GET as getWordTimings } from "@/app/api/videos/[id]/word-timings/route";
import { GET as getWords } from "@/app/api/videos/[id]/words/route";
import { GET as getPopular } from "@/app/api/videos/popular/route";
import { GET as getRecommended } from "@/app/api/videos/recommended/route";
import { GET as listVideos } from "@/app/api/videos/route";
import { GET as getQuiz } from "@/app/api/words/[id]/quiz/route";
import { categories, quizzes, videoCategories, videos, words, wordTranslations } from "@/db/schema";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { seedActors } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

type Who = { id: string; token: string };

describe.each(testDbKinds)("learner video API on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let owner: Who, admin: Who, learner: Who, other: Who;
  let hidden: { id: number; wordId: number };

  beforeAll(async () => {
    const db = t().db;
    await seedDemoContent(db);
    ({ owner, admin, learner, otherLearner: other } = await seedActors(db));
    // An unpublished video with a word, in its own category.
    const [cat] = await db.insert(categories).values({ name: "Drafts" }).returning();
    const [video] = await db
      .insert(videos)
      .values({ title: "Secret Madrid draft", description: "not yet", youtubeId: "abcdefghijk", status: "unpublished", targetLanguage: "es", categoryId: cat!.id })
      .returning();
    await db.insert(videoCategories).values({ videoId: video!.id, categoryId: cat!.id });
    const [word] = await db.insert(words).values({ videoId: video!.id, word: "secreto", timestamp: 1000 }).returning();
    hidden = { id: video!.id, wordId: word!.id };
  });

  const titles = (list: { title: string }[]) => list.map((v) => v.title);

  it("answers 401 without a token on every route", async () => {
    const routes: [Parameters<typeof call>[0], string, Record<string, string>?][] = [
      [listVideos, "/api/videos"],
      [getVideo, "/api/videos/1", { id: "1" }],
      [getCaptions, "/api/videos/1/captions", { id: "1" }],
      [getWords, "/api/videos/1/words", { id: "1" }],
      [getWordTimings, "/api/videos/1/word-timings", { id: "1" }],
      [getSegmentTranslations, "/api/videos/1/segment-translations", { id: "1" }],
      [getQuiz, "/api/words/1/quiz", { id: "1" }],
      [getCategories, "/api/categories"],
      [listFavorites, "/api/users/favorites"],
      [getFavorite, "/api/users/favorites/1", { videoId: "1" }],
    ];
    for (const [handler, path, params] of routes) {
      const { status, body } = await call(handler, path, { params });
      expect(status, path).toBe(401);
      expect(body.error).toBe("unauthorized");
    }
    expect((await call(postFavorite, "/api/users/favorites", { method: "POST", body: { videoId: 1, action: "add" } })).status).toBe(401);
  });

  it("lists published videos to learners and every video to admins and owners", async () => {
    const forLearner = await call(listVideos, "/api/videos", { token: learner.token });
    expect(forLearner.status).toBe(200);
    expect(forLearner.body).toHaveLength(6);
    expect(titles(forLearner.body)).not.toContain("Secret Madrid draft");
    for (const who of [admin, owner]) {
      const all = await call(listVideos, "/api/videos", { token: who.token });
      expect(titles(all.body)).toContain("Secret Madrid draft");
      // The directory says whether a job on a video waits for another one.
      for (const video of all.body) expect(video).toHaveProperty("waitingForJob", false);
    }
    // Learners' cards do not carry the admin's job state, in any list or on the video itself.
    const searched = await call(listVideos, "/api/videos?search=Madrid", { token: learner.token });
    const popular = await call(getPopular, "/api/videos/popular", { token: learner.token });
    const recommended = await call(getRecommended, "/api/videos/recommended", { token: learner.token });
    for (const list of [forLearner.body, searched.body, popular.body, recommended.body]) {
      expect(list.length).toBeGreaterThan(0);
      for (const video of list) expect(video).not.toHaveProperty("waitingForJob");
    }
    const one = forLearner.body[0];
    expect((await call(getVideo, `/api/videos/${one.id}`, { token: learner.token, params: { id: String(one.id) } })).body).not.toHaveProperty("waitingForJob");
    const card = forLearner.body.find((v: { title: string }) => v.title === "Ordering Coffee in Madrid");
    expect(card).toMatchObject({
      categoryName: "Food & Drink",
      categoryNames: ["Food & Drink", "Travel"],
      targetLanguage: "es",
      status: "active",
      duration: 39,
      progress: 0,
      wordsLearned: 0,
      totalWords: 4,
      thumbnail: "/demo/es-ordering-coffee.jpg",
    });
  });

  it("searches title or description, case-insensitively, title matches first, then newest", async () => {
    const db = t().db;
    const base = Date.now();
    // Newer description-only match, older title match: the title match still ranks first.
    await db.insert(videos).values([
      { title: "Zebra crossings", description: "Walking in Quokkaville", youtubeId: "aaaaaaaaaa1", status: "active", createdAt: new Date(base + 60_000) },
      { title: "Quokkaville market", description: "fruit", youtubeId: "aaaaaaaaaa2", status: "active", createdAt: new Date(base - 60_000) },
      { title: "Quokkaville harbour", description: "boats", youtubeId: "aaaaaaaaaa3", status: "active", createdAt: new Date(base) },
      { title: "Hidden quokkaville", description: "", youtubeId: "aaaaaaaaaa4", status: "unpublished" },
      { title: "100% fun", description: "under_score", youtubeId: "aaaaaaaaaa5", status: "active" },
    ]);
    const found = await call(listVideos, "/api/videos?search=QUOKKAVILLE", { token: learner.token });
    expect(titles(found.body)).toEqual(["Quokkaville harbour", "Quokkaville market", "Zebra crossings"]);
    const staff = await call(listVideos, "/api/videos?search=quokkaville", { token: admin.token });
    expect(titles(staff.body)).toEqual(["Hidden quokkaville", "Quokkaville harbour", "Quokkaville market", "Zebra crossings"]);

    expect(titles((await call(listVideos, "/api/videos?search=caf%C3%A9", { token: learner.token })).body)).toContain("Ordering Coffee in Madrid");
    // LIKE wildcards are taken literally.
    expect(titles((await call(listVideos, "/api/videos?search=%25", { token: learner.token })).body)).toEqual(["100% fun"]);
    expect(titles((await call(listVideos, "/api/videos?search=r_s", { token: learner.token })).body)).toEqual(["100% fun"]);
    expect((await call(listVideos, "/api/videos?search=zzzz-nothing", { token: learner.token })).body).toEqual([]);
    // A page the title matches fill has no description match; one they leave room on has it last.
    expect(titles((await call(listVideos, "/api/videos?search=quokkaville&limit=2", { token: learner.token })).body)).toEqual(["Quokkaville harbour", "Quokkaville market"]);
    expect(titles((await call(listVideos, "/api/videos?search=quokkaville&limit=3", { token: learner.token })).body)).toEqual([
      "Quokkaville harbour",
      "Quokkaville market",
      "Zebra crossings",
    ]);
  });

  it("bounds the page: limit defaults to 20 and may not pass 50", async () => {
    const db = t().db;
    await db.execute(sql`insert into videos (title, youtube_id, status) select 'Filler ' || g, lpad(g::text, 11, 'f'), 'active' from generate_series(1, 60) g`);
    expect((await call(listVideos, "/api/videos", { token: learner.token })).body).toHaveLength(20);
    expect((await call(listVideos, "/api/videos?limit=50", { token: learner.token })).body).toHaveLength(50);
    for (const [query, message] of [
      ["limit=51", "limit: limit must be at most 50"],
      ["limit=0", "limit: limit must be at least 1"],
      ["limit=abc", "limit: limit must be a number"],
      ["limit=1&limit=2", 'Query parameter "limit" may be given only once'],
      ["search=a%00b", 'Query parameter "search" must not contain NUL characters'],
      ["sort=title", undefined],
    ] as const) {
      const { status, body } = await call(listVideos, `/api/videos?${query}`, { token: learner.token });
      expect(status, query).toBe(400);
      if (message) expect(body.message).toBe(message);
    }
    expect((await call(listVideos, `/api/videos?search=${"x".repeat(201)}`, { token: learner.token })).status).toBe(400);
  });

  it("lets admins and owners list up to 500 videos at once (the admin's directory)", async () => {
    // The filler videos of the previous case are there: more than 50 in all.
    for (const who of [admin, owner]) {
      const all = await call(listVideos, "/api/videos?limit=500", { token: who.token });
      expect(all.status).toBe(200);
      expect(all.body.length).toBeGreaterThan(50);
      expect(titles(all.body)).toContain("Secret Madrid draft");
      const tooMany = await call(listVideos, "/api/videos?limit=501", { token: who.token });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe("limit: limit must be at most 500");
    }
    const learnerAsks = await call(listVideos, "/api/videos?limit=500", { token: learner.token });
    expect(learnerAsks.status).toBe(400);
    expect(learnerAsks.body.message).toBe("limit: limit must be at most 50");
  });

  it("shows a video, its captions, words, timings, translations and quizzes to those who may see it", async () => {
    const coffee = (await call(listVideos, "/api/videos?search=Ordering%20Coffee", { token: learner.token })).body[0];
    const id = String(coffee.id);
    expect((await call(getVideo, `/api/videos/${id}`, { token: learner.token, params: { id } })).body).toMatchObject({ id: coffee.id, title: "Ordering Coffee in Madrid" });
    const captions = (await call(getCaptions, `/api/videos/${id}/captions`, { token: learner.token, params: { id } })).body;
    expect(captions[0]).toMatchObject({ segmentIndex: 0, text: "Buenos días, quisiera un café con leche, por favor." });
    const wordList = (await call(getWords, `/api/videos/${id}/words`, { token: learner.token, params: { id } })).body;
    expect(wordList).toHaveLength(4);
    expect(wordList[0]).toMatchObject({ word: "café" });
    const timings = (await call(getWordTimings, `/api/videos/${id}/word-timings`, { token: learner.token, params: { id } })).body;
    expect(timings[0]).toMatchObject({ word: "Buenos" });
    const english = (await call(getSegmentTranslations, `/api/videos/${id}/segment-translations?language=en`, { token: learner.token, params: { id } })).body;
    expect(english).toHaveLength(captions.length);
    const quiz = (await call(getQuiz, `/api/words/${wordList[0].id}/quiz?nativeLanguage=en`, { token: learner.token, params: { id: String(wordList[0].id) } })).body;
    expect(quiz.options).toHaveLength(4);
    expect(quiz.options[quiz.correctIndex]).toBe("coffee");
  });

  it("builds a word's quiz from the vocabulary's translations when none is stored for the language", async () => {
    const coffee = (await call(listVideos, "/api/videos?search=Ordering%20Coffee", { token: learner.token })).body[0];
    const wordList = (await call(getWords, `/api/videos/${coffee.id}/words`, { token: learner.token, params: { id: String(coffee.id) } })).body;
    const quizOf = async (wordId: number, language: string) =>
      (await call(getQuiz, `/api/words/${wordId}/quiz?nativeLanguage=${language}`, { token: learner.token, params: { id: String(wordId) } })).body;
    const stored = await Promise.all(wordList.map((w: { id: number }) => quizOf(w.id, "en")));
    await t().db.delete(quizzes).where(eq(quizzes.nativeLanguage, "en"));

    const built = await Promise.all(wordList.map((w: { id: number }) => quizOf(w.id, "en")));
    for (const [i, quiz] of built.entries()) {
      expect(quiz.options).toHaveLength(4);
      // The right answer is the same translation the stored quiz had.
      expect(quiz.options[quiz.correctIndex]).toBe(stored[i].options[stored[i].correctIndex]);
      expect(new Set(quiz.options).size).toBe(4);
    }
    // Read again: the same right answer (the wrong options are drawn for each read, tests/integration/quiz-options.test.ts).
    const again = await Promise.all(wordList.map((w: { id: number }) => quizOf(w.id, "en")));
    expect(again.map((q) => q.options[q.correctIndex])).toEqual(built.map((q) => q.options[q.correctIndex]));
    // A word nobody translated into the language has no quiz: the player shows 'Quiz not available'.
    await t().db.delete(quizzes).where(and(eq(quizzes.wordId, wordList[0].id), eq(quizzes.nativeLanguage, "ja")));
    await t().db.delete(wordTranslations).where(and(eq(wordTranslations.wordId, wordList[0].id), eq(wordTranslations.language, "ja")));
    expect(await quizOf(wordList[0].id, "ja")).toMatchObject({ options: [], correctIndex: -1 });
  });

  it("answers 404 to learners for unpublished and unknown videos everywhere", async () => {
    const id = String(hidden.id);
    const cases: [Parameters<typeof call>[0], string, Record<string, string>][] = [
      [getVideo, `/api/videos/${id}`, { id }],
      [getCaptions, `/api/videos/${id}/captions`, { id }],
      [getWords, `/api/videos/${id}/words`, { id }],
      [getWordTimings, `/api/videos/${id}/word-timings`, { id }],
      [getSegmentTranslations, `/api/videos/${id}/segment-translations`, { id }],
      [getFavorite, `/api/users/favorites/${id}`, { videoId: id }],
      [getVideo, "/api/videos/999999", { id: "999999" }],
      [getVideo, "/api/videos/abc", { id: "abc" }],
      [getVideo, "/api/videos/99999999999", { id: "99999999999" }],
    ];
    // Only the plain decimal spelling names a video: not hex, padding, exponents or spaces.
    const visible = String(Math.min(...(await t().db.select({ id: videos.id }).from(videos).where(eq(videos.status, "active"))).map((v) => v.id)));
    expect((await call(getVideo, `/api/videos/${visible}`, { token: learner.token, params: { id: visible } })).status).toBe(200);
    for (const spelling of [`0${visible}`, ` ${visible}`, `${visible}e0`, `0x${Number(visible).toString(16)}`, `${visible}.0`]) {
      cases.push([getVideo, `/api/videos/${encodeURIComponent(spelling)}`, { id: spelling }]);
    }
    for (const [handler, path, params] of cases) {
      const { status } = await call(handler, path, { token: learner.token, params });
      expect(status, path).toBe(404);
    }
    expect((await call(getVideo, `/api/videos/${id}`, { token: learner.token, params: { id } })).body.message).toBe("Video not found");
    const quiz = await call(getQuiz, `/api/words/${hidden.wordId}/quiz`, { token: learner.token, params: { id: String(hidden.wordId) } });
    expect(quiz).toMatchObject({ status: 404, body: { message: "Word not found" } });
    const add = await call(postFavorite, "/api/users/favorites", { method: "POST", token: learner.token, body: { videoId: hidden.id, action: "add" } });
    expect(add.status).toBe(404);
    // Admins and owners see it.
    for (const who of [admin, owner]) {
      expect((await call(getVideo, `/api/videos/${id}`, { token: who.token, params: { id } })).status).toBe(200);
      expect((await call(getWords, `/api/videos/${id}/words`, { token: who.token, params: { id } })).status).toBe(200);
    }
  });

  it("lists categories holding a published video to learners, all to admins and owners", async () => {
    const forLearner = (await call(getCategories, "/api/categories", { token: learner.token })).body;
    expect(forLearner.map((c: { name: string }) => c.name)).toEqual(["Everyday Life", "Food & Drink", "Travel"]);
    for (const who of [admin, owner]) {
      const all = (await call(getCategories, "/api/categories", { token: who.token })).body;
      expect(all.map((c: { name: string }) => c.name)).toEqual(["Drafts", "Everyday Life", "Food & Drink", "Travel"]);
    }
  });

  it("keeps favourites per user: add, status, list, idempotent add, remove", async () => {
    const videoId = (await call(listVideos, "/api/videos?search=Lyon", { token: learner.token })).body[0].id as number;
    const path = `/api/users/favorites/${videoId}`;
    const params = { videoId: String(videoId) };
    expect((await call(getFavorite, path, { token: learner.token, params })).body).toEqual({ isFavorite: false });
    for (let i = 0; i < 2; i++) {
      const added = await call(postFavorite, "/api/users/favorites", { method: "POST", token: learner.token, body: { videoId, action: "add" } });
      expect(added).toMatchObject({ status: 200, body: { isFavorite: true, videoId } });
    }
    expect((await call(getFavorite, path, { token: learner.token, params })).body).toEqual({ isFavorite: true });
    const list = (await call(listFavorites, "/api/users/favorites", { token: learner.token })).body;
    expect(titles(list)).toEqual(["A Morning at the Market in Lyon"]);
    expect(list[0]).toMatchObject({ categoryName: "Food & Drink", totalWords: 4, progress: 0 });
    // Another learner's favourites are their own.
    expect((await call(getFavorite, path, { token: other.token, params })).body).toEqual({ isFavorite: false });
    expect((await call(listFavorites, "/api/users/favorites", { token: other.token })).body).toEqual([]);

    const removed = await call(postFavorite, "/api/users/favorites", { method: "POST", token: learner.token, body: { videoId, action: "remove" } });
    expect(removed.body).toEqual({ videoId, isFavorite: false });
    expect((await call(listFavorites, "/api/users/favorites", { token: learner.token })).body).toEqual([]);
  });

  it("refuses malformed favourite changes with 4xx", async () => {
    for (const [body, message] of [
      [{ videoId: "1", action: "add" }, "videoId: videoId must be a number"],
      [{ videoId: 1, action: "toggle" }, 'action: action must be "add" or "remove"'],
      [{ videoId: 1.5, action: "add" }, "videoId: videoId must be a whole number"],
      [{ videoId: 1, action: "add", userId: "someone" }, undefined],
      [{ action: "add" }, undefined],
    ] as const) {
      const result = await call(postFavorite, "/api/users/favorites", { method: "POST", token: learner.token, body });
      expect(result.status, JSON.stringify(body)).toBe(400);
      if (message) expect(result.body.message).toBe(message);
    }
    const nul = await call(postFavorite, "/api/users/favorites", { method: "POST", token: learner.token, rawBody: '{"videoId":1,"action":"a\\u0000dd"}' });
    expect(nul.status).toBe(400);
    const form = await call(postFavorite, "/api/users/favorites", { method: "POST", token: learner.token, rawBody: "videoId=1", contentType: "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    const unknown = await call(postFavorite, "/api/users/favorites", { method: "POST", token: learner.token, body: { videoId: 999999, action: "add" } });
    expect(unknown).toMatchObject({ status: 404, body: { message: "Video not found" } });
  });
});

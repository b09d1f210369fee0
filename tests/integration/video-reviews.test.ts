/**
 * Due words quizzed inside a video, on PGlite and Postgres: a learner's due card whose lemma is
 * said in the video comes at the end of its line, at every word (the default) in the place of the
 * video's nearest quiz, spaced in a turn of the learner's pacing, with its meaning and distractors of its part of speech;
 * the video's own vocabulary words, ignored words, cards not due, words without a known meaning
 * and other learners' cards never come; answering it with the video moves the card's due date.
 * The quiz's meaning is the one the saved list and the word popover show.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as postAnswer } from "@/app/api/review/answers/route";
import { POST as postSettings } from "@/app/api/settings/route";
import { GET as getDueReviews } from "@/app/api/videos/[id]/due-reviews/route";
import { GET as getLookup } from "@/app/api/words/lookup/route";
import { PUT as putNote } from "@/app/api/words/notes/route";
import { GET as getSaved } from "@/app/api/words/saved/route";
import { PUT as putStatus } from "@/app/api/words/status/route";
import { listWordReviews } from "@/db/queries/words/cards";
import { dictionaries, dictionaryEntries, videos, wordMeanings, words } from "@/db/schema";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { seedActors, type Actor, type ActorName } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

describe.each(testDbKinds)("due words quizzed in a video on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let actors: Record<ActorName, Actor>;
  let routine: number;

  beforeAll(async () => {
    await seedDemoContent(t().db);
    actors = await seedActors(t().db, "in-video");
    const [row] = await t().db.select({ id: videos.id }).from(videos).where(eq(videos.title, "My Daily Routine in German"));
    routine = row!.id;
  });

  const reviewsOf = (who: Actor, videoId = routine) => call(getDueReviews, `/api/videos/${videoId}/due-reviews`, { token: who.token, params: { id: String(videoId) } });
  const save = (who: Actor, lemma: string, status = "learning") => call(putStatus, "/api/words/status", { method: "PUT", token: who.token, body: { language: "de", lemma, status } });
  const settings = async (who: Actor, body: Record<string, unknown>) => expect((await call(postSettings, "/api/settings", { method: "POST", token: who.token, body })).status).toBe(200);

  it("has nothing for a learner without due cards", async () => {
    expect(await reviewsOf(actors.learner)).toEqual({ status: 200, body: { reviews: [] } });
  });

  it("at every word (the default) puts a review in the place of the nearest quiz; spaced, in a turn of the pacing", async () => {
    const [fahrrad] = await t().db.select({ id: words.id }).from(words).where(and(eq(words.videoId, routine), eq(words.word, "Fahrrad")));
    // nehmen (Berlin's vocabulary word) is said in line 5 (ending 29.965 s), 4.4 s after Fahrrad's quiz, which it replaces.
    expect((await save(actors.learner, "nehmen")).status).toBe(200);
    const { status, body } = await reviewsOf(actors.learner);
    expect(status).toBe(200);
    expect(body.reviews).toHaveLength(1);
    const [review] = body.reviews;
    expect(review).toMatchObject({ language: "de", lemma: "nehmen", surface: "nehme", partOfSpeech: "verb", quizTime: 29_965, replacesWordId: fahrrad!.id });

    // At most one quiz every 30 s: Morgen's, at 4.7 s, leaves it no turn (24.9 s later). Every 20 s,
    // Fahrrad's comes 20.4 s after Morgen's, 4.4 s before it. Every 24 s, Fahrrad's is left out and it has its turn.
    for (const seconds of [30, 20]) {
      await settings(actors.learner, { quizFrequency: "spaced", quizGapSeconds: seconds });
      expect((await reviewsOf(actors.learner)).body.reviews).toEqual([]);
    }
    await settings(actors.learner, { quizFrequency: "spaced", quizGapSeconds: 24 });
    expect((await reviewsOf(actors.learner)).body.reviews).toMatchObject([{ lemma: "nehmen", quizTime: 29_965, replacesWordId: null }]);
    await settings(actors.learner, { quizFrequency: "every" });
    // The meaning is Berlin's translation of the word; the options are four different meanings.
    expect(review.options).toHaveLength(4);
    expect(new Set(review.options).size).toBe(4);
    expect(review.options[review.correctIndex]).toBe("to take");
    // The one other verb with a known meaning is among them; too few verbs, so other words' meanings fill in.
    expect(review.options).toContain("to read");
    // Another learner's cards are theirs.
    expect((await reviewsOf(actors.otherLearner)).body.reviews).toEqual([]);
  });

  it("draws distractors from words of the same part of speech when there are enough", async () => {
    await t()
      .db.insert(wordMeanings)
      .values(["to run", "to sleep", "to sing", "to write"].map((m, i) => ({ language: "de", nativeLanguage: "en", lemma: `verb${i}`, model: "m", promptVersion: 1, partOfSpeech: "verb", meanings: [m] })));
    const [review] = (await reviewsOf(actors.learner)).body.reviews;
    const verbs = ["to take", "to read", "to run", "to sleep", "to sing", "to write"];
    for (const option of review.options) expect(verbs).toContain(option);
  });

  it("leaves out the video's own vocabulary words, ignored words and words with no known meaning", async () => {
    expect((await save(actors.learner, "Fahrrad")).status).toBe(200);
    // lesen is said in line 6; no translation, cached meaning or dictionary has it yet.
    expect((await save(actors.learner, "lesen")).status).toBe(200);
    expect((await save(actors.learner, "nehmen", "ignored")).status).toBe(200);
    expect((await reviewsOf(actors.learner)).body.reviews).toEqual([]);

    const [dictionary] = await t().db.insert(dictionaries).values({ sourceLanguage: "de", targetLanguage: "en", name: "Test", licence: "CC0" }).returning();
    await t()
      .db.insert(dictionaryEntries)
      .values({ dictionaryId: dictionary!.id, headword: "lesen", definition: "to read; to gather (grapes)" });
    const [review] = (await reviewsOf(actors.learner)).body.reviews;
    const [mitbewohner] = await t().db.select({ id: words.id }).from(words).where(and(eq(words.videoId, routine), eq(words.word, "Mitbewohner")));
    expect(review).toMatchObject({ lemma: "lesen", surface: "lese", quizTime: 34_899, replacesWordId: mitbewohner!.id });
    expect(review.options[review.correctIndex]).toBe("to read");
  });

  it("takes the answer given in the video as a review of the card, which then is no longer due", async () => {
    const before = (await reviewsOf(actors.learner)).body.reviews;
    expect(before.map((r: { lemma: string }) => r.lemma)).toEqual(["lesen"]);
    const answer = await call(postAnswer, "/api/review/answers", { method: "POST", token: actors.learner.token, body: { language: "de", lemma: "lesen", grade: "good", videoId: routine } });
    expect(answer.status).toBe(200);
    expect(answer.body.kind).toBe("review");
    expect(Date.parse(answer.body.card.due)).toBeGreaterThan(Date.now());
    const [logged] = await listWordReviews(t().db, { userId: actors.learner.id, language: "de", lemma: "lesen" });
    expect(logged).toMatchObject({ kind: "review", source: "video-review", videoId: routine, rating: 3 });
    expect((await reviewsOf(actors.learner)).body.reviews).toEqual([]);
  });

  it("quizzes nothing when the learner has quizzes off", async () => {
    expect((await save(actors.learner, "nehmen")).status).toBe(200);
    expect((await reviewsOf(actors.learner)).body.reviews).toHaveLength(1);
    await settings(actors.learner, { quizFrequency: "off" });
    expect((await reviewsOf(actors.learner)).body.reviews).toEqual([]);
    await settings(actors.learner, { quizFrequency: "spaced", pauseOnHighlight: false });
    expect((await reviewsOf(actors.learner)).body.reviews).toEqual([]);
  });

  it("asks the meaning the saved list and the popover show: the note, else the videos' translation, else a dictionary, else the AI's cached meaning", async () => {
    await settings(actors.learner, { quizFrequency: "every", pauseOnHighlight: true });
    const asked = async () => {
      const [review] = (await reviewsOf(actors.learner)).body.reviews;
      expect(review).toMatchObject({ lemma: "nehmen" });
      return review.options[review.correctIndex];
    };
    const listed = async () => {
      const { body } = await call(getSaved, "/api/words/saved?language=de", { token: actors.learner.token });
      return body.words.find((w: { lemma: string }) => w.lemma === "nehmen").meaning;
    };
    const popover = async () => (await call(getLookup, "/api/words/lookup?language=de&surface=nehme&lemma=nehmen", { token: actors.learner.token })).body;

    // Berlin's vocabulary translation: the quiz, the list and the popover all take it.
    expect(await asked()).toBe("to take");
    expect(await listed()).toEqual({ text: "to take", source: "vocabulary" });
    expect(await popover()).toMatchObject({ source: "vocabulary", vocabulary: { translation: "to take" } });

    // What processing made of the word comes before what a dictionary or the AI says in general.
    await t()
      .db.insert(wordMeanings)
      .values({ language: "de", nativeLanguage: "en", lemma: "nehmen", model: "m", promptVersion: 1, partOfSpeech: "verb", meanings: ["to grab", "to take"] });
    const [dictionary] = await t().db.insert(dictionaries).values({ sourceLanguage: "de", targetLanguage: "en", name: "Second", licence: "CC0" }).returning();
    await t().db.insert(dictionaryEntries).values({ dictionaryId: dictionary!.id, headword: "nehmen", definition: "to seize; to accept" });
    expect(await asked()).toBe("to take");
    expect(await listed()).toEqual({ text: "to take", source: "vocabulary" });

    expect((await call(putNote, "/api/words/notes", { method: "PUT", token: actors.learner.token, body: { language: "de", lemma: "nehmen", note: "to pick up" } })).status).toBe(200);
    expect(await asked()).toBe("to pick up");
    expect(await listed()).toEqual({ text: "to pick up", source: "note" });
    expect(await popover()).toMatchObject({ source: "note", note: { text: "to pick up" } });
  });

  it("answers 404 for an unknown video or a malformed id, as the video's other reads do", async () => {
    expect((await reviewsOf(actors.learner, 999_999)).status).toBe(404);
    const bad = await call(getDueReviews, "/api/videos/abc/due-reviews", { token: actors.learner.token, params: { id: "abc" } });
    expect(bad.status).toBe(404);
  });
});

/**
 * A vocabulary word's quiz (GET /api/words/{id}/quiz) on PGlite and Postgres: its right answer is
 * the stored one; its wrong options are drawn for each read from the language's vocabulary, of the
 * word's part of speech, beyond the word's own video (café's from "Introducing Yourself" too), the
 * AI's cached meanings and imported dictionaries; the right answer takes every place.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getQuizRoute } from "@/app/api/words/[id]/quiz/route";
import { getUserById } from "@/db/queries/users";
import { dictionaries, dictionaryEntries, videos, wordMeanings, words, wordTranslations } from "@/db/schema";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { seededRandom } from "@/lib/quiz/shuffle";
import { getQuiz } from "@/lib/services/content";
import { seedActors, type Actor, type ActorName } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

describe.each(testDbKinds)("a word's quiz options on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let actors: Record<ActorName, Actor>;
  let cafe: number;
  /** English translations of each Spanish demo video's vocabulary, by title. */
  const meanings: Record<string, string[]> = {};

  beforeAll(async () => {
    await seedDemoContent(t().db);
    actors = await seedActors(t().db, "options");
    const rows = await t()
      .db.select({ id: words.id, word: words.word, title: videos.title, translation: wordTranslations.translation })
      .from(words)
      .innerJoin(videos, eq(videos.id, words.videoId))
      .innerJoin(wordTranslations, eq(wordTranslations.wordId, words.id))
      .where(eq(wordTranslations.language, "en"));
    for (const r of rows) (meanings[r.title] ??= []).push(r.translation);
    cafe = rows.find((r) => r.word === "café")!.id;
  });

  const draws = async (count: number, seed: string) => {
    const learner = (await getUserById(t().db, { id: actors.learner.id }))!;
    const random = seededRandom(seed);
    const quizzes = [];
    for (let i = 0; i < count; i++) quizzes.push(await getQuiz(t().db, learner, cafe, "en", random));
    return quizzes;
  };

  it("asks the stored answer among wrong options of its part of speech drawn beyond its own video, the answer in every place", async () => {
    const quizzes = await draws(40, "café");
    const own = meanings["Ordering Coffee in Madrid"]!;
    // The Spanish nouns other than café: toast, water, day (its video's), south, nurse, sister (Introducing Yourself's).
    const nouns = [...own.filter((m) => m !== "coffee"), ...meanings["Introducing Yourself in Spanish"]!.filter((m) => m !== "to read")];
    const seen = new Set<string>();
    const places = new Set<number>();
    for (const quiz of quizzes) {
      expect(quiz.options).toHaveLength(4);
      expect(new Set(quiz.options).size).toBe(4);
      expect(quiz.options[quiz.correctIndex]).toBe("coffee");
      places.add(quiz.correctIndex);
      for (const [i, option] of quiz.options.entries()) {
        if (i === quiz.correctIndex) continue;
        expect(nouns).toContain(option);
        seen.add(option);
      }
    }
    expect([...seen].filter((m) => !own.includes(m)).sort()).toEqual(["nurse", "sister", "south"]);
    expect(places).toEqual(new Set([0, 1, 2, 3]));
  });

  it("draws from the AI's cached meanings and from imported dictionaries' definitions of words the videos say", async () => {
    await t()
      .db.insert(wordMeanings)
      .values(["the bridge", "the river", "the cloud"].map((m, i) => ({ language: "es", nativeLanguage: "en", lemma: `cached${i}`, model: "m", promptVersion: 1, partOfSpeech: "noun" as const, meanings: [m] })));
    const [dictionary] = await t().db.insert(dictionaries).values({ sourceLanguage: "es", targetLanguage: "en", name: "Options", licence: "CC0" }).returning();
    // leche (said in café's line) and tomate (said in tostada's), defined.
    await t()
      .db.insert(dictionaryEntries)
      .values([
        { dictionaryId: dictionary!.id, headword: "leche", definition: "milk; (colloquial) luck" },
        { dictionaryId: dictionary!.id, headword: "tomate", definition: "tomato" },
      ]);
    const seen = new Set((await draws(60, "more")).flatMap((q) => q.options.filter((_, i) => i !== q.correctIndex)));
    for (const meaning of ["the bridge", "the river", "the cloud", "milk", "tomato"]) expect(seen).toContain(meaning);
    expect(seen).not.toContain("milk; (colloquial) luck");
  });

  it("answers the learner through the route, four options with the right one marked", async () => {
    const { status, body } = await call(getQuizRoute, `/api/words/${cafe}/quiz?nativeLanguage=en`, { token: actors.learner.token, params: { id: String(cafe) } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ wordId: cafe, word: "café", nativeLanguage: "en" });
    expect(body.options).toHaveLength(4);
    expect(body.options[body.correctIndex]).toBe("coffee");
  });
});

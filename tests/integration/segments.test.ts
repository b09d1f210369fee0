/** The owner's live segment editor endpoints: owners only, and the change shows where the player reads it. */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as reselect } from "@/app/api/videos/[id]/segments/[segmentId]/reselect-words/route";
import { POST as updateText } from "@/app/api/videos/[id]/segments/[segmentId]/update/route";
import { GET as getCaptions } from "@/app/api/videos/[id]/captions/route";
import { GET as getTranslations } from "@/app/api/videos/[id]/segment-translations/route";
import { GET as getWords } from "@/app/api/videos/[id]/words/route";
import { GET as getTokens } from "@/app/api/videos/[id]/tokens/route";
import { saveProcessedContent } from "@/db/queries/processed";
import { captions, quizzes, userWordProgress, videoProgress, videos, words } from "@/db/schema";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { tokenize } from "@/lib/text/tokenize";
import { wordChoices } from "@/lib/text/word-choices";
import { seedActors } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

type Who = { id: string; token: string };

describe.each(testDbKinds)("segment editor API on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let owner: Who, admin: Who, learner: Who, other: Who;
  let videoId: string, otherVideoId: string;
  let segments: { id: number; text: string; endTime: number }[];

  beforeAll(async () => {
    const db = t().db;
    await seedDemoContent(db);
    ({ owner, admin, learner, otherLearner: other } = await seedActors(db));
    const all = await db.select({ id: videos.id, title: videos.title }).from(videos);
    videoId = String(all.find((v) => v.title === "Ordering Coffee in Madrid")!.id);
    otherVideoId = String(all.find((v) => v.title === "A Weekend in Rome")!.id);
    segments = (await call(getCaptions, `/api/videos/${videoId}/captions`, { token: owner.token, params: { id: videoId } })).body;
  });

  const edit = (who: Who | null, segmentId: number, body: unknown, handler = updateText, video = videoId) =>
    call(handler, `/api/videos/${video}/segments/${segmentId}/update`, {
      method: "POST",
      token: who?.token,
      body,
      params: { id: video, segmentId: String(segmentId) },
    });

  it("is for owners only: anonymous 401; learners and admins 403, and nothing changes", async () => {
    const segment = segments[0]!;
    expect((await edit(null, segment.id, { newText: "x" })).status).toBe(401);
    for (const who of [learner, other, admin]) {
      expect((await edit(who, segment.id, { newText: "Hackeado" })).status).toBe(403);
      expect((await edit(who, segment.id, { newHighlightedWord: "días" }, reselect)).status).toBe(403);
    }
    const after = (await call(getCaptions, `/api/videos/${videoId}/captions`, { token: owner.token, params: { id: videoId } })).body;
    expect(after[0].text).toBe(segment.text);
  });

  it("updates a line's text, which the player then reads; unchanged text is a no-op", async () => {
    const segment = segments[0]!;
    const newText = "Buenos días, quisiera un café solo, por favor.";
    const saved = await edit(owner, segment.id, { newText: `  ${newText}  ` });
    expect(saved).toMatchObject({ status: 200, body: { id: segment.id, text: newText, updated: true } });
    const captions = (await call(getCaptions, `/api/videos/${videoId}/captions`, { token: learner.token, params: { id: videoId } })).body;
    expect(captions[0].text).toBe(newText);
    const wordList = (await call(getWords, `/api/videos/${videoId}/words`, { token: learner.token, params: { id: videoId } })).body;
    expect(wordList.find((w: { word: string }) => w.word === "café").context).toBe(newText);
    expect((await edit(owner, segment.id, { newText })).body).toMatchObject({ updated: false });
    // 'Save Without Updating' kept the line's translations.
    const english = (await call(getTranslations, `/api/videos/${videoId}/segment-translations?language=en`, { token: learner.token, params: { id: videoId } })).body;
    expect(english.some((t: { captionId: number }) => t.captionId === segment.id)).toBe(true);
    // The line's words follow its text: those it kept keep their lemmas, a new one has its own spelling.
    const line = (await call(getTokens, `/api/videos/${videoId}/tokens`, { token: learner.token, params: { id: videoId } })).body.lines[0];
    expect(line.words.map((w: { surface: string; lemma: string }) => `${w.surface}:${w.lemma}`)).toEqual([
      "Buenos:bueno",
      "días:día",
      "quisiera:querer",
      "un:un",
      "café:café",
      "solo:solo",
      "por:por",
      "favor:favor",
    ]);
    expect(line.words.every((w: { start: number; end: number; surface: string }) => newText.slice(w.start, w.end) === w.surface)).toBe(true);
  });

  it("'Yes, Update All' removes the line's translations of the old text, and only that line's", async () => {
    const [segment, next] = [segments[1]!, segments[2]!];
    const before = (await call(getTranslations, `/api/videos/${videoId}/segment-translations`, { token: owner.token, params: { id: videoId } })).body;
    const ofLine = (list: { captionId: number }[], id: number) => list.filter((t) => t.captionId === id).length;
    expect(ofLine(before, segment.id)).toBeGreaterThan(1);
    // Unchanged text removes nothing, whatever the flag says.
    expect((await edit(owner, segment.id, { newText: segment.text, updateTranslations: true })).body).toMatchObject({ updated: false, translationsRemoved: 0 });
    const saved = await edit(owner, segment.id, { newText: "¿Para tomar aquí o para llevar, señora?", updateTranslations: true });
    expect(saved.body).toMatchObject({ updated: true, translationsRemoved: ofLine(before, segment.id) });
    const after = (await call(getTranslations, `/api/videos/${videoId}/segment-translations`, { token: owner.token, params: { id: videoId } })).body;
    expect(ofLine(after, segment.id)).toBe(0);
    expect(ofLine(after, next.id)).toBe(ofLine(before, next.id));
    expect((await edit(owner, segment.id, { newText: "x", updateTranslations: "yes" })).body.message).toBe("updateTranslations: updateTranslations must be true or false");
  });

  it("makes another word of the line its vocabulary word, timed by its spoken timing", async () => {
    const segment = segments[0]!;
    const before = (await call(getWords, `/api/videos/${videoId}/words`, { token: owner.token, params: { id: videoId } })).body;
    const old = before.find((w: { captionId: number }) => w.captionId === segment.id);
    const result = await edit(owner, segment.id, { newHighlightedWord: "Días," }, reselect);
    expect(result).toMatchObject({ status: 200, body: { id: old.id, word: "días", timestamp: 1323, captionId: segment.id } });
    const after = (await call(getWords, `/api/videos/${videoId}/words`, { token: learner.token, params: { id: videoId } })).body;
    expect(after.map((w: { word: string }) => w.word)).toContain("días");
    // Its quiz comes once the line is said, as for processed words (not mid-line, at the word).
    expect(Number(after.find((w: { word: string }) => w.word === "días").quizTime)).toBe(segment.endTime);
    expect(after.map((w: { word: string }) => w.word)).not.toContain("café");
    // The old word's quizzes were for the old word.
    expect(await t().db.select().from(quizzes).where(eq(quizzes.wordId, old.id))).toEqual([]);
    // Matched whatever the case, kept as the line writes it.
    expect((await edit(owner, segment.id, { newHighlightedWord: "BUENOS" }, reselect)).body).toMatchObject({ word: "Buenos" });
    expect((await edit(owner, segment.id, { newHighlightedWord: "días" }, reselect)).body).toMatchObject({ word: "días" });
  });

  /** A one-line video in `language`, its words spoken at the given times; the line's segment id and its video's id. */
  async function oneLine(language: string, text: string, spoken: [word: string, startMs: number][]) {
    const db = t().db;
    const [video] = await db.insert(videos).values({ youtubeId: "abcdefghijk", title: `A line in ${language}`, targetLanguage: language }).returning();
    const timings = spoken.map(([word, startMs], i) => ({ word, startMs, endMs: spoken[i + 1]?.[1] ?? startMs + 300, segmentIndex: 0 }));
    await saveProcessedContent(db, video!.id, { durationMs: 5000, segments: [{ text, startMs: 0, endMs: 5000, translations: {} }], timings, words: [], quizzes: [] });
    const [caption] = await db.select({ id: captions.id }).from(captions).where(eq(captions.videoId, video!.id));
    return { video: String(video!.id), segment: caption!.id };
  }

  it("a change of case alone keeps the word's quizzes exactly when its learners' records still apply (the progress key, lower() in SQL)", async () => {
    const db = t().db;
    // [the word processing chose, the line, the word chosen now, whether it is the same word to the progress key].
    // Postgres's lower() and JS toLowerCase() agree on "Über" and "ÉCOLE", not on a final sigma or a dotted I.
    const cases = [
      ["Über", "Un über aquí.", "über", true],
      ["ÉCOLE", "Una école aquí.", "école", true],
      ["ΟΔΟΣ", "Una οδος aquí.", "οδος", false],
      ["istanbul", "Hoy en İstanbul.", "İstanbul", true],
    ] as const;
    for (const [old, text, chosen, same] of cases) {
      const line = await oneLine("es", text, []);
      const id = Number(line.video);
      const [word] = await db.insert(words).values({ videoId: id, captionId: line.segment, word: old, timestamp: 0, quizTime: 5000, context: text }).returning();
      await db.insert(quizzes).values({ wordId: word!.id, nativeLanguage: "en", question: null, options: ["a", "b"], correctIndex: 0 });
      // The learner learned the word as processing spelled it.
      await db.insert(videoProgress).values({ userId: learner.id, videoId: id, wordsLearned: 1, progressPercent: 100, completed: true });
      await db.insert(userWordProgress).values({ userId: learner.id, videoId: id, wordKey: sql`lower(${old})`, learned: true, correctCount: 1 });

      const result = await edit(owner, line.segment, { newHighlightedWord: chosen }, reselect, line.video);
      expect(result, old).toMatchObject({ status: 200, body: { id: word!.id, word: chosen, quizzesQueued: !same } });
      expect((await db.select().from(quizzes).where(eq(quizzes.wordId, word!.id))).length, old).toBe(same ? 1 : 0);
      const [progress] = await db.select().from(videoProgress).where(and(eq(videoProgress.userId, learner.id), eq(videoProgress.videoId, id)));
      expect(progress, old).toMatchObject({ wordsLearned: same ? 1 : 0, completed: same });
    }
  });

  it("takes a French word out of its elision, timed by the timing that says it with the clitic", async () => {
    const line = await oneLine("fr", "Je bois de l'eau fraîche.", [["Je", 0], ["bois", 200], ["de", 500], ["l'eau", 600], ["fraîche.", 1000]]);
    const choose = (word: string) => edit(owner, line.segment, { newHighlightedWord: word }, reselect, line.video);
    expect(await choose("eau")).toMatchObject({ status: 200, body: { word: "eau", timestamp: 600 } });
    expect(await choose("l'eau")).toMatchObject({ status: 200, body: { word: "eau", timestamp: 600 } });
    expect(await choose("fraîche.")).toMatchObject({ status: 200, body: { word: "fraîche", timestamp: 1000 } });
    // The clitic alone, and a stop-word of the line: in it, but never taught.
    for (const word of ["l'", "de"]) {
      expect(await choose(word)).toMatchObject({ status: 400, body: { message: `"${word}" cannot be taught: stop-words, numbers and single letters are not` } });
    }
  });

  it("offers a Japanese line's words, not the whole line, and times a word of several pieces by its first", async () => {
    const text = "私は毎朝コーヒーを飲みます。";
    const line = await oneLine("ja", text, [["私", 0], ["は", 200], ["毎朝", 400], ["コーヒー", 900], ["を", 1400], ["飲", 1600], ["み", 1750], ["ます。", 1850]]);
    const choose = (word: string) => edit(owner, line.segment, { newHighlightedWord: word }, reselect, line.video);
    // The editor's choices are words the server takes, as the line writes them.
    const offered = wordChoices(text, tokenize(text, "ja"), "ja").map((c) => c.text);
    expect(offered).toEqual(["毎朝", "コーヒー", "飲"]);
    for (const word of offered) expect((await choose(word)).body, word).toMatchObject({ word });
    expect(await choose("飲みます")).toMatchObject({ status: 200, body: { word: "飲みます", timestamp: 1600 } });
    expect(await choose("コーヒー")).toMatchObject({ status: 200, body: { word: "コーヒー", timestamp: 900 } });
    expect(await choose(text)).toMatchObject({ status: 400, body: { message: `"${text}" cannot be taught: stop-words, numbers and single letters are not` } });
    expect(await choose("飲む")).toMatchObject({ status: 400, body: { message: '"飲む" is not in this line' } });
  });

  it("refuses bad input with 4xx and the reason", async () => {
    const segment = segments[1]!;
    for (const [handler, body, status, message] of [
      [updateText, { newText: "   " }, 400, "newText: The line's text must not be empty"],
      [updateText, { newText: 42 }, 400, "newText: newText must be text"],
      [updateText, { newText: "ok", extra: 1 }, 400, undefined],
      [reselect, { newHighlightedWord: "  " }, 400, "newHighlightedWord: Choose a word from this line"],
      [reselect, { newHighlightedWord: "¿?" }, 400, "newHighlightedWord: Choose a word from this line"],
      [reselect, { newHighlightedWord: "para" }, 400, '"para" cannot be taught: stop-words, numbers and single letters are not'],
      [reselect, { newHighlightedWord: "zanahoria" }, 400, '"zanahoria" is not in this line'],
    ] as const) {
      const result = await edit(owner, segment.id, body, handler);
      expect(result.status, JSON.stringify(body)).toBe(status);
      if (message) expect(result.body.message).toBe(message);
    }
    // One vocabulary word per video: "días" belongs to the first line now.
    await edit(owner, segment.id, { newText: `${segment.text} Buenos días.` });
    const taken = await edit(owner, segment.id, { newHighlightedWord: "días" }, reselect);
    expect(taken).toMatchObject({ status: 409, body: { message: '"días" is already a vocabulary word of another line' } });
    // A segment of another video, and an unknown segment.
    expect((await edit(owner, segment.id, { newText: "x" }, updateText, otherVideoId)).status).toBe(404);
    expect((await edit(owner, 999999, { newText: "x" })).status).toBe(404);
    const nul = await call(updateText, `/api/videos/${videoId}/segments/${segment.id}/update`, {
      method: "POST",
      token: owner.token,
      rawBody: '{"newText":"a\\u0000b"}',
      params: { id: videoId, segmentId: String(segment.id) },
    });
    expect(nul.status).toBe(400);
    const huge = await edit(owner, segment.id, { newText: "x".repeat(20_000) });
    expect(huge.status).toBe(413);
  });
});

/**
 * Due words are quizzed in the demo videos with the default settings, on PGlite and Postgres: a
 * learner with a due card for a word each demo video says (not one of its vocabulary words) gets
 * it as a review at the end of a line that says it, in the place of one of the video's quizzes
 * (those ~40 s videos quiz a word every 10 s or so, leaving no room for an extra quiz).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getDueReviews } from "@/app/api/videos/[id]/due-reviews/route";
import { GET as getMe } from "@/app/api/users/route";
import { PUT as putNote } from "@/app/api/words/notes/route";
import { PUT as putStatus } from "@/app/api/words/status/route";
import { captions, videoLemmas, videos, videoTokens, words } from "@/db/schema";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { lemmaKey } from "@/lib/words/key";
import { signedInUser } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

describe.each(testDbKinds)("due words in the demo videos at the default pacing on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let demo: { id: number; title: string; language: string }[];

  beforeAll(async () => {
    await seedDemoContent(t().db);
    demo = (await t().db.select({ id: videos.id, title: videos.title, language: videos.targetLanguage }).from(videos).orderBy(videos.id)).map((v) => v);
    expect(demo).toHaveLength(6);
  });

  it("quizzes in every demo video a due word it says, in one of its vocabulary quizzes' place", async () => {
    for (const [n, video] of demo.entries()) {
      const db = t().db;
      const vocabulary = await db.select({ id: words.id, word: words.word }).from(words).where(eq(words.videoId, video.id));
      const own = new Set(vocabulary.map((w) => lemmaKey(w.word, video.language)));
      const said = (await db.select({ lemma: videoLemmas.lemma }).from(videoLemmas).where(eq(videoLemmas.videoId, video.id))).map((l) => l.lemma);
      const lemma = said.filter((l) => !own.has(l)).sort()[0]!;
      expect(lemma, video.title).toBeTruthy();

      // A new learner, default settings: the word saved (a card due at once), with a note for its meaning.
      const learner = await signedInUser(`demo-review-${n}@example.com`);
      expect((await call(getMe, "/api/users", { token: learner.token })).status).toBe(200);
      expect((await call(putStatus, "/api/words/status", { method: "PUT", token: learner.token, body: { language: video.language, lemma, status: "learning" } })).status).toBe(200);
      expect((await call(putNote, "/api/words/notes", { method: "PUT", token: learner.token, body: { language: video.language, lemma, note: `meaning ${n}` } })).status).toBe(200);

      const { status, body } = await call(getDueReviews, `/api/videos/${video.id}/due-reviews`, { token: learner.token, params: { id: String(video.id) } });
      expect(status).toBe(200);
      expect(body.reviews, video.title).toHaveLength(1);
      const [review] = body.reviews;
      expect(review).toMatchObject({ language: video.language, lemma });
      expect(review.options[review.correctIndex]).toBe(`meaning ${n}`);
      expect(vocabulary.map((w) => w.id)).toContain(review.replacesWordId);
      // At the end of a line that says it.
      const [line] = await db.select({ endTime: captions.endTime }).from(captions).where(eq(captions.id, review.captionId));
      expect(review.quizTime).toBe(line!.endTime);
      const tokens = await db.select({ lemma: videoTokens.lemma }).from(videoTokens).where(eq(videoTokens.captionId, review.captionId));
      expect(tokens.map((tk) => tk.lemma)).toContain(lemma);
    }
  });
});

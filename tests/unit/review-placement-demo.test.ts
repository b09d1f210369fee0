/**
 * Reviews on the demo videos' real timings (db/seed/demo-content.json: about 40 s, a vocabulary
 * quiz every 10 s or so): at the default pacing a due word said in any line of any demo video is
 * quizzed at that line's end, and a visit played frame by frame, as the player checks it, opens
 * exactly what was placed; reviews never crowd a video.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { placeReviews, quizSchedule, REVIEW_NEAR_MS, type PlacedReview, type ReviewCandidate } from "@/lib/words/cards/placement";
import { quizPacing, quizToTrigger, quizTriggerTime, REVIEW_GAP_MS, type QuizPacing } from "@/lib/player/timing";

type DemoVideo = {
  title: string;
  durationMs: number;
  segments: { startTime: number; endTime: number }[];
  vocabulary: { word: string; segmentIndex: number; timestamp: number; quizTime: number }[];
};
const demo = (JSON.parse(readFileSync("db/seed/demo-content.json", "utf8")) as { videos: DemoVideo[] }).videos;

/** A demo video as the server and the player see it: lines with ids, vocabulary words with ids. */
function videoOf(video: DemoVideo) {
  const lines = video.segments.map((s, i) => ({ id: i + 1, startTime: s.startTime, endTime: s.endTime }));
  const vocabulary = video.vocabulary.map((v, i) => ({ id: 100 + i, word: v.word, timestamp: v.timestamp, quizTime: v.quizTime, captionId: v.segmentIndex + 1 }));
  const quizzes = vocabulary.map((v) => ({ id: v.id, at: quizTriggerTime(v) }));
  const reviewLine = (index: number) => ({ captionId: index + 1, endTime: lines[index]!.endTime, hasVocabulary: video.vocabulary.some((v) => v.segmentIndex === index) });
  return { lines, vocabulary, quizzes, reviewLine };
}

/** What the API sends for placed reviews (the parts the player uses). */
const asSent = (placed: PlacedReview[]) => placed.map((p) => ({ lemma: p.lemma, quizTime: p.quizTime, captionId: p.line.captionId, replacesWordId: p.replaces }));

/**
 * A visit played from the start to the end, the time moving 200 ms a frame (SPEC §9's poll), each
 * quiz answered as it opens: which open, in order, and when.
 */
function play(video: DemoVideo, placed: PlacedReview[], pacing: QuizPacing) {
  const { lines, vocabulary } = videoOf(video);
  const schedule = quizSchedule(vocabulary, asSent(placed), lines);
  const asked = new Set<number>();
  const opened: { name: string; at: number }[] = [];
  let lastQuizAt: number | null = null;
  for (let previous = 0, now = 200; previous <= video.durationMs; previous = now, now += 200) {
    const hit = quizToTrigger(schedule, previous, now, asked, { lines, lineOf: (w) => (w as (typeof schedule)[number]).lineId, pacing, lastQuizAt, isReview: (w) => w.id < 0 });
    if (!hit) continue;
    asked.add(hit.word.id);
    lastQuizAt = now;
    opened.push({ name: hit.word.quiz.kind === "review" ? `review:${hit.word.quiz.review.lemma}` : hit.word.quiz.word.word, at: quizTriggerTime(hit.word) });
  }
  return opened;
}

const every = quizPacing({ pauseOnHighlight: true, quizFrequency: "every", quizGapSeconds: 30 });

describe("reviews in the demo videos at the default pacing", () => {
  it("the default settings quiz every vocabulary word", () => {
    expect(quizPacing(undefined)).toEqual({ mode: "every" });
    expect(every).toEqual({ mode: "every" });
  });

  for (const video of demo) {
    it(`quizzes a due word said in any line of "${video.title}" at that line's end, and playing it opens exactly what was placed`, () => {
      const { quizzes, reviewLine } = videoOf(video);
      for (const [index] of video.segments.entries()) {
        const placed = placeReviews([{ lemma: "due", lines: [reviewLine(index)] }], quizzes, every);
        expect(placed, `line ${index + 1}`).toEqual([expect.objectContaining({ lemma: "due", quizTime: video.segments[index]!.endTime })]);
        // With a quiz every 10 s there is no 20 s of room: the review takes the place of the nearest one.
        const replaced = placed[0]!.replaces;
        expect(quizzes.map((q) => q.id)).toContain(replaced);

        const opened = play(video, placed, every);
        const expected = [
          ...video.vocabulary.filter((_, i) => 100 + i !== replaced).map((v) => ({ name: v.word, at: v.quizTime - 350 })),
          { name: "review:due", at: video.segments[index]!.endTime - 350 },
        ].sort((a, b) => a.at - b.at);
        expect(opened, `line ${index + 1}`).toEqual(expected);
        for (let i = 1; i < opened.length; i++) expect(opened[i]!.at - opened[i - 1]!.at).toBeGreaterThanOrEqual(REVIEW_NEAR_MS);
      }
    });
  }

  it("never crowds a demo video: many due words said everywhere make at most two reviews, 20 s apart, in the place of at most half its quizzes", () => {
    for (const video of demo) {
      const { quizzes, reviewLine } = videoOf(video);
      const everywhere = video.segments.map((_, i) => reviewLine(i));
      const candidates: ReviewCandidate[] = Array.from({ length: 12 }, (_, i) => ({ lemma: `due${i}`, lines: everywhere }));
      const placed = placeReviews(candidates, quizzes, every);
      expect(placed.length, video.title).toBeGreaterThanOrEqual(1);
      expect(placed.length, video.title).toBeLessThanOrEqual(2);
      for (let i = 1; i < placed.length; i++) expect(placed[i]!.quizTime - placed[i - 1]!.quizTime).toBeGreaterThanOrEqual(REVIEW_GAP_MS);
      expect(placed.filter((p) => p.replaces !== null).length).toBeLessThanOrEqual(quizzes.length / 2);
      const opened = play(video, placed, every);
      expect(opened.filter((o) => o.name.startsWith("review:"))).toHaveLength(placed.length);
      // Each review in a quiz's place leaves one fewer of the video's own.
      expect(opened).toHaveLength(quizzes.length - placed.filter((p) => p.replaces !== null).length + placed.length);
    }
  });

  it("spaced, whatever is placed opens when the video is played: the player drops no review", () => {
    for (const seconds of [10, 20, 30]) {
      const pacing = quizPacing({ pauseOnHighlight: true, quizFrequency: "spaced", quizGapSeconds: seconds });
      for (const video of demo) {
        const { quizzes, reviewLine } = videoOf(video);
        for (const [index] of video.segments.entries()) {
          const placed = placeReviews([{ lemma: "due", lines: [reviewLine(index)] }], quizzes, pacing);
          const opened = play(video, placed, pacing);
          expect(opened.filter((o) => o.name === "review:due").length, `${video.title}, line ${index + 1}, ${seconds} s`).toBe(placed.length);
          // The learner's gap holds between every two quizzes opened.
          for (let i = 1; i < opened.length; i++) expect(opened[i]!.at - opened[i - 1]!.at).toBeGreaterThanOrEqual(seconds * 1000 - 200);
        }
      }
    }
  });
});

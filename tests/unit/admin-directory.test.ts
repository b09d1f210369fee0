import { describe, expect, it } from "vitest";
import { pendingVideo, processingOutcomes, upsertVideo, withPendingRetries } from "@/lib/admin/directory";
import { jobOutcomeToast, processedToast, quizToast, translationToast, wordsExtractedToast, needsConfirmation } from "@/lib/admin/processing-messages";
import { JOB_POLL_INTERVAL_MS, jobEnded, jobPollInterval } from "@/lib/admin/video-status";
import type { JobStatus } from "@/lib/jobs/queues";
import type { VideoCard } from "@/lib/types/api";
import { videoCard } from "../helpers/video-card";

const card = (id: number, status: string, processingProgress: number, extra: Partial<VideoCard> = {}): VideoCard =>
  videoCard({ id, title: `Video ${id}`, status, processingProgress, ...extra });

describe("the optimistic row of a new video", () => {
  it("is processing at 0 % with no words, titled by its id until the server names it", () => {
    const row = pendingVideo({ youtubeId: "dQw4w9WgXcQ", title: " ", categoryId: 2, categoryIds: [5, 2], targetLanguage: "fr", categoryName: (id) => ({ 2: "Food", 5: "Travel" })[id] });
    expect(row).toMatchObject({ status: "processing", processingProgress: 0, wordCount: 0, title: "YouTube video dQw4w9WgXcQ", categoryIds: [2, 5], categoryNames: ["Food", "Travel"] });
    expect(pendingVideo({ youtubeId: "dQw4w9WgXcQ", title: "Mine", categoryId: null, categoryIds: [], targetLanguage: "en", categoryName: () => undefined }).title).toBe("Mine");
  });
});

describe("a retry in flight", () => {
  it("shows the video processing at 0 % without its failure", () => {
    const list = [card(1, "failed", 40, { errorReason: "No audio" }), card(2, "active", 100)];
    expect(withPendingRetries(list, new Set([1]))[0]).toMatchObject({ status: "processing", processingProgress: 0, errorReason: null });
    expect(withPendingRetries(list, new Set())).toBe(list);
  });
});

describe("putting a video the server answered with into the list", () => {
  it("adds a new one first and replaces a known one in place", () => {
    const list = [card(2, "active", 100), card(1, "active", 100)];
    expect(upsertVideo(list, card(3, "processing", 0)).map((v) => v.id)).toEqual([3, 2, 1]);
    expect(upsertVideo(list, card(1, "unpublished", 100)).map((v) => [v.id, v.status])).toEqual([[2, "active"], [1, "unpublished"]]);
    expect(upsertVideo(undefined, card(1, "processing", 0))).toHaveLength(1);
  });
});

describe("processing outcomes between two polls", () => {
  it("reports videos that finished or failed since the last poll, once", () => {
    const before = [card(1, "processing", 90), card(2, "processing", 30), card(3, "processing", 10), card(4, "active", 100)];
    const after = [card(1, "processed", 100), card(2, "failed", 30, { errorReason: "No audio" }), card(3, "processing", 20), card(4, "active", 100)];
    expect(processingOutcomes(before, after).map((o) => [o.video.id, o.outcome])).toEqual([[1, "processed"], [2, "failed"]]);
    expect(processingOutcomes(after, after)).toEqual([]);
    expect(processingOutcomes(undefined, after)).toEqual([]);
  });
});

describe("toasts for queued work", () => {
  it("count the words extracted", () => {
    expect(wordsExtractedToast(7)).toEqual({ title: "Words extracted successfully", description: "Extracted 7 vocabulary words with authentic timestamps" });
  });

  it("say queued translations and quizzes have started", () => {
    expect(needsConfirmation({ requiresConfirmation: true, videoId: 1, existingData: { segmentTranslations: 1, totalSegments: 2, wordTranslations: 3 } })).toBe(true);
    const queued = { queued: true, videoId: 1, statusUrl: "/api/videos/1/generate-translations" } as const;
    expect(needsConfirmation({ ...queued, action: "regenerate" })).toBe(false);
    expect(translationToast({ ...queued, action: "regenerate" })).toEqual({ title: "Translation started", description: "Every line and word is being translated again in the background." });
    expect(translationToast({ ...queued, action: "fill_missing" }).description).toBe("Missing line and word translations are being generated in the background.");
    expect(quizToast({ queued: true, videoId: 1, wordCount: 1, statusUrl: "/api/videos/1/regenerate-quizzes" }).description).toBe("Quizzes for 1 word are being rebuilt in the background.");
  });
});

describe("toasts when a followed job ends", () => {
  const status = <R = never>(state: JobStatus<R>["state"], result: R | null = null, error: string | null = null): JobStatus<R> => ({
    videoId: 1,
    state,
    requestedAt: "2026-01-01T10:00:00.000Z",
    finishedAt: state === "completed" || state === "failed" ? "2026-01-01T10:00:09.000Z" : null,
    result,
    error,
  });

  it("say nothing while the job is queued or running, and read its status every second until it ends", () => {
    for (const state of ["queued", "running"] as const) {
      expect(jobOutcomeToast("generate-translations", status(state))).toBeNull();
      expect(jobEnded(status(state))).toBe(false);
      expect(jobPollInterval(status(state))).toBe(JOB_POLL_INTERVAL_MS);
    }
    expect(jobPollInterval(undefined)).toBe(JOB_POLL_INTERVAL_MS);
    for (const state of ["completed", "failed", "none"] as const) {
      expect(jobEnded(status(state))).toBe(true);
      expect(jobPollInterval(status(state))).toBe(false);
    }
    expect(jobOutcomeToast("regenerate-quizzes", status("none"))).toBeNull();
  });

  it("count what the translations job made, in how many languages", () => {
    expect(jobOutcomeToast("generate-translations", status("completed", { segmentTranslationCount: 12, totalTranslationsGenerated: 30, languages: ["en", "fr"] }))).toEqual({
      ok: true,
      title: "Enhanced Translations Generated!",
      description: "30 translations (12 lines) in 2 languages",
    });
    expect(jobOutcomeToast("generate-translations", status("completed", { segmentTranslationCount: 1, totalTranslationsGenerated: 1, languages: ["fr"] }))?.description).toBe(
      "1 translation (1 line) in 1 language",
    );
    expect(jobOutcomeToast("generate-translations", status("completed", { segmentTranslationCount: 0, totalTranslationsGenerated: 0, languages: [] }))).toEqual({
      ok: true,
      title: "Enhanced Translations Generated!",
      description: "Nothing was missing: every line and word already had its translations.",
    });
  });

  it("count the quizzes the quiz job made, for how many words", () => {
    expect(jobOutcomeToast("regenerate-quizzes", status("completed", { totalQuizzesGenerated: 16, wordCount: 8, languages: ["en", "de"] }))).toEqual({
      ok: true,
      title: "Quizzes Regenerated!",
      description: "16 quizzes for 8 words in 2 languages",
    });
  });

  it("give the reason a job failed under each action's error title, or the fallback", () => {
    expect(jobOutcomeToast("generate-translations", status<never>("failed", null, "No AI provider configured: set OPENAI_API_KEY"))).toEqual({
      ok: false,
      title: "Translation Error",
      description: "No AI provider configured: set OPENAI_API_KEY",
    });
    expect(jobOutcomeToast("regenerate-quizzes", status("failed"))).toEqual({ ok: false, title: "Quiz Regeneration Error", description: "Failed to regenerate quizzes" });
    expect(jobOutcomeToast("generate-translations", status("failed"))?.description).toBe("Failed to generate translations");
  });
});

describe("the toast when a video has been processed", () => {
  it("says SPEC's words when vocabulary was found, and says there are no quizzes yet when none was (captions only)", () => {
    expect(processedToast({ title: "Clase 1", wordCount: 12 })).toEqual({ title: "Video processed successfully", description: "Vocabulary words have been extracted and quizzes generated" });
    const bare = processedToast({ title: "Clase 1", wordCount: 0 });
    expect(bare.title).toBe("Video processed successfully");
    expect(bare.description).toContain("no vocabulary words were found");
    expect(bare.description).not.toContain("quizzes generated");
  });
});

import { describe, expect, it } from "vitest";
import { pendingVideo, processingOutcomes, upsertVideo, withPendingRetries } from "@/lib/admin/directory";
import { quizToast, translationToast, wordsExtractedToast, needsConfirmation } from "@/lib/admin/processing-messages";
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

  it("say queued translations have started, and finished ones what was made", () => {
    expect(needsConfirmation({ requiresConfirmation: true, videoId: 1, existingData: { segmentTranslations: 1, totalSegments: 2, wordTranslations: 3 } })).toBe(true);
    expect(translationToast({ queued: true, videoId: 1, action: "regenerate" }).title).toBe("Translation started");
    expect(translationToast({ segmentTranslationCount: 12, totalTranslationsGenerated: 30, languages: ["en", "fr"] })).toEqual({
      title: "Enhanced Translations Generated!",
      description: "30 translations (12 lines) in 2 languages",
    });
  });

  it("say queued quizzes have started, and finished ones how many", () => {
    expect(quizToast({ queued: true, videoId: 1, wordCount: 1 }).description).toBe("Quizzes for 1 word are being rebuilt in the background.");
    expect(quizToast({ totalQuizzesGenerated: 16, wordCount: 8, languages: ["en", "de"] })).toEqual({
      title: "Quizzes Regenerated!",
      description: "16 quizzes for 8 words in 2 languages",
    });
  });
});

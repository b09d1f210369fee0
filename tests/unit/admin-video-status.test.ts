import { describe, expect, it } from "vitest";
import {
  canRetry,
  clampProgress,
  retryChoices,
  shouldPollVideos,
  showsProgress,
  stageLabel,
  statusLabel,
  statusTone,
} from "@/lib/admin/video-status";

describe("video status labels (SPEC §4)", () => {
  it.each([
    ["active", "Active"],
    ["ready", "Ready"],
    ["unpublished", "Ready"],
    ["processing", "Processing"],
    ["processed", "Processed"],
    ["error", "Error"],
    ["failed", "Error"],
    ["pending", "pending"],
    ["archived", "archived"],
  ])("%s is shown as %s", (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });

  it("colours failed and processing videos apart", () => {
    expect(statusTone("failed")).toBe("failed");
    expect(statusTone("error")).toBe("failed");
    expect(statusTone("processing")).toBe("working");
    expect(statusTone("active")).toBe("live");
    expect(statusTone("unpublished")).toBe("draft");
    expect(statusTone("pending")).toBe("other");
  });

  it("offers retry for the failed status only", () => {
    expect(canRetry("failed")).toBe(true);
    for (const status of ["error", "processing", "active", "unpublished", "ready", "processed", "pending"]) expect(canRetry(status)).toBe(false);
  });
});

describe("processing stage by progress (thresholds 5, 15, 50, 85, 95, 100)", () => {
  it.each([
    [0, "Preparing Audio"],
    [5, "Preparing Audio"],
    [6, "Extracting Audio"],
    [15, "Extracting Audio"],
    [16, "Transcribing with Whisper"],
    [50, "Transcribing with Whisper"],
    [51, "Processing Vocabulary"],
    [85, "Processing Vocabulary"],
    [86, "Saving Data"],
    [95, "Saving Data"],
    [96, "Finalizing"],
    [99, "Finalizing"],
    [99.5, "Finalizing"],
    [100, "Complete"],
    [120, "Complete"],
  ])("%d %% is %s", (progress, label) => {
    expect(stageLabel(progress)).toBe(label);
  });

  it("keeps the shown percentage within 0-100", () => {
    expect(clampProgress(-3)).toBe(0);
    expect(clampProgress(42.4)).toBe(42);
    expect(clampProgress(180)).toBe(100);
    expect(clampProgress(Number.NaN)).toBe(0);
  });
});

describe("the progress bar", () => {
  it("shows while processing, or once any progress is recorded", () => {
    expect(showsProgress({ status: "processing", processingProgress: 0 })).toBe(true);
    expect(showsProgress({ status: "failed", processingProgress: 40 })).toBe(true);
    expect(showsProgress({ status: "active", processingProgress: 100 })).toBe(true);
    expect(showsProgress({ status: "active", processingProgress: 0 })).toBe(false);
    expect(showsProgress({ status: "failed", processingProgress: 0 })).toBe(false);
  });
});

describe("polling the video list", () => {
  const video = (status: string, processingProgress: number) => ({ status, processingProgress });

  it("runs while any video is processing", () => {
    expect(shouldPollVideos([video("active", 100), video("processing", 0)])).toBe(true);
  });

  it("runs while any video is part-way, whatever its status says", () => {
    expect(shouldPollVideos([video("failed", 1)])).toBe(true);
    expect(shouldPollVideos([video("active", 99)])).toBe(true);
  });

  it("stops once nothing is under way", () => {
    expect(shouldPollVideos([video("active", 100), video("failed", 0), video("unpublished", 0), video("ready", 100)])).toBe(false);
    expect(shouldPollVideos([])).toBe(false);
    expect(shouldPollVideos(undefined)).toBe(false);
  });
});

describe("the retries a failed video offers", () => {
  const failed = { status: "failed", youtubeId: "abcdefghijk", mediaUrl: null, transcribeAudio: false };

  it("retries as added, or transcribing the audio instead of YouTube's captions", () => {
    expect(retryChoices(failed)).toEqual([{ label: "Retry processing" }, { label: "Retry, transcribing the audio", transcribeAudio: true }]);
  });

  it("offers YouTube's captions again to a video added asking for a transcription", () => {
    expect(retryChoices({ ...failed, transcribeAudio: true })).toEqual([{ label: "Retry processing" }, { label: "Retry with YouTube's captions", transcribeAudio: false }]);
  });

  it("offers no choice for an uploaded file (always transcribed), and nothing for a video that did not fail", () => {
    expect(retryChoices({ ...failed, mediaUrl: "/api/videos/7/media" })).toEqual([{ label: "Retry processing" }]);
    expect(retryChoices({ ...failed, youtubeId: null, mediaUrl: "/demo/a.mp3" })).toEqual([{ label: "Retry processing" }]);
    expect(retryChoices({ ...failed, status: "processed" })).toEqual([]);
  });
});

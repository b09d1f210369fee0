/** What a processing job may carry: the worker drops a job whose payload is not as the web app sends it. */
import { describe, expect, it } from "vitest";
import { QUEUES } from "@/lib/jobs/queues";
import { payloadSchemas } from "@/lib/pipeline/job-workers";

const processing = payloadSchemas[QUEUES.processVideo];

describe("a processing job's payload", () => {
  it("carries the admin's ask to transcribe the audio instead of using YouTube's captions, or leaves it to the video", () => {
    expect(processing.parse({ videoId: 7, transcribeAudio: true })).toEqual({ videoId: 7, transcribeAudio: true });
    expect(processing.parse({ videoId: 7, transcribeAudio: false }).transcribeAudio).toBe(false);
    expect(processing.parse({ videoId: 7 }).transcribeAudio).toBeUndefined();
  });

  it("is refused when the ask is not true or false", () => {
    for (const transcribeAudio of ["true", 1, null, {}]) expect(processing.safeParse({ videoId: 7, transcribeAudio }).success, String(transcribeAudio)).toBe(false);
  });
});

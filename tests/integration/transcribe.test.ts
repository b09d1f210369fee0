/**
 * Transcription against a local OpenAI-compatible server with real audio (espeak-ng speech
 * through ffmpeg): the request OpenAI expects, and audio over the size limit cut at silences
 * with every piece's times shifted back into place.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaDurationMs, toSpeechWav } from "@/lib/media/ffmpeg";
import { cutPoints, transcribeAudio } from "@/lib/pipeline/transcribe";
import { setAiServer } from "@/scripts/standins/env";
import { startFakeOpenAi, type FakeOpenAi } from "@/scripts/standins/fake-openai";

let ai: FakeOpenAi;
let dir: string;
let wav: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lingoreel-transcribe-"));
  const spoken = path.join(dir, "spoken.wav");
  // About 40 s of sentences with clear pauses between them.
  const text = Array.from({ length: 6 }, () => "Hola. Buenos días. ¿Qué tal estás? Muy bien, gracias.").join(" ");
  execFileSync("espeak-ng", ["-v", "es", "-s", "120", "-g", "30", "-w", spoken, text]);
  wav = path.join(dir, "speech.wav");
  await toSpeechWav({ path: spoken, format: "wav" }, wav);
  let piece = 0;
  ai = await startFakeOpenAi({
    chat: () => ({}),
    // Each piece: one word 100-300 ms into it, named after the piece.
    transcribe: () => {
      const n = piece++;
      return { language: "spanish", duration: 1, text: `parte${n}`, segments: [{ start: 0.1, end: 0.3, text: `parte${n}` }], words: [{ word: `parte${n}`, start: 0.1, end: 0.3 }] };
    },
  });
  setAiServer(ai.url);
});

afterAll(async () => {
  setAiServer(undefined);
  await ai.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("transcription", () => {
  it("sends the audio as OpenAI expects: whisper-1, verbose_json, word and segment timestamps", async () => {
    const before = ai.transcriptions.length;
    const transcript = await transcribeAudio(wav, { workDir: dir });
    const [request] = ai.transcriptions.slice(before);
    expect(request).toMatchObject({ model: "whisper-1", responseFormat: "verbose_json", granularities: ["word", "segment"] });
    expect(request!.file.size).toBe(statSync(wav).size);
    expect(request!.file.bytes.subarray(0, 4).toString()).toBe("RIFF");
    expect(transcript.words).toHaveLength(1);
  });

  it("cuts audio over the limit at silences and puts every piece's words back at their time", async () => {
    const durationMs = await mediaDurationMs({ path: wav, format: "wav" });
    const before = ai.transcriptions.length;
    const transcript = await transcribeAudio(wav, { workDir: dir, limitBytes: 60 * 1024 });
    const requests = ai.transcriptions.slice(before);
    // The whole as Opus first would still be too big, so pieces are sent, each Opus and under the limit.
    expect(requests.length).toBeGreaterThan(1);
    for (const r of requests) {
      expect(r.file.bytes.subarray(0, 4).toString()).toBe("OggS");
      expect(r.file.size).toBeLessThanOrEqual(60 * 1024);
    }
    const starts = transcript.words.map((w) => w.startMs - 100);
    expect(starts[0]).toBe(0);
    for (let i = 1; i < starts.length; i++) expect(starts[i]!).toBeGreaterThan(starts[i - 1]!);
    expect(starts.at(-1)!).toBeLessThan(durationMs);
    expect(transcript.durationMs).toBe(durationMs);
  });

  it("chooses cut points in silences, no piece longer than asked", () => {
    expect(cutPoints(10_000, 4000, [[3000, 3600], [6500, 7100]])).toEqual([3300, 6800]);
    // No silence where one is needed: cut at the limit.
    expect(cutPoints(10_000, 4000, [])).toEqual([4000, 8000]);
    expect(cutPoints(3000, 4000, [])).toEqual([]);
  });
});

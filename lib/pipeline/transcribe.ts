/**
 * Transcribing with Whisper: an OpenAI-compatible `audio/transcriptions` call with verbose_json
 * and word + segment timestamps. Audio over the API's 25 MB limit is sent as low-bitrate Opus,
 * and if that is still too big, cut at silences into pieces whose times are shifted back into place.
 */
import "server-only";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { callSignal, getAi } from "@/lib/ai/client";
import { findSilences, mediaDurationMs, toSmallOpus } from "@/lib/media/ffmpeg";
import { normalizeTranscript, type Transcript } from "./transcript";

export const TRANSCRIBE_LIMIT_BYTES = 25 * 1024 * 1024;

export type TranscribeOptions = { workDir: string; limitBytes?: number; language?: string; signal?: AbortSignal };

async function transcribeOne(file: string, options: TranscribeOptions): Promise<Transcript> {
  const { client, transcribeModel } = getAi();
  const call = callSignal(options.signal);
  const raw = await client.audio.transcriptions.create(
    {
      file: createReadStream(file),
      model: transcribeModel,
      response_format: "verbose_json",
      timestamp_granularities: ["word", "segment"],
      ...(options.language ? { language: options.language } : {}),
    },
    { signal: call.signal },
  ).finally(call.done);
  return normalizeTranscript(raw);
}

/** Cut points about every `pieceMs`, each moved to the middle of the nearest silence before it. */
export function cutPoints(durationMs: number, pieceMs: number, silences: [number, number][]): number[] {
  const cuts: number[] = [];
  let from = 0;
  while (durationMs - from > pieceMs) {
    const limit = from + pieceMs;
    const quiet = silences.filter(([s, e]) => (s + e) / 2 > from + pieceMs / 2 && (s + e) / 2 <= limit).at(-1);
    const cut = quiet ? Math.round((quiet[0] + quiet[1]) / 2) : limit;
    cuts.push(cut);
    from = cut;
  }
  return cuts;
}

function shift(t: Transcript, offsetMs: number): Transcript {
  return {
    ...t,
    segments: t.segments.map((s) => ({ ...s, startMs: s.startMs + offsetMs, endMs: s.endMs + offsetMs })),
    words: t.words.map((w) => ({ ...w, startMs: w.startMs + offsetMs, endMs: w.endMs + offsetMs })),
  };
}

export async function transcribeAudio(wav: string, options: TranscribeOptions): Promise<Transcript> {
  const limit = options.limitBytes ?? TRANSCRIBE_LIMIT_BYTES;
  // Our own 16 kHz WAV, read as such like any other input.
  const input = { path: wav, format: "wav" } as const;
  if ((await stat(wav)).size <= limit) return transcribeOne(wav, options);
  const small = path.join(options.workDir, "speech.ogg");
  await toSmallOpus(input, small, { signal: options.signal });
  const smallSize = (await stat(small)).size;
  if (smallSize <= limit) return transcribeOne(small, options);

  // Still too big: pieces of at most ~80 % of the limit, cut in silences.
  const durationMs = await mediaDurationMs(input, options.signal);
  const pieceMs = Math.max(10_000, Math.floor((durationMs * limit * 0.8) / smallSize));
  const cuts = cutPoints(durationMs, pieceMs, await findSilences(input, { signal: options.signal }));
  const bounds = [0, ...cuts, durationMs];
  const parts: Transcript[] = [];
  for (let i = 0; i < bounds.length - 1; i++) {
    const piece = path.join(options.workDir, `piece-${i}.ogg`);
    await toSmallOpus(input, piece, { startMs: bounds[i], durationMs: bounds[i + 1]! - bounds[i]!, signal: options.signal });
    parts.push(shift(await transcribeOne(piece, options), bounds[i]!));
  }
  return {
    language: parts[0]?.language ?? null,
    durationMs,
    segments: parts.flatMap((p) => p.segments),
    words: parts.flatMap((p) => p.words),
  };
}

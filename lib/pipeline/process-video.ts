/**
 * The whole pipeline for one video (ARCHITECTURE.md "Video processing pipeline"): the audio, 16 kHz
 * mono, the transcription, vocabulary, translations and quizzes, saved in one transaction, with
 * the progress of each stage written to the video so the admin sees the stage labels advance.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Db } from "@/db/client";
import { saveProcessedContent } from "@/db/queries/processed";
import { getVideoById } from "@/db/queries/videos";
import { languages, type Video } from "@/db/schema";
import { getAi } from "@/lib/ai/client";
import { toSpeechWav } from "@/lib/media/ffmpeg";
import { buildContent } from "./build-content";
import { PermanentJobError } from "./errors";
import { markProcessed, setProgress, STAGE_END } from "./progress";
import { transcribeAudio } from "./transcribe";

/** Puts the video's source audio (upload or download) into `workDir`; returns its path. */
export type AudioSource = (video: Video, workDir: string, signal?: AbortSignal) => Promise<string>;

export type ProcessOptions = { audio: AudioSource; signal?: AbortSignal; transcribeLimitBytes?: number };

export async function processVideo(db: Db, videoId: number, options: ProcessOptions): Promise<"processed" | "gone"> {
  const video = await getVideoById(db, { id: videoId });
  if (!video) return "gone";
  // Without an AI provider nothing can be done: fail at once, with the fix in the reason.
  getAi();
  const workDir = await mkdtemp(path.join(tmpdir(), `lingoreel-video-${videoId}-`));
  try {
    await setProgress(db, videoId, 1);
    const source = await options.audio(video, workDir, options.signal);
    await setProgress(db, videoId, STAGE_END.preparing);

    const wav = path.join(workDir, "speech.wav");
    await toSpeechWav(source, wav, options.signal);
    await setProgress(db, videoId, STAGE_END.extracting);

    const transcript = await transcribeAudio(wav, { workDir, signal: options.signal, limitBytes: options.transcribeLimitBytes, language: video.targetLanguage });
    if (!transcript.segments.length) throw new PermanentJobError("No speech was found in the audio");
    await setProgress(db, videoId, STAGE_END.transcribing);

    const codes = (await db.select({ code: languages.code }).from(languages)).map((l) => l.code);
    const span = STAGE_END.vocabulary - STAGE_END.transcribing;
    const content = await buildContent(transcript, {
      targetLanguage: video.targetLanguage,
      languages: codes,
      onProgress: (fraction) => setProgress(db, videoId, STAGE_END.transcribing + span * fraction),
    });
    await setProgress(db, videoId, STAGE_END.vocabulary + 1);

    await saveProcessedContent(db, videoId, content);
    await setProgress(db, videoId, STAGE_END.saving);
    await setProgress(db, videoId, STAGE_END.finalizing);
    await markProcessed(db, videoId);
    return "processed";
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * The whole pipeline for one video (ARCHITECTURE.md "Video processing pipeline"): the captions (an
 * uploaded subtitle file, YouTube's own captions, or the audio, 16 kHz mono, transcribed), vocabulary,
 * translations and quizzes, saved in one transaction, with
 * the progress of each stage written to the video so the admin sees the stage labels advance.
 * Without an AI provider, a video with a subtitle file still gets its captions (words timed by
 * estimate) and becomes watchable; its vocabulary, translations and quizzes wait for the admin's
 * actions once a provider is configured.
 */
import "server-only";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/db/client";
import { saveProcessedContent } from "@/db/queries/processed";
import { getVideoById } from "@/db/queries/videos";
import { listLanguageCodes } from "@/db/queries/languages";
import type { CaptionsSource, Video } from "@/db/schema";
import { getAi, NoAiProviderError } from "@/lib/ai/client";
import { env } from "@/lib/env";
import { MediaToolError, probeDurationMs, toSpeechWav } from "@/lib/media/ffmpeg";
import { identifyMedia, NotAudioError } from "@/lib/media/input";
import { captionEndLimitMs, isOverDuration, mediaTooLongMessage, tooManyLinesMessage } from "@/lib/media/limits";
import { getStorage } from "@/lib/storage";
import { countLines, parseSubtitlesInSlices, type SubtitleCue } from "@/lib/subtitles/parse";
import { CAPTION_TEXT_MAX } from "@/lib/validation/limits";
import { buildCaptionsOnly, buildContent } from "./build-content";
import { dbStep } from "./db-step";
import { PermanentJobError } from "./errors";
import { markProcessed, setProcessingProgress } from "@/db/queries/video-processing";
import { STAGE_END, STAGE_START } from "./progress";
import { transcribeAudio } from "./transcribe";
import { estimateWords, segmentOfWords, type TimedWord, type Transcript } from "./transcript";
import { makeWorkDir } from "./work-dir";
import { youtubeCaptions } from "./youtube-captions";

/** Puts the video's source audio (upload or download) into `workDir`; returns its path. */
export type AudioSource = (video: Video, workDir: string, signal?: AbortSignal) => Promise<string>;

export type ProcessOptions = {
  audio: AudioSource;
  signal?: AbortSignal;
  transcribeLimitBytes?: number;
  /** Longest audio in seconds (default: MAX_MEDIA_SECONDS). */
  maxMediaSeconds?: number;
  /** Most caption lines (default: MAX_LINES_PER_VIDEO). */
  maxLines?: number;
  /** Transcribe the audio even when YouTube has captions (default: as the video was added). */
  transcribeAudio?: boolean;
};

export async function processVideo(db: Db, videoId: number, options: ProcessOptions): Promise<"processed" | "gone"> {
  const video = await dbStep(() => getVideoById(db, { id: videoId }));
  if (!video) return "gone";
  // Without an AI provider only a subtitle file can give captions: otherwise fail at once, with the fix in the reason.
  const withAi = hasAi();
  if (!withAi && !video.subtitlePath) throw new NoAiProviderError();
  const workDir = await makeWorkDir(videoId);
  try {
    await dbStep(() => setProcessingProgress(db, videoId, STAGE_START.preparing));
    const maxLines = options.maxLines ?? env().maxLinesPerVideo;
    const cues = video.subtitlePath ? await loadCues(video.subtitlePath, options.maxMediaSeconds ?? env().maxMediaSeconds) : null;
    // Checked again here: a file stored before the limit was lowered, or put there some other way.
    if (cues && countLines(cues) > maxLines) throw new PermanentJobError(tooManyLinesMessage("The subtitle file", countLines(cues), maxLines));
    let transcript: Transcript;
    let captionsSource: CaptionsSource;
    // A YouTube-only video with captions on YouTube: they are the captions, and the audio is not
    // needed, unless the admin asked for a transcription (YouTube's may be poor, or in another language).
    const transcribeAnyway = options.transcribeAudio ?? video.transcribeAudio;
    const youtube = cues || transcribeAnyway ? null : await youtubeCaptions(video, workDir, options.signal);
    if (cues) {
      // The subtitle file's lines are the captions; a transcription, when the audio can be had, times their words.
      const spoken = withAi ? await transcribeIfAudio(db, video, workDir, options) : null;
      transcript = captionsFromCues(cues, spoken);
      captionsSource = "subtitle-file";
    } else if (youtube) {
      if (countLines(youtube.cues) > maxLines) throw new PermanentJobError(tooManyLinesMessage("YouTube's captions", countLines(youtube.cues), maxLines));
      // Their words are timed by the file where it times them (automatic captions), else estimated.
      transcript = captionsFromCues(youtube.cues, null);
      const maxSeconds = options.maxMediaSeconds ?? env().maxMediaSeconds;
      if (isOverDuration(transcript.durationMs, maxSeconds)) throw new PermanentJobError(mediaTooLongMessage(transcript.durationMs, maxSeconds));
      captionsSource = youtube.source;
    } else {
      const source = await options.audio(video, workDir, options.signal);
      transcript = await transcribe(db, video, source, workDir, options);
      // All or nothing: captions for part of a video would pass for the whole of it.
      if (transcript.segments.length > maxLines) {
        throw new PermanentJobError(tooManyLinesMessage("The transcription", transcript.segments.length, maxLines));
      }
      captionsSource = "whisper";
    }
    if (!transcript.segments.length) throw new PermanentJobError("No speech was found in the audio");
    // A run stopped at its expiry (and being retried) goes no further, so it never saves over the retry.
    const stillRunning = () => options.signal?.throwIfAborted();
    stillRunning();
    // From here on the AI has been paid for: each database step rides out a lost connection (db-step.ts).
    await dbStep(() => setProcessingProgress(db, videoId, STAGE_START.vocabulary));

    const codes = await dbStep(() => listLanguageCodes(db));
    const span = STAGE_END.vocabulary - STAGE_START.vocabulary;
    // The media's own length when it is known: the last caption may end before the video does.
    if (video.durationMs && video.durationMs > transcript.durationMs) transcript = { ...transcript, durationMs: video.durationMs };
    const content = !withAi ? buildCaptionsOnly(transcript, video.targetLanguage) : await buildContent(transcript, {
      targetLanguage: video.targetLanguage,
      languages: codes,
      signal: options.signal,
      onProgress: (fraction) => {
        stillRunning();
        return dbStep(() => setProcessingProgress(db, videoId, STAGE_START.vocabulary + span * fraction));
      },
    });
    stillRunning();
    await dbStep(() => setProcessingProgress(db, videoId, STAGE_START.saving));

    await dbStep(() => saveProcessedContent(db, videoId, content));
    await dbStep(() => setProcessingProgress(db, videoId, STAGE_START.finalizing));
    await dbStep(() => markProcessed(db, videoId, captionsSource));
    return "processed";
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

function hasAi(): boolean {
  try {
    getAi();
    return true;
  } catch (error) {
    if (error instanceof NoAiProviderError) return false;
    throw error;
  }
}

async function transcribe(db: Db, video: Video, source: string, workDir: string, options: ProcessOptions): Promise<Transcript> {
  await dbStep(() => setProcessingProgress(db, video.id, STAGE_START.extracting));
  const wav = path.join(workDir, "speech.wav");
  const input = await audioInput(source, options.signal);
  const maxSeconds = options.maxMediaSeconds ?? env().maxMediaSeconds;
  const durationMs = await probeDurationMs(input, options.signal);
  if (isOverDuration(durationMs, maxSeconds)) throw new PermanentJobError(mediaTooLongMessage(durationMs!, maxSeconds));
  // A header that understates the length does not get past this: decoding stops at the limit.
  await toSpeechWav(input, wav, { maxSeconds, signal: options.signal });
  await dbStep(() => setProcessingProgress(db, video.id, STAGE_START.transcribing));
  return transcribeAudio(wav, { workDir, signal: options.signal, limitBytes: options.transcribeLimitBytes, language: video.targetLanguage });
}

/** The source as ffmpeg is to read it: its format sniffed here, whoever wrote it (upload, yt-dlp). */
async function audioInput(source: string, signal?: AbortSignal) {
  try {
    return (await identifyMedia(source, signal)).input;
  } catch (error) {
    if (error instanceof NotAudioError) throw new PermanentJobError(error.message);
    throw error;
  }
}

/** With subtitles the audio is optional: without it (no upload, no yt-dlp), word times are estimated. */
async function transcribeIfAudio(db: Db, video: Video, workDir: string, options: ProcessOptions): Promise<Transcript | null> {
  let source: string;
  try {
    source = await options.audio(video, workDir, options.signal);
  } catch (error) {
    if (error instanceof MediaToolError || !video.mediaPath) return null;
    throw error;
  }
  return transcribe(db, video, source, workDir, options);
}

/** The stored subtitle file's cues, held to the upload's limits (a file stored before they were set is refused with the reason). */
async function loadCues(key: string, maxMediaSeconds: number): Promise<SubtitleCue[]> {
  const { body } = await getStorage().get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  try {
    const limits = { maxCaptionChars: CAPTION_TEXT_MAX, maxEndMs: captionEndLimitMs(maxMediaSeconds) };
    return (await parseSubtitlesInSlices(Buffer.concat(chunks), undefined, limits)).cues;
  } catch (error) {
    throw new PermanentJobError(`The subtitle file cannot be used: ${(error as Error).message}`);
  }
}

/**
 * The cues as segments; their word timings come from the subtitle file where it gives them
 * (inline timestamps, as in YouTube's captions), else from the transcription, else estimated.
 */
export function captionsFromCues(cues: SubtitleCue[], spoken: Transcript | null): Transcript {
  const kept = cues.filter((c) => c.text.trim());
  const segments = kept.map((c) => ({ text: c.text, startMs: c.startMs, endMs: c.endMs }));
  const fromFile = kept.flatMap((c) => c.words ?? []);
  // The transcription's words go to the lines the file does not time; a word is placed by the
  // line whose span holds it, so words said during a file-timed line are left out.
  const untimed = segments.filter((_, i) => !kept[i]!.words?.length);
  let others: TimedWord[];
  if (spoken?.words.length) {
    const timedSpans = segments.filter((_, i) => kept[i]!.words?.length);
    others = spoken.words.filter((w) => {
      if (!timedSpans.length) return true;
      if (!untimed.length) return false;
      const owners = segmentOfWords([...timedSpans, ...untimed], [w]);
      return owners[0]! >= timedSpans.length;
    });
  } else others = untimed.flatMap(estimateWords);
  const words = [...fromFile, ...others].sort((a, b) => a.startMs - b.startMs);
  const end = Math.max(0, ...segments.map((s) => s.endMs));
  return { language: spoken?.language ?? null, durationMs: Math.max(end, spoken?.durationMs ?? 0), segments, words };
}

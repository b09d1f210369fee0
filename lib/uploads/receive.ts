/**
 * Receives the "add video" form (multipart/form-data) as it streams in: text fields are
 * collected (capped in size and number), the audio file is refused at once when its first bytes
 * show it is not audio, else written to a scratch file, identified and measured there (ffprobe,
 * its format forced: too long is refused) and only then stored; a video file goes the same way
 * (./receive-video.ts, with its thumbnail); a subtitle file (SRT or WebVTT, small, with a capped
 * number of lines, each caption of a sane length and ending within the longest a video may last)
 * is parsed before it is stored. Nothing is held whole in
 * memory but the subtitle file. Every problem with the input is an ApiError (4xx), and whatever
 * was stored before a failure is removed.
 */
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy, { type FileInfo } from "busboy";
import { ApiError, badRequest, payloadTooLarge, unsupportedMediaType } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { MediaToolError, probeDurationMs, type MediaInput } from "@/lib/media/ffmpeg";
import { identifyMedia, NotAudioError, type IdentifiedMedia } from "@/lib/media/input";
import { captionEndLimitMs, isOverDuration, mediaTooLongMessage, tooManyLinesMessage } from "@/lib/media/limits";
import type { Storage } from "@/lib/storage";
import { countLines, parseSubtitlesInSlices, SubtitleParseError, type SubtitleFormat } from "@/lib/subtitles/parse";
import { CAPTION_TEXT_MAX } from "@/lib/validation/limits";
import { cleanName, label, readHead, withLimit } from "./parts";
import { receiveVideoPart, type ReceivedVideo } from "./receive-video";
import { NOT_AUDIO_MESSAGE, sniffAudio } from "./sniff";

export { NOT_AUDIO_MESSAGE };
export { NOT_VIDEO_MESSAGE, type ReceivedVideo } from "./receive-video";

export const AUDIO_FIELD = "audioFile";
export const VIDEO_FIELD = "videoFile";
export const SUBTITLE_FIELD = "subtitleFile";
const FILE_FIELDS = [AUDIO_FIELD, VIDEO_FIELD, SUBTITLE_FIELD];

export type ReceivedAudio = { key: string; size: number; contentType: string; originalName: string; durationMs: number | null };
export type ReceivedSubtitles = { key: string; size: number; format: SubtitleFormat; originalName: string };
export type VideoUpload = { fields: Record<string, string>; audio?: ReceivedAudio; video?: ReceivedVideo; subtitles?: ReceivedSubtitles };

export type UploadLimits = {
  /** Largest text field value, in bytes. */
  fieldBytes: number;
  /** Most text fields. */
  fields: number;
  /** Largest subtitle file, in bytes. */
  subtitleBytes: number;
};

export type ReceiveOptions = {
  /** Largest audio file, in bytes (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  /** Largest video file, in bytes (VIDEO_UPLOAD_MAX_BYTES; default: maxBytes). */
  maxVideoBytes?: number;
  storage: Storage;
  /** Prepended to the keys of stored files ("audio/<uuid>.mp3", "video/<uuid>.mp4", "subtitles/<uuid>.srt"). */
  keyPrefix?: string;
  limits?: Partial<UploadLimits>;
  /** Longest audio, in seconds (default: MAX_MEDIA_SECONDS). */
  maxMediaSeconds?: number;
  /** Most subtitle lines (default: MAX_LINES_PER_VIDEO). */
  maxLines?: number;
};

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { fieldBytes: 64 * 1024, fields: 32, subtitleBytes: 2 * 1024 * 1024 };

/** Enough to tell text and other obvious non-audio from audio before anything is written. */
const HEAD_BYTES = 256 * 1024;

/** ffprobe reads a header in well under a second; the request is not held up by one that does not. */
const PROBE_TIMEOUT_MS = 30_000;

export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : Number(mb.toFixed(1))} MB`;
}

export const audioTooLarge = (maxBytes: number) =>
  payloadTooLarge(`The audio file is larger than the ${formatMegabytes(maxBytes)} upload limit`);

/** A form past the ceiling: named by the largest file it could have held. */
function formTooLarge(options: ReceiveOptions): ApiError {
  const video = options.maxVideoBytes ?? 0;
  return video > options.maxBytes ? payloadTooLarge(`The upload is larger than the ${formatMegabytes(video)} video upload limit`) : audioTooLarge(options.maxBytes);
}

export function isMultipartFormData(contentType: string | null): boolean {
  return contentType?.split(";")[0]!.trim().toLowerCase() === "multipart/form-data";
}

export async function receiveVideoUpload(request: Request, options: ReceiveOptions): Promise<VideoUpload> {
  const contentType = request.headers.get("content-type");
  if (!isMultipartFormData(contentType)) {
    throw unsupportedMediaType("Send the video form as multipart/form-data");
  }
  const limits = { ...DEFAULT_UPLOAD_LIMITS, ...options.limits };
  // The whole form may not be much more than its largest parts together.
  const ceiling = Math.max(options.maxBytes, options.maxVideoBytes ?? 0) + limits.subtitleBytes + limits.fields * limits.fieldBytes + 64 * 1024;
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > ceiling) throw formTooLarge(options);
  if (!request.body) throw badRequest("The form is empty");

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType! },
      defParamCharset: "utf8",
      limits: { fieldNameSize: 100, fieldSize: limits.fieldBytes, fields: limits.fields, files: 2, parts: limits.fields + 2 },
    });
  } catch {
    throw badRequest("The form data has no boundary; let the browser set the Content-Type of a FormData body");
  }

  const upload = new UploadInProgress(options, limits);
  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  const closed = new Promise<void>((resolve) => parser.once("close", resolve));
  // The parts are capped one by one; this also caps what the parser skips (preamble, epilogue,
  // parts past a limit) when no Content-Length said how much would come.
  let received = 0;
  source.on("data", (chunk: Buffer) => {
    received += chunk.length;
    if (received > ceiling) upload.fail(formTooLarge(options));
  });
  upload.onFail = () => {
    source.unpipe(parser);
    parser.destroy();
    drain(source, ceiling - received);
  };

  parser.on("field", (name, value, info) => upload.field(name, value, info));
  parser.on("file", (name, stream, info) => upload.file(name, stream, info));
  parser.on("fieldsLimit", () => upload.fail(badRequest(`The form has more than ${limits.fields} fields`)));
  parser.on("partsLimit", () => upload.fail(badRequest("The form has too many parts")));
  parser.on("filesLimit", () => upload.fail(badRequest("Send at most one audio or video file and one subtitle file")));
  parser.on("error", () => upload.fail(badRequest("The form data is malformed or incomplete")));
  source.on("error", () => upload.fail(badRequest("The upload was interrupted")));
  source.pipe(parser);

  await closed;
  return upload.finish();
}

/**
 * Reads the rest of a refused form and throws it away, so the client, still sending, gets the
 * error response rather than a reset connection; a body that goes on past `limit` is cut off.
 */
function drain(source: Readable, limit: number): void {
  if (limit <= 0) {
    source.destroy();
    return;
  }
  let seen = 0;
  source.on("data", (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > limit) source.destroy();
  });
  source.resume();
}

/** Deletes what an upload stored (for a caller whose own next step failed). */
export async function discardVideoUpload(upload: VideoUpload, storage: Storage): Promise<void> {
  const keys = [upload.audio?.key, upload.video?.key, upload.video?.thumbnailKey, upload.subtitles?.key];
  await removeAll(storage, keys.filter((k): k is string => k !== undefined));
}

async function removeAll(storage: Storage, keys: string[]): Promise<void> {
  await Promise.all(
    keys.map((key) => storage.delete(key).catch((error: unknown) => console.error("[uploads] could not remove", key, error))),
  );
}

class UploadInProgress {
  readonly fields: Record<string, string> = {};
  audio?: ReceivedAudio;
  video?: ReceivedVideo;
  subtitles?: ReceivedSubtitles;
  onFail?: () => void;
  private failure: unknown;
  private readonly stored: string[] = [];
  private readonly tasks: Promise<void>[] = [];
  private seenFiles = new Set<string>();

  constructor(
    private readonly options: ReceiveOptions,
    private readonly limits: UploadLimits,
  ) {}

  fail(error: unknown): void {
    if (this.failure !== undefined) return;
    this.failure = error;
    this.onFail?.();
  }

  field(name: string, value: string, info: { nameTruncated: boolean; valueTruncated: boolean }): void {
    if (this.failure !== undefined) return;
    if (info.nameTruncated) return this.fail(badRequest("A form field name is too long"));
    if (name.includes("\u0000") || value.includes("\u0000")) return this.fail(badRequest(`${label(name)}: must not contain NUL characters`));
    if (info.valueTruncated) {
      return this.fail(badRequest(`${label(name)}: must be at most ${Math.floor(this.limits.fieldBytes / 1024)} KB`));
    }
    if (FILE_FIELDS.includes(name)) {
      // An empty value is what some clients send for "no file"; anything else is a mistake.
      if (value === "") return;
      return this.fail(badRequest(`${name}: must be a file`));
    }
    if (Object.hasOwn(this.fields, name)) return this.fail(badRequest(`${label(name)}: may be given only once`));
    this.fields[name] = value;
  }

  file(name: string, stream: Readable, info: FileInfo): void {
    // A file stream fails when the form breaks off or is abandoned; the parser's own error (or
    // the failure that made us abandon it) is the one reported.
    stream.on("error", () => {});
    const refuse = (error: ApiError | null) => {
      stream.resume();
      if (error) this.fail(error);
    };
    if (this.failure !== undefined) return refuse(null);
    if (!FILE_FIELDS.includes(name)) return refuse(badRequest(`Unexpected file field "${label(name)}"`));
    if (this.seenFiles.has(name)) {
      return refuse(badRequest(name === SUBTITLE_FIELD ? "Send only one subtitle file" : `Send only one ${name === AUDIO_FIELD ? "audio" : "video"} file`));
    }
    this.seenFiles.add(name);
    if (this.seenFiles.has(AUDIO_FIELD) && this.seenFiles.has(VIDEO_FIELD)) {
      return refuse(badRequest("Send a video file or an audio file, not both"));
    }
    const work = name === AUDIO_FIELD ? this.receiveAudio(stream, info) : name === VIDEO_FIELD ? this.receiveVideo(stream, info) : this.receiveSubtitles(stream, info);
    this.tasks.push(work.catch((error: unknown) => this.fail(error)));
  }

  async finish(): Promise<VideoUpload> {
    await Promise.all(this.tasks);
    if (this.failure === undefined) {
      return {
        fields: this.fields,
        ...(this.audio && { audio: this.audio }),
        ...(this.video && { video: this.video }),
        ...(this.subtitles && { subtitles: this.subtitles }),
      };
    }
    await removeAll(this.options.storage, this.stored);
    // An ApiError for bad input; anything else (storage trouble) is ours and becomes a logged 500.
    throw this.failure;
  }

  private key(folder: string, extension: string, id: string = randomUUID()): string {
    const key = `${this.options.keyPrefix ?? ""}${folder}/${id}.${extension}`;
    // Recorded before the first byte is written, so a failure part-way still removes it.
    this.stored.push(key);
    return key;
  }

  private async receiveAudio(stream: Readable, info: FileInfo): Promise<void> {
    const { maxBytes, storage } = this.options;
    const { head, ended } = await readHead(stream, HEAD_BYTES);
    if (head.length === 0 && ended) {
      if (info.filename) throw badRequest("The audio file is empty");
      return; // an empty file input: no file chosen
    }
    if (head.length > maxBytes) throw audioTooLarge(maxBytes);
    if (sniffAudio(head).kind === "not-audio") throw badRequest(NOT_AUDIO_MESSAGE);
    const scratch = await mkdtemp(path.join(tmpdir(), "lingoreel-upload-"));
    try {
      const file = path.join(scratch, "audio");
      await pipeline(Readable.from(withLimit(head, ended ? null : stream, maxBytes, () => audioTooLarge(maxBytes))), createWriteStream(file));
      const media = await identifyUpload(file);
      const durationMs = await this.checkDuration(media.input);
      if (this.failure !== undefined) return;
      const key = this.key("audio", media.extension);
      const { size } = await storage.put(key, createReadStream(file), { contentType: media.contentType });
      this.audio = { key, size, contentType: media.contentType, originalName: cleanName(info.filename, "audio"), durationMs };
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  private async receiveVideo(stream: Readable, info: FileInfo): Promise<void> {
    const video = await receiveVideoPart(stream, info, {
      maxBytes: this.options.maxVideoBytes ?? this.options.maxBytes,
      maxMediaSeconds: this.options.maxMediaSeconds ?? env().maxMediaSeconds,
      storage: this.options.storage,
      key: (folder, extension, id) => this.key(folder, extension, id),
      failed: () => this.failure !== undefined,
    });
    if (video) this.video = video;
  }

  /** Refuses audio longer than the limit, as its header tells (processing cuts one that lies); its length when told. */
  private async checkDuration(input: MediaInput): Promise<number | null> {
    const maxSeconds = this.options.maxMediaSeconds ?? env().maxMediaSeconds;
    let durationMs: number | null;
    try {
      durationMs = await probeDurationMs(input, AbortSignal.timeout(PROBE_TIMEOUT_MS));
    } catch (error) {
      if (!(error instanceof MediaToolError)) throw error;
      // No ffprobe here, or one that cannot read the file: processing measures it again, and
      // its decoding stops at the limit either way.
      console.error("[uploads] could not measure the audio", error.message);
      return null;
    }
    if (isOverDuration(durationMs, maxSeconds)) throw new ApiError("unprocessable", mediaTooLongMessage(durationMs!, maxSeconds));
    return durationMs;
  }

  private async receiveSubtitles(stream: Readable, info: FileInfo): Promise<void> {
    const max = this.limits.subtitleBytes;
    const { head: bytes, ended } = await readHead(stream, max + 1);
    if (!ended || bytes.length > max) throw payloadTooLarge(`The subtitle file is larger than ${formatMegabytes(max)}`);
    if (bytes.length === 0) {
      if (info.filename) throw badRequest("The subtitle file is empty");
      return;
    }
    let format: SubtitleFormat;
    try {
      // In slices: a large file does not hold up the server's other requests while it is read.
      const maxEndMs = captionEndLimitMs(this.options.maxMediaSeconds ?? env().maxMediaSeconds);
      const parsed = await parseSubtitlesInSlices(bytes, undefined, { maxCaptionChars: CAPTION_TEXT_MAX, maxEndMs });
      format = parsed.format;
      const lines = countLines(parsed.cues);
      const maxLines = this.options.maxLines ?? env().maxLinesPerVideo;
      if (lines > maxLines) throw new ApiError("unprocessable", tooManyLinesMessage("The subtitle file", lines, maxLines));
    } catch (error) {
      if (error instanceof SubtitleParseError) throw badRequest(`The subtitle file cannot be used: ${error.message}`);
      throw error;
    }
    if (this.failure !== undefined) return;
    const key = this.key("subtitles", format);
    const contentType = format === "vtt" ? "text/vtt; charset=utf-8" : "application/x-subrip; charset=utf-8";
    const { size } = await this.options.storage.put(key, Readable.from([bytes]), { contentType, size: bytes.length });
    this.subtitles = { key, size, format, originalName: cleanName(info.filename, "subtitles") };
  }
}

async function identifyUpload(file: string): Promise<IdentifiedMedia> {
  try {
    return await identifyMedia(file);
  } catch (error) {
    if (error instanceof NotAudioError) throw badRequest(NOT_AUDIO_MESSAGE);
    if ((error as NodeJS.ErrnoException).syscall?.startsWith("spawn")) {
      // No ffprobe on this server: files the signatures cannot place are refused, not guessed.
      console.error("[uploads] ffprobe could not run", error);
      throw badRequest(NOT_AUDIO_MESSAGE);
    }
    throw error;
  }
}

/**
 * What POST /api/videos was sent, read from the request: JSON for a YouTube link, or multipart
 * form data with a video or audio file (and optionally a subtitle file) streamed to storage as it
 * arrives; with a file the YouTube link is optional. The service that adds the video never sees the request; it gets the checked input,
 * the stored files and a way to remove them again when the video cannot be added.
 */
import { parse, readBody } from "@/lib/api/handler";
import { badRequest } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { getStorage } from "@/lib/storage";
import { createVideoFormSchema, createVideoSchema, type CreateVideoInput } from "@/lib/validation/admin-videos";
import { discardVideoUpload, isMultipartFormData, receiveVideoUpload } from "./receive";

const JSON_MAX_BYTES = 64 * 1024;

export const NO_SOURCE_MESSAGE = "Add a YouTube link, a video file or an audio file";

/** Uploaded files already in storage, to attach to the new video. */
export type AttachedFiles = {
  media?: { key: string; contentType: string; durationMs: number | null; originalName: string };
  thumbnail?: string;
  subtitles?: string;
};

export type VideoSubmission = {
  input: CreateVideoInput;
  files: AttachedFiles;
  /** Removes whatever was stored for this submission. */
  discard: () => Promise<void>;
};

/** The form's text fields as the JSON body has them: numbers, "true"/"false", and categoryIds as JSON text. */
function fieldsToInput(fields: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === "") continue;
    if (name === "categoryId") input[name] = /^\d+$/.test(value) ? Number(value) : value;
    else if (name === "transcribeAudio") input[name] = value === "true" ? true : value === "false" ? false : value;
    else if (name === "categoryIds") {
      try {
        input[name] = JSON.parse(value);
      } catch {
        throw badRequest("categoryIds: categoryIds must be a list of numbers");
      }
    } else input[name] = value;
  }
  return input;
}

export async function readVideoSubmission(request: Request): Promise<VideoSubmission> {
  if (!isMultipartFormData(request.headers.get("content-type"))) {
    return { input: parse(createVideoSchema, await readBody(request, JSON_MAX_BYTES), "body"), files: {}, discard: async () => {} };
  }
  const storage = getStorage();
  const upload = await receiveVideoUpload(request, { maxBytes: env().uploadMaxBytes, maxVideoBytes: env().videoUploadMaxBytes, storage });
  const discard = () => discardVideoUpload(upload, storage);
  try {
    const input = parse(createVideoFormSchema, fieldsToInput(upload.fields), "body");
    const media = upload.video ?? upload.audio;
    if (!media && !input.youtubeId) throw badRequest(NO_SOURCE_MESSAGE);
    const files: AttachedFiles = {
      ...(media && { media: { key: media.key, contentType: media.contentType, durationMs: media.durationMs, originalName: media.originalName } }),
      ...(upload.video?.thumbnailKey && { thumbnail: upload.video.thumbnailKey }),
      ...(upload.subtitles && { subtitles: upload.subtitles.key }),
    };
    return { input, files, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

/**
 * POST /api/videos: JSON for a YouTube link, or multipart form data with an audio file (and
 * optionally a subtitle file) streamed to storage as it arrives. Whatever was stored is removed
 * again when the video cannot be added.
 */
import type { Db } from "@/db/client";
import type { User } from "@/db/schema";
import { parse, readBody } from "@/lib/api/handler";
import { badRequest } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { getStorage } from "@/lib/storage";
import { discardVideoUpload, isMultipartFormData, receiveVideoUpload } from "@/lib/uploads";
import { createVideoSchema } from "@/lib/validation/admin-videos";
import { createVideo } from "./admin-videos";

const JSON_MAX_BYTES = 64 * 1024;

/** The form's text fields as the JSON body has them: numbers, and categoryIds as JSON text. */
function fieldsToInput(fields: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === "") continue;
    if (name === "categoryId") input[name] = /^\d+$/.test(value) ? Number(value) : value;
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

export async function addVideo(db: Db, user: User, request: Request) {
  if (!isMultipartFormData(request.headers.get("content-type"))) {
    return createVideo(db, user, parse(createVideoSchema, await readBody(request, JSON_MAX_BYTES), "body"));
  }
  const storage = getStorage();
  const upload = await receiveVideoUpload(request, { maxBytes: env().uploadMaxBytes, storage });
  try {
    const input = parse(createVideoSchema, fieldsToInput(upload.fields), "body");
    return await createVideo(db, user, input, {
      media: upload.audio ? { key: upload.audio.key, contentType: upload.audio.contentType } : undefined,
      subtitles: upload.subtitles?.key,
    });
  } catch (error) {
    await discardVideoUpload(upload, storage);
    throw error;
  }
}

/**
 * The admin screen's forms (SPEC §5 "Add video (admin form)", §3 "Edit-video fields"): their
 * zod schemas, and the request bodies they turn into (SPEC §7 "Videos and categories").
 */
import { z } from "zod";
import { youtubeThumbnail } from "@/lib/format";
import { youtubeIdFromUrl, youtubeVideoId } from "@/lib/youtube/url";
import { PUBLICATION_STATUSES } from "./admin-videos";

/** Languages a new video may be in, English first and chosen by default (SPEC §9). */
export const ADD_VIDEO_LANGUAGES = ["en", "es", "fr", "de", "it", "pt", "sv", "ja", "zh"] as const;
export const DEFAULT_VIDEO_LANGUAGE = "en";

/**
 * The edit form offers English (SPEC §9), plus the language the video is already in, so saving
 * another change never moves a Spanish video to English behind the admin's back.
 */
export function editLanguageOptions(current: string | null | undefined): string[] {
  return current && current !== DEFAULT_VIDEO_LANGUAGE ? [DEFAULT_VIDEO_LANGUAGE, current] : [DEFAULT_VIDEO_LANGUAGE];
}

/** What the audio picker accepts (SPEC §5). */
export const AUDIO_ACCEPT = "audio/*,.mp3,.wav,.m4a,.aac";
const AUDIO_EXTENSIONS = [".mp3", ".wav", ".m4a", ".aac"];

export function isAcceptedAudio(file: { name: string; type: string }): boolean {
  if (file.type.startsWith("audio/")) return true;
  const name = file.name.toLowerCase();
  return AUDIO_EXTENSIONS.some((ext) => name.endsWith(ext));
}

/** A link's problem: not a web address at all, or one without a YouTube video id in it. */
export function youtubeUrlProblem(input: string): string | null {
  const text = input.trim();
  if (!looksLikeUrl(text)) return "Please enter a valid YouTube URL";
  return youtubeIdFromUrl(text) ? null : "Invalid YouTube URL";
}

function looksLikeUrl(text: string): boolean {
  if (!text || /\s/.test(text)) return false;
  try {
    // "youtu.be/…" without a scheme is a link too, as people paste it.
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const categoryIdSchema = z.number().int().positive();

/** The details both admin forms edit (components/admin/video-metadata-fields.tsx); only the add form may leave the title blank. */
const videoMetadataSchema = z.object({
  title: z.string().trim().max(200, "Title must be at most 200 characters"),
  categoryId: categoryIdSchema.nullable(),
  categoryIds: z.array(categoryIdSchema),
  targetLanguage: z.string().min(1, "Please select a target language"),
  description: z.string().trim().max(5000, "Description must be at most 5000 characters"),
});
export type VideoMetadataForm = z.infer<typeof videoMetadataSchema>;

export const addVideoFormSchema = videoMetadataSchema.extend({
  youtubeUrl: z.string().superRefine((value, ctx) => {
    const problem = youtubeUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  audioFile: z
    .custom<File | null>((value) => value === null || (typeof File !== "undefined" && value instanceof File), "Choose an audio file")
    .refine((file) => !file || isAcceptedAudio(file), "Choose an audio file: MP3, WAV, M4A or AAC"),
  /** Transcribe the audio even when the video has captions on YouTube (an uploaded file is always transcribed). */
  transcribeAudio: z.boolean(),
});
export type AddVideoForm = z.infer<typeof addVideoFormSchema>;

export const emptyAddVideoForm = (): AddVideoForm => ({
  youtubeUrl: "",
  title: "",
  categoryId: null,
  categoryIds: [],
  targetLanguage: DEFAULT_VIDEO_LANGUAGE,
  description: "",
  audioFile: null,
  transcribeAudio: false,
});

export type CreateVideoJson = {
  youtubeId: string;
  title: string;
  description: string;
  categoryId?: number;
  categoryIds: number[];
  targetLanguage: string;
  thumbnail: string;
  transcribeAudio: boolean;
};

/**
 * POST /api/videos's body: JSON, or with an audio file multipart form data whose categoryIds is
 * JSON text, sent only when some are chosen. A blank title lets the server fetch the video's own.
 * Asking for a transcription goes only with a YouTube link: an uploaded file is always transcribed.
 */
export function createVideoBody(values: AddVideoForm): CreateVideoJson | FormData {
  const youtubeId = youtubeVideoId(values.youtubeUrl);
  if (!youtubeId) throw new Error("Invalid YouTube URL");
  const json: CreateVideoJson = {
    youtubeId,
    title: values.title.trim(),
    description: values.description.trim(),
    ...(values.categoryId ? { categoryId: values.categoryId } : {}),
    categoryIds: values.categoryIds,
    targetLanguage: values.targetLanguage,
    thumbnail: youtubeThumbnail(youtubeId),
    transcribeAudio: values.transcribeAudio,
  };
  if (!values.audioFile) return json;
  const form = new FormData();
  form.set("title", json.title);
  form.set("youtubeId", json.youtubeId);
  form.set("description", json.description);
  if (json.categoryId) form.set("categoryId", String(json.categoryId));
  if (json.categoryIds.length) form.set("categoryIds", JSON.stringify(json.categoryIds));
  form.set("targetLanguage", json.targetLanguage);
  form.set("thumbnail", json.thumbnail);
  form.set("audioFile", values.audioFile, values.audioFile.name);
  return form;
}

export const editVideoFormSchema = videoMetadataSchema.extend({
  title: z.string().trim().min(1, "Title is required").max(200, "Title must be at most 200 characters"),
  /** Null while the video is in a worker's state (processing, failed): publication is left as it is. */
  status: z.enum(PUBLICATION_STATUSES).nullable(),
});
export type EditVideoForm = z.infer<typeof editVideoFormSchema>;

type EditableVideo = {
  title: string;
  description: string | null;
  categoryId: number | null;
  categoryIds: number[];
  targetLanguage: string;
  status: string;
};

/** The publication choice a status stands for: active is published, ready and unpublished are not. */
export function publicationOf(status: string): EditVideoForm["status"] {
  if (status === "active") return "active";
  if (status === "ready" || status === "unpublished") return "unpublished";
  return null;
}

export function editFormValues(video: EditableVideo): EditVideoForm {
  return {
    title: video.title,
    description: video.description ?? "",
    categoryId: video.categoryId,
    categoryIds: video.categoryIds,
    targetLanguage: video.targetLanguage,
    status: publicationOf(video.status),
  };
}

export type VideoUpdateBody = { title: string; description: string; categoryId: number | null; targetLanguage: string; status?: "active" | "unpublished" };

/**
 * PUT /api/videos/{id}'s body and, when the set changed, PUT …/categories's. The status goes only
 * when the admin changed it, so an edit never pulls a video out of processing.
 */
export function videoUpdateRequests(video: EditableVideo, values: EditVideoForm): { update: VideoUpdateBody; categoryIds?: number[] } {
  const update: VideoUpdateBody = {
    title: values.title.trim(),
    description: values.description.trim(),
    categoryId: values.categoryId,
    targetLanguage: values.targetLanguage,
  };
  if (values.status && values.status !== publicationOf(video.status)) update.status = values.status;
  // The chosen category is always one of the video's categories.
  const wanted = [...new Set([...(values.categoryId ? [values.categoryId] : []), ...values.categoryIds])];
  const same = wanted.length === video.categoryIds.length && wanted.every((id) => video.categoryIds.includes(id));
  return same ? { update } : { update, categoryIds: wanted };
}

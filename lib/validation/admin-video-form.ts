/**
 * The admin screen's forms (SPEC §5 "Add video (admin form)", §3 "Edit-video fields"): their
 * zod schemas, and the request bodies they turn into (SPEC §7 "Videos and categories").
 */
import { z } from "zod";
import { youtubeThumbnail } from "@/lib/format";
import { youtubeIdFromUrl, youtubeVideoId } from "@/lib/youtube/url";
import { PUBLICATION_STATUSES } from "./admin-videos";
import { APP_LANGUAGES, languageFieldSchema } from "./languages";

/** Languages a new video may be in, English first and chosen by default (SPEC §9). */
export const ADD_VIDEO_LANGUAGES = APP_LANGUAGES;
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

/** What the video picker accepts: MP4, WebM, MKV and MOV (the server checks the bytes). */
export const VIDEO_ACCEPT = "video/mp4,video/webm,video/x-matroska,video/quicktime,.mp4,.m4v,.webm,.mkv,.mov";
const VIDEO_EXTENSIONS = [".mp4", ".m4v", ".webm", ".mkv", ".mov"];

export function isAcceptedVideo(file: { name: string; type: string }): boolean {
  if (file.type.startsWith("video/")) return true;
  const name = file.name.toLowerCase();
  return VIDEO_EXTENSIONS.some((ext) => name.endsWith(ext));
}

/** What the subtitle picker accepts. */
export const SUBTITLE_ACCEPT = ".srt,.vtt,text/vtt,application/x-subrip";

export function isAcceptedSubtitles(file: { name: string }): boolean {
  return /\.(srt|vtt)$/i.test(file.name);
}

export const NEEDS_SOURCE = "Add a YouTube link, a video file or an audio file";

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
  targetLanguage: languageFieldSchema("Please select a target language", "Target language"),
  description: z.string().trim().max(5000, "Description must be at most 5000 characters"),
});
export type VideoMetadataForm = z.infer<typeof videoMetadataSchema>;

const fileField = (what: string) => z.custom<File | null>((value) => value === null || (typeof File !== "undefined" && value instanceof File), `Choose ${what}`);

/**
 * A YouTube link, or a file, or both: a link typed is checked as SPEC §5 says; without one, a
 * video or audio file is the video's media. One media file at most.
 */
export const addVideoFormSchema = videoMetadataSchema
  .extend({
    youtubeUrl: z.string().superRefine((value, ctx) => {
      if (value.trim() === "") return;
      const problem = youtubeUrlProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    videoFile: fileField("a video file").refine((file) => !file || isAcceptedVideo(file), "Choose a video file: MP4, WebM, MKV or MOV"),
    audioFile: fileField("an audio file").refine((file) => !file || isAcceptedAudio(file), "Choose an audio file: MP3, WAV, M4A or AAC"),
    subtitleFile: fileField("a subtitle file").refine((file) => !file || isAcceptedSubtitles(file), "Choose a subtitle file: SRT or WebVTT"),
    /** Transcribe the audio even when the video has captions on YouTube (an uploaded file is always transcribed). */
    transcribeAudio: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (values.youtubeUrl.trim() === "" && !values.videoFile && !values.audioFile) ctx.addIssue({ code: "custom", path: ["youtubeUrl"], message: NEEDS_SOURCE });
    if (values.videoFile && values.audioFile) ctx.addIssue({ code: "custom", path: ["audioFile"], message: "Choose a video file or an audio file, not both" });
  });
export type AddVideoForm = z.infer<typeof addVideoFormSchema>;

export const emptyAddVideoForm = (): AddVideoForm => ({
  youtubeUrl: "",
  title: "",
  categoryId: null,
  categoryIds: [],
  targetLanguage: DEFAULT_VIDEO_LANGUAGE,
  description: "",
  videoFile: null,
  audioFile: null,
  subtitleFile: null,
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
 * POST /api/videos's body: JSON for a YouTube link alone, or with files multipart form data whose
 * categoryIds is JSON text, sent only when some are chosen; the link is optional then. A blank
 * title lets the server take the video's own (YouTube's, or the file's name). Asking for a
 * transcription goes only with a YouTube link: an uploaded file is always transcribed.
 */
export function createVideoBody(values: AddVideoForm): CreateVideoJson | FormData {
  const youtubeId = values.youtubeUrl.trim() ? youtubeVideoId(values.youtubeUrl) : null;
  if (values.youtubeUrl.trim() && !youtubeId) throw new Error("Invalid YouTube URL");
  const files = [values.videoFile && (["videoFile", values.videoFile] as const), values.audioFile && (["audioFile", values.audioFile] as const), values.subtitleFile && (["subtitleFile", values.subtitleFile] as const)].filter(
    (entry): entry is readonly ["videoFile" | "audioFile" | "subtitleFile", File] => !!entry,
  );
  const common = {
    title: values.title.trim(),
    description: values.description.trim(),
    ...(values.categoryId ? { categoryId: values.categoryId } : {}),
    categoryIds: values.categoryIds,
    targetLanguage: values.targetLanguage,
  };
  if (!files.length) {
    if (!youtubeId) throw new Error(NEEDS_SOURCE);
    return { youtubeId, ...common, thumbnail: youtubeThumbnail(youtubeId), transcribeAudio: values.transcribeAudio };
  }
  const form = new FormData();
  form.set("title", common.title);
  if (youtubeId) form.set("youtubeId", youtubeId);
  form.set("description", common.description);
  if (common.categoryId) form.set("categoryId", String(common.categoryId));
  if (common.categoryIds.length) form.set("categoryIds", JSON.stringify(common.categoryIds));
  form.set("targetLanguage", common.targetLanguage);
  if (youtubeId) form.set("thumbnail", youtubeThumbnail(youtubeId));
  // Files last: the server has every field before the first file's bytes.
  for (const [name, file] of files) form.set(name, file, file.name);
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

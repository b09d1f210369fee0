/** Body schemas of the admin's video and category calls (SPEC §3, §5, §7 "Videos and categories"). */
import { z } from "zod";
import { youtubeVideoId } from "@/lib/youtube/url";
import { idNumberSchema } from "./videos";
import { appLanguageSchema } from "./languages";

const noNul = (value: string) => !value.includes("\u0000");
const text = (name: string, max: number) =>
  z
    .string({ message: `${name} must be text` })
    .max(max, `${name} must be at most ${max} characters`)
    .refine(noNul, `${name} must not contain NUL characters`)
    .transform((v) => v.trim());

const categoryIdsSchema = z.array(idNumberSchema("categoryIds"), { message: "categoryIds must be a list of numbers" }).max(20, "At most 20 categories");

/** The video's id, or a YouTube link to it as the add form takes (SPEC §5: 'Invalid YouTube URL' when neither). */
const youtubeIdSchema = z
  .string({ message: "Invalid YouTube URL" })
  .max(2048, "Invalid YouTube URL")
  .transform((value, ctx) => {
    const id = youtubeVideoId(value);
    if (!id) ctx.addIssue({ code: "custom", message: "Invalid YouTube URL" });
    return id ?? z.NEVER;
  });

/** Transcribe the audio even when the YouTube video has captions of its own (issue: YouTube's may be poor). */
const transcribeAudioSchema = z.boolean({ message: "transcribeAudio must be true or false" });

/** The publication choices an admin has (SPEC §4); processing states are the worker's. */
export const PUBLICATION_STATUSES = ["active", "unpublished"] as const;

/** The form with a file (multipart): the YouTube link is optional, the file being the video's media. */
export const createVideoFormSchema = z
  .object({
    youtubeId: youtubeIdSchema.optional(),
    title: text("title", 200).optional(),
    description: text("description", 5000).optional(),
    categoryId: idNumberSchema("categoryId").nullish(),
    categoryIds: categoryIdsSchema.default([]),
    targetLanguage: appLanguageSchema("targetLanguage").default("en"),
    thumbnail: z.url({ protocol: /^https?$/, message: "thumbnail must be an http(s) address" }).max(2000).nullish(),
    transcribeAudio: transcribeAudioSchema.default(false),
  })
  .strict();
export type CreateVideoInput = z.infer<typeof createVideoFormSchema>;

/** JSON (no file): the YouTube link is the video. */
export const createVideoSchema = createVideoFormSchema.extend({ youtubeId: youtubeIdSchema });

export const updateVideoSchema = z
  .object({
    title: text("title", 200).refine((v) => v.length > 0, "title must not be empty").optional(),
    description: text("description", 5000).nullish(),
    categoryId: idNumberSchema("categoryId").nullish(),
    targetLanguage: appLanguageSchema("targetLanguage").optional(),
    status: z.enum(PUBLICATION_STATUSES, { message: 'status must be "active" or "unpublished"' }).optional(),
  })
  .strict();
export type UpdateVideoInput = z.infer<typeof updateVideoSchema>;

export const videoCategoriesSchema = z.object({ categoryIds: categoryIdsSchema }).strict();

export const createCategorySchema = z
  .object({
    name: text("name", 60).refine((v) => v.length > 0, "Category name is required"),
  })
  .strict();

export const generateTranslationsSchema = z
  .object({
    action: z.enum(["fill_missing", "regenerate"], { message: 'action must be "fill_missing" or "regenerate"' }).optional(),
  })
  .strict();

/** extract-vocabulary and regenerate-quizzes take no body (an empty object is fine too). */
export const emptyBodySchema = z.object({}).strict().optional();

/** Retry may change whether the audio is transcribed instead of using YouTube's captions; without it, as the video was added. */
export const retryVideoSchema = z.object({ transcribeAudio: transcribeAudioSchema.optional() }).strict().optional();
export type RetryVideoInput = z.infer<typeof retryVideoSchema>;

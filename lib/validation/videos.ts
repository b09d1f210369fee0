/** Query, path and body schemas of the learner's video, favourite and progress calls (SPEC §7). */
import { z } from "zod";
import { isValidTimeZone } from "@/lib/progress/days";
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, LIST_LIMIT_STAFF_MAX } from "./limits";
import { appLanguageSchema } from "./languages";

const MAX_INT = 2_147_483_647;

/** A database id in a path or query string ("12"). */
export const idStringSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, "Must be a positive whole number")
  .transform(Number)
  .pipe(z.number().max(MAX_INT, "Must be a positive whole number"));
/** A database id in a JSON body. */
export const idNumberSchema = (name: string) =>
  z.number({ message: `${name} must be a number` }).int(`${name} must be a whole number`).positive().max(MAX_INT);

export const videoIdParamsSchema = z.object({ id: idStringSchema });
export const favoriteParamsSchema = z.object({ videoId: idStringSchema });
export const wordParamsSchema = z.object({ id: idStringSchema });
export const languageQuerySchema = z.object({ language: appLanguageSchema("language").optional() }).strict();
export const quizQuerySchema = z.object({ nativeLanguage: appLanguageSchema("nativeLanguage").optional() }).strict();
/** Lower-cased, so an upper-case spelling of one's own id is still one's own. */
export const userParamsSchema = z.object({ userId: z.uuid().transform((id) => id.toLowerCase()) });

export { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, LIST_LIMIT_STAFF_MAX };

const limitSchema = (max: number) =>
  z.coerce
    .number({ message: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(max, `limit must be at most ${max}`)
    .default(LIST_LIMIT_DEFAULT);

export const listQuerySchema = z
  .object({
    categoryId: idStringSchema.optional(),
    nativeLanguage: appLanguageSchema("nativeLanguage").optional(),
    limit: limitSchema(LIST_LIMIT_MAX),
  })
  .strict();
export type ListQuery = z.infer<typeof listQuerySchema>;

/**
 * Home's lists (Continue Learning, Popular, Recommended) also take `language`: the language they
 * lead with (Recommended lists only it). Left out, it is the caller's target language.
 */
export const homeListQuerySchema = listQuerySchema.extend({ language: appLanguageSchema("language").optional() }).strict();
export type HomeListQuery = z.infer<typeof homeListQuerySchema>;

/** GET /api/videos/languages: the same filters as home's lists, without paging. */
export const videoLanguagesQuerySchema = z
  .object({ categoryId: idStringSchema.optional(), nativeLanguage: appLanguageSchema("nativeLanguage").optional() })
  .strict();
export type VideoLanguagesQuery = z.infer<typeof videoLanguagesQuerySchema>;

/** The service holds learners to LIST_LIMIT_MAX; the schema allows the staff maximum. */
export const videoSearchQuerySchema = listQuerySchema.extend({
  limit: limitSchema(LIST_LIMIT_STAFF_MAX),
  search: z.string().trim().max(200, "search must be at most 200 characters").optional(),
});
export type VideoSearchQuery = z.infer<typeof videoSearchQuerySchema>;

export const favoriteChangeSchema = z
  .object({
    videoId: idNumberSchema("videoId"),
    action: z.enum(["add", "remove"], { message: 'action must be "add" or "remove"' }),
  })
  .strict();
export type FavoriteChange = z.infer<typeof favoriteChangeSchema>;

/** 1 or 0 (true and false are taken too). */
const oneOrZero = (name: string) =>
  z
    .union([z.literal(0), z.literal(1), z.boolean()], { message: `${name} must be 1 or 0` })
    .transform((v) => (v === true || v === 1 ? 1 : 0));

const IDEMPOTENCY_KEY_MESSAGE = "Idempotency-Key must be 1 to 128 visible ASCII characters";
/** A client's key for one answer (a UUID, say): visible ASCII, as HTTP header values are. */
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,128}$/, IDEMPOTENCY_KEY_MESSAGE);

export const quizResultSchema = z
  .object({
    userId: z.string().max(64).transform((id) => id.toLowerCase()).optional(),
    wordId: idNumberSchema("wordId"),
    learned: z.boolean({ message: "learned must be true or false" }).default(false),
    correct: oneOrZero("correct"),
    incorrect: oneOrZero("incorrect"),
    /**
     * Accepted from older clients and checked, but not used: an answer counts in the zone saved
     * in the learner's settings, which a request cannot hop.
     */
    timeZone: z
      .string()
      .max(64)
      .refine(isValidTimeZone, { message: "timeZone must be an IANA time zone such as Europe/Paris" })
      .optional(),
    /** The same as the Idempotency-Key header: one per answer, reused by its retry. */
    idempotencyKey: idempotencyKeySchema.optional(),
  })
  .strict()
  .refine((v) => v.correct + v.incorrect === 1, { message: "Exactly one of correct and incorrect must be 1", path: ["correct"] });
export type QuizResult = z.infer<typeof quizResultSchema>;

/** `id` is the video (Next names the folder once for every route under /api/videos/[id]). */
export const segmentParamsSchema = z.object({ id: idStringSchema, segmentId: idStringSchema });

export const segmentTextSchema = z
  .object({
    newText: z
      .string({ message: "newText must be text" })
      .trim()
      .min(1, "The line's text must not be empty")
      .max(2000, "The line's text must be at most 2000 characters"),
    /** 'Yes, Update All': the line's translations described the old text, so they are renewed. */
    updateTranslations: z.boolean({ message: "updateTranslations must be true or false" }).default(false),
  })
  .strict();

export const segmentWordSchema = z
  .object({
    newHighlightedWord: z
      .string({ message: "newHighlightedWord must be text" })
      .trim()
      .min(1, "Choose a word from this line")
      .max(100, "A word must be at most 100 characters"),
  })
  .strict();

/**
 * Schemas of the learner's word list: its query (GET /api/words/saved), removing a word from it
 * (DELETE), putting one back (PUT, the undo of a removal, or saving a word met in a quiz), and
 * the export's query (GET /api/words/export).
 */
import { z } from "zod";
import { appLanguageSchema } from "./languages";
import { WORD_MAX_LENGTH } from "./word-lookup";

export const SAVED_WORDS_PAGE_DEFAULT = 50;
export const SAVED_WORDS_PAGE_MAX = 200;
/** Past this the list is better narrowed by language than paged through. */
export const SAVED_WORDS_OFFSET_MAX = 100_000;

const language = appLanguageSchema("language").optional();

/** The saved words, or the words quiz answers made "learning" that the learner did not save. */
export const WORD_LISTS = ["saved", "quizzes"] as const;
/** The statuses a listed word can have (a new word is on no list). */
export const LISTED_STATUSES = ["learning", "known", "ignored"] as const;
/** A search is a word or a few of a meaning, not a text. */
export const SAVED_WORDS_SEARCH_MAX = 100;
const MAX_ID = 2_147_483_647;

const hasControl = (text: string) => /\p{Cc}/u.test(text) || !text.isWellFormed();

export const savedWordsQuerySchema = z
  .object({
    language,
    list: z.enum(WORD_LISTS, { message: `list must be one of ${WORD_LISTS.join(", ")}` }).default("saved"),
    status: z.enum(LISTED_STATUSES, { message: `status must be one of ${LISTED_STATUSES.join(", ")}` }).optional(),
    videoId: z
      .string()
      .regex(/^[1-9]\d{0,9}$/, "videoId must be a positive whole number")
      .transform(Number)
      .pipe(z.number().max(MAX_ID, "videoId must be a positive whole number"))
      .optional(),
    q: z
      .string()
      .trim()
      .max(SAVED_WORDS_SEARCH_MAX, `q must be at most ${SAVED_WORDS_SEARCH_MAX} characters`)
      .refine((text) => !hasControl(text), "q must not contain control characters or broken characters")
      // Blank is no search at all.
      .transform((text) => text || undefined)
      .optional(),
    limit: z.coerce
      .number({ message: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(SAVED_WORDS_PAGE_MAX, `limit must be at most ${SAVED_WORDS_PAGE_MAX}`)
      .default(SAVED_WORDS_PAGE_DEFAULT),
    offset: z.coerce
      .number({ message: "offset must be a number" })
      .int("offset must be a whole number")
      .min(0, "offset must not be negative")
      .max(SAVED_WORDS_OFFSET_MAX, `offset must be at most ${SAVED_WORDS_OFFSET_MAX}`)
      .default(0),
  })
  .strict();
export type SavedWordsQuery = z.infer<typeof savedWordsQuerySchema>;

export const EXPORT_FORMATS = ["apkg", "tsv"] as const;

export const wordExportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { message: `format must be one of ${EXPORT_FORMATS.join(", ")}` }),
  language,
});
export type WordExportQuery = z.infer<typeof wordExportQuerySchema>;

/** A word of the list, as the learner's other word routes take it (normalised by the service). */
const lemmaSchema = z
  .string({ message: "lemma must be text" })
  .trim()
  .min(1, "lemma must not be empty")
  .max(WORD_MAX_LENGTH, `lemma must be at most ${WORD_MAX_LENGTH} characters`)
  .refine((text) => !hasControl(text), "lemma must not contain control characters or broken characters");

/** DELETE /api/words/saved?language=&lemma=: takes the word off the learner's list. */
export const savedWordKeySchema = z.object({ language: appLanguageSchema("language"), lemma: lemmaSchema }).strict();
export type SavedWordKey = z.infer<typeof savedWordKeySchema>;

/** The earliest saved time taken back: before the app, a time is a mistake. */
const SAVED_AT_MIN = Date.UTC(2020, 0, 1);

/**
 * PUT /api/words/saved {language, lemma, savedAt?}: puts the word on the learner's list; savedAt
 * (when it was first saved, as its removal answered) puts it back in its place.
 */
export const savedWordPutSchema = z
  .object({
    language: appLanguageSchema("language"),
    lemma: lemmaSchema,
    savedAt: z
      .string({ message: "savedAt must be a date and time (ISO 8601)" })
      .max(40, "savedAt must be a date and time (ISO 8601)")
      .pipe(z.iso.datetime({ offset: true, message: "savedAt must be a date and time (ISO 8601)" }))
      .transform((text) => new Date(text))
      .refine((date) => date.getTime() >= SAVED_AT_MIN, "savedAt must not be before 2020")
      .optional(),
  })
  .strict();
export type SavedWordPut = z.infer<typeof savedWordPutSchema>;

/** Query schemas of the saved-words list (GET /api/words/saved) and its export (GET /api/words/export). */
import { z } from "zod";
import { appLanguageSchema } from "./languages";

export const SAVED_WORDS_PAGE_DEFAULT = 50;
export const SAVED_WORDS_PAGE_MAX = 200;
/** Past this the list is better narrowed by language than paged through. */
export const SAVED_WORDS_OFFSET_MAX = 100_000;

const language = appLanguageSchema("language").optional();

export const savedWordsQuerySchema = z.object({
  language,
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
});
export type SavedWordsQuery = z.infer<typeof savedWordsQuerySchema>;

export const EXPORT_FORMATS = ["apkg", "tsv"] as const;

export const wordExportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { message: `format must be one of ${EXPORT_FORMATS.join(", ")}` }),
  language,
});
export type WordExportQuery = z.infer<typeof wordExportQuerySchema>;

/** Query and body schemas of the word popover's calls: a word's meaning, and the learner's note on it. */
import { z } from "zod";
import { appLanguageSchema } from "./languages";
import { WORD_NOTE_MAX } from "./limits";
import { idStringSchema } from "./videos";

export const WORD_MAX_LENGTH = 100;
export const NOTE_MAX_LENGTH = WORD_NOTE_MAX;

/** A word as a caption spells it: no control characters, no line breaks. */
const wordSchema = (name: string) =>
  z
    .string({ message: `${name} must be text` })
    .trim()
    .min(1, `${name} must not be empty`)
    .max(WORD_MAX_LENGTH, `${name} must be at most ${WORD_MAX_LENGTH} characters`)
    .refine((text) => !/\p{Cc}/u.test(text), `${name} must not contain control characters`);

export const wordLookupQuerySchema = z
  .object({
    language: appLanguageSchema("language"),
    nativeLanguage: appLanguageSchema("nativeLanguage").optional(),
    surface: wordSchema("surface"),
    lemma: wordSchema("lemma").optional(),
    captionId: idStringSchema.optional(),
  })
  .strict();
export type WordLookupQuery = z.infer<typeof wordLookupQuerySchema>;

export const wordNoteKeySchema = z.object({ language: appLanguageSchema("language"), lemma: wordSchema("lemma") }).strict();
export type WordNoteKey = z.infer<typeof wordNoteKeySchema>;

export const wordNoteChangeSchema = z
  .object({
    language: appLanguageSchema("language"),
    lemma: wordSchema("lemma"),
    note: z
      .string({ message: "note must be text" })
      .trim()
      .min(1, "note must not be empty (delete the note instead)")
      .max(NOTE_MAX_LENGTH, `note must be at most ${NOTE_MAX_LENGTH} characters`),
  })
  .strict();
export type WordNoteChange = z.infer<typeof wordNoteChangeSchema>;

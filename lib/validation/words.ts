/** Body schema of a learner's word status (PUT /api/words/status). */
import { z } from "zod";
import { appLanguageSchema } from "./languages";

export const WORD_STATUS_VALUES = ["new", "learning", "known", "ignored"] as const;

/** The longest lemma taken: a word, not a text. */
export const LEMMA_MAX = 100;

export const wordStatusBodySchema = z
  .object({
    language: appLanguageSchema("language"),
    lemma: z
      .string({ message: "lemma must be a string" })
      .trim()
      .min(1, "lemma must not be empty")
      .max(LEMMA_MAX, `lemma must be at most ${LEMMA_MAX} characters`)
      .refine((s) => !/\p{Cc}/u.test(s) && s.isWellFormed(), "lemma must not contain control characters or broken characters"),
    status: z.enum(WORD_STATUS_VALUES, { message: `status must be one of ${WORD_STATUS_VALUES.join(", ")}` }),
  })
  .strict();
export type WordStatusBody = z.infer<typeof wordStatusBodySchema>;

/** Query and body schemas of spaced-repetition reviews (GET /api/review/due, POST /api/review/answers). */
import { z } from "zod";
import { appLanguageSchema } from "./languages";
import { wordStatusBodySchema } from "./words";

export const REVIEW_GRADES = ["again", "hard", "good", "easy"] as const;

/** The most due cards one request returns. */
export const DUE_CARDS_MAX = 100;

export const dueCardsQuerySchema = z
  .object({
    language: appLanguageSchema("language").optional(),
    limit: z.coerce
      .number({ message: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(DUE_CARDS_MAX, `limit must be at most ${DUE_CARDS_MAX}`)
      .default(20),
    /** Any of the learner's cards, soonest due first, whether due or not (practice mode). */
    practice: z.enum(["true", "false"], { message: "practice must be true or false" }).optional().transform((v) => v === "true"),
  })
  .strict();
export type DueCardsQuery = z.infer<typeof dueCardsQuerySchema>;

export const reviewAnswerBodySchema = z
  .object({
    language: appLanguageSchema("language"),
    lemma: wordStatusBodySchema.shape.lemma,
    grade: z.enum(REVIEW_GRADES, { message: `grade must be one of ${REVIEW_GRADES.join(", ")}` }),
    /** Practice leaves the schedule alone: the answer is logged, the card keeps its due date. */
    practice: z.boolean({ message: "practice must be true or false" }).default(false),
    /** A due word quizzed inside this video (the answer is then marked as given there). */
    videoId: z.number({ message: "videoId must be a number" }).int("videoId must be a whole number").positive("videoId must be positive").optional(),
  })
  .strict();
export type ReviewAnswerBody = z.infer<typeof reviewAnswerBodySchema>;

/** The body of POST /api/users/{userId}/study-time: seconds studied since the last report. */
import { z } from "zod";
import { STUDY_REPORT_MAX_SECONDS } from "@/lib/study/clock";
import { idempotencyKeySchema } from "./videos";

export const studyTimeReportSchema = z
  .object({
    userId: z.string().max(64).transform((id) => id.toLowerCase()).optional(),
    seconds: z
      .number({ message: "seconds must be a number" })
      .int("seconds must be a whole number")
      .min(1, "seconds must be at least 1")
      .max(STUDY_REPORT_MAX_SECONDS, `seconds must be at most ${STUDY_REPORT_MAX_SECONDS}`),
    /** One per report, reused by its retry: a report counts once. */
    reportId: idempotencyKeySchema.optional(),
  })
  .strict();
export type StudyTimeReport = z.infer<typeof studyTimeReportSchema>;

/** Settings and onboarding payloads, shared by the forms and POST /api/settings. */
import { z } from "zod";
import { appLanguageSchema, languageFieldSchema } from "./languages";
import { DEFAULT_DAILY_GOAL, QUIZ_FREQUENCIES, QUIZ_GAP_MAX_SECONDS, QUIZ_GAP_MIN_SECONDS, REMINDER_EARLIEST, REMINDER_LATEST } from "./limits";

export const quizFrequencySchema = z.enum(QUIZ_FREQUENCIES, { message: "Quiz frequency must be every, spaced or off" });
export const quizGapSchema = z
  .number({ message: "Seconds between quizzes must be a number" })
  .int("Seconds between quizzes must be a whole number")
  .min(QUIZ_GAP_MIN_SECONDS, `Seconds between quizzes must be at least ${QUIZ_GAP_MIN_SECONDS}`)
  .max(QUIZ_GAP_MAX_SECONDS, `Seconds between quizzes must be at most ${QUIZ_GAP_MAX_SECONDS}`);

/** A reminder's local time: "HH:MM" on the hour or half hour, outside quiet hours. */
export const reminderTimeSchema = z
  .string({ message: "Reminder time must be a time like 19:00" })
  .regex(/^([01]\d|2[0-3]):(00|30)$/, "Reminder time must be on the hour or half hour, like 19:00")
  .refine((v) => v >= REMINDER_EARLIEST && v <= REMINDER_LATEST, `Reminder time must be between ${REMINDER_EARLIEST} and ${REMINDER_LATEST}`);

export const dailyGoalSchema = z.coerce
  .number({ message: "Daily goal must be at least 1 minute" })
  .int("Daily goal must be a whole number")
  .min(1, "Daily goal must be at least 1 minute");

export const onboardingSchema = z.object({
  nativeLanguage: appLanguageSchema("nativeLanguage"),
  targetLanguage: appLanguageSchema("targetLanguage"),
  dailyGoal: dailyGoalSchema.default(DEFAULT_DAILY_GOAL),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

/** The settings screen's form (SPEC §5). */
export const settingsFormSchema = z.object({
  firstName: z.string().trim().min(1, "First name is required"),
  lastName: z.string().trim().min(1, "Last name is required"),
  nativeLanguage: languageFieldSchema("Native language is required", "Native language"),
  targetLanguage: languageFieldSchema("Target language is required", "Target language"),
  // The number input hands over a number (NaN when empty), so no coercion here.
  dailyGoal: z
    .number({ message: "Daily goal must be at least 1 minute" })
    .int("Daily goal must be a whole number")
    .min(1, "Daily goal must be at least 1 minute"),
  showDefinitions: z.boolean(),
  pauseOnHighlight: z.boolean(),
  pauseOnWordLookup: z.boolean(),
  showWordStatus: z.boolean(),
  enableNotifications: z.boolean(),
  autoplayVideos: z.boolean(),
  quizFrequency: quizFrequencySchema,
  quizGapSeconds: quizGapSchema,
}).refine((v) => v.nativeLanguage !== v.targetLanguage, {
  message: "Target language must be different from your native language",
  path: ["targetLanguage"],
});
export type SettingsForm = z.infer<typeof settingsFormSchema>;

/** What POST /api/settings accepts: the onboarding form, the settings form, or any part of them. */
export const settingsUpdateSchema = z
  .object({
    firstName: z.string().trim().min(1, "First name is required").max(100).optional(),
    lastName: z.string().trim().min(1, "Last name is required").max(100).optional(),
    nativeLanguage: appLanguageSchema("nativeLanguage").optional(),
    targetLanguage: appLanguageSchema("targetLanguage").optional(),
    // The interface's language; null follows the native language.
    interfaceLanguage: appLanguageSchema("interfaceLanguage").nullable().optional(),
    // Minutes a day; nobody studies more than a day's worth.
    dailyGoal: dailyGoalSchema.max(1440, "Daily goal must be at most 1440 minutes").optional(),
    timeZone: z.string().trim().min(1).max(64).optional(),
    showDefinitions: z.boolean().optional(),
    pauseOnHighlight: z.boolean().optional(),
    pauseOnWordLookup: z.boolean().optional(),
    showWordStatus: z.boolean().optional(),
    enableNotifications: z.boolean().optional(),
    reminderTime: reminderTimeSchema.optional(),
    reminderEmail: z.boolean().optional(),
    autoplayVideos: z.boolean().optional(),
    quizFrequency: quizFrequencySchema.optional(),
    quizGapSeconds: quizGapSchema.optional(),
  })
  .strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

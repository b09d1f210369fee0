/** JSON shapes the product API returns (dates as ISO strings). */
import type { User } from "@/db/schema";

type Jsonify<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

export type AppUser = Jsonify<
  Pick<
    User,
    | "id"
    | "email"
    | "username"
    | "firstName"
    | "lastName"
    | "profileImageUrl"
    | "role"
    | "nativeLanguage"
    | "targetLanguage"
    | "dailyGoal"
    | "timeZone"
    | "streak"
    | "createdAt"
    | "lastLoginDate"
    | "showDefinitions"
    | "pauseOnHighlight"
    | "enableNotifications"
    | "autoplayVideos"
  >
>;

/** The four switches of Settings → Learning Preferences (SPEC §3 "Settings"). */
export type LearningPreferences = Pick<AppUser, "showDefinitions" | "pauseOnHighlight" | "enableNotifications" | "autoplayVideos">;

export type LanguageOption = { code: string; name: string; nativeName: string };

/** The JSON the API returns for app users. */
import type { User } from "@/db/schema";
import type { AppUser, LearningPreferences } from "@/lib/data/types";

export function toLearningPreferences(user: User): LearningPreferences {
  return {
    showDefinitions: user.showDefinitions,
    pauseOnHighlight: user.pauseOnHighlight,
    enableNotifications: user.enableNotifications,
    autoplayVideos: user.autoplayVideos,
  };
}

export function toAppUser(user: User): AppUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    nativeLanguage: user.nativeLanguage,
    targetLanguage: user.targetLanguage,
    dailyGoal: user.dailyGoal,
    timeZone: user.timeZone,
    streak: user.streak,
    createdAt: user.createdAt.toISOString(),
    lastLoginDate: user.lastLoginDate?.toISOString() ?? null,
    ...toLearningPreferences(user),
  };
}

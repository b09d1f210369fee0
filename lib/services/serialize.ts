/** The JSON the API returns for app users and videos. */
import "server-only";
import type { VideoCardRow } from "@/db/queries/videos";
import type { User } from "@/db/schema";
import type { AdminUser, AppUser, LearningPreferences, PersonColumns, VideoCard } from "@/lib/types/api";
import { currentStreak, daysAt, localDay } from "@/lib/progress/days";
import { mediaUrlOf, thumbnailUrlOf } from "@/lib/storage/media-path";

export function toLearningPreferences(user: User): LearningPreferences {
  return {
    showDefinitions: user.showDefinitions,
    pauseOnHighlight: user.pauseOnHighlight,
    pauseOnWordLookup: user.pauseOnWordLookup,
    showWordStatus: user.showWordStatus,
    enableNotifications: user.enableNotifications,
    autoplayVideos: user.autoplayVideos,
    quizFrequency: user.quizFrequency,
    quizGapSeconds: user.quizGapSeconds,
    // "19:00:00" as Postgres gives it; the forms speak "19:00".
    reminderTime: user.reminderTime.slice(0, 5),
    reminderEmail: user.reminderEmail,
  };
}

/** The streak as of `now` in the zone the user's days count in: it lapses once a whole day passes without a quiz. */
export function streakOf(user: User, now = new Date()): number {
  const days = daysAt(user, now);
  return currentStreak({ streak: user.streak, lastActiveDate: days.lastActiveDate }, localDay(now, days.zone));
}

/** Who a person is: the fields the owner's Users screen and the person's own record share. */
function personOf(user: Pick<User, PersonColumns>): Pick<AppUser, PersonColumns> {
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
    createdAt: user.createdAt.toISOString(),
    lastLoginDate: user.lastLoginDate?.toISOString() ?? null,
  };
}

export function toAppUser(user: User, now = new Date()): AppUser {
  return {
    ...personOf(user),
    interfaceLanguage: user.interfaceLanguage,
    dailyGoal: user.dailyGoal,
    timeZone: user.timeZone,
    streak: streakOf(user, now),
    ...toLearningPreferences(user),
  };
}

export function toAdminUser(
  user: Pick<User, PersonColumns>,
  account: Pick<AdminUser, "emailConfirmed" | "appUser"> = { emailConfirmed: null, appUser: true },
): AdminUser {
  return { ...personOf(user), ...account };
}

export const DEFAULT_CATEGORY_NAME = "General";

export function toVideoCard(row: VideoCardRow): VideoCard {
  const primary = row.categories.find((c) => c.id === row.categoryId) ?? row.categories[0];
  return {
    id: row.id,
    youtubeId: row.youtubeId,
    title: row.title,
    description: row.description,
    thumbnail: thumbnailUrlOf(row),
    categoryId: row.categoryId ?? primary?.id ?? null,
    categoryName: row.categoryName ?? primary?.name ?? DEFAULT_CATEGORY_NAME,
    categoryIds: row.categories.map((c) => c.id),
    categoryNames: row.categories.map((c) => c.name),
    targetLanguage: row.targetLanguage,
    status: row.status,
    processingProgress: row.processingProgress,
    // Why processing failed, for the admin's directory (only while it is failed).
    errorReason: row.status === "failed" || row.status === "error" ? row.errorReason : null,
    // Staff answers only (the admin directory); learners' cards do not carry it.
    ...(row.waitingForJob === null ? {} : { waitingForJob: row.waitingForJob }),
    ...(row.contents === null ? {} : { contents: row.contents }),
    duration: row.durationMs === null ? null : Math.round(row.durationMs / 1000),
    captionsSource: row.captionsSource,
    transcribeAudio: row.transcribeAudio,
    progress: row.progressPercent,
    comprehension: null,
    wordsLearned: row.wordsLearned,
    totalWords: row.totalWords,
    wordCount: row.totalWords,
    // Public files (demo media) play from their path; uploads through the media route.
    mediaUrl: mediaUrlOf(row),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/**
 * The product's tables (public schema): people, content, and learning progress.
 * Times inside media are integer milliseconds; wall-clock times are timestamptz.
 */
import { relations, sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

export const userRole = pgEnum("user_role", ["user", "admin", "owner"]);
export const videoStatus = pgEnum("video_status", [
  "pending",
  "processing",
  "processed",
  "active",
  "ready",
  "unpublished",
  "failed",
  "error",
]);

/** The statuses learners see: a video is published once an admin sets it active. */
export const PUBLISHED_STATUSES = ["active"] as const satisfies readonly (typeof videoStatus.enumValues)[number][];

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const languages = pgTable("languages", {
  code: varchar("code", { length: 8 }).primaryKey(),
  name: text("name").notNull(),
  nativeName: text("native_name").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** App user; `id` is the auth user's id (embedded server or hosted Supabase). */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey(),
    email: text("email").notNull(),
    username: text("username"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    role: userRole("role").notNull().default("user"),
    nativeLanguage: varchar("native_language", { length: 8 }).references(() => languages.code, {
      onDelete: "set null",
    }),
    targetLanguage: varchar("target_language", { length: 8 }).references(() => languages.code, {
      onDelete: "set null",
    }),
    /** The language the interface speaks to this user; null follows their native language. */
    interfaceLanguage: varchar("interface_language", { length: 8 }).references(() => languages.code, {
      onDelete: "set null",
    }),
    dailyGoal: integer("daily_goal").notNull().default(30),
    /** The learner's time zone as last saved in settings (the browser's zone). */
    timeZone: text("time_zone").notNull().default("UTC"),
    /**
     * The zone calendar days and the streak are counted in: the saved zone, but switched at most
     * once in 24 hours (lib/progress/days.ts dayTimeZone), so hopping zones cannot add days.
     */
    dayTimeZone: text("day_time_zone").notNull().default("UTC"),
    /** When dayTimeZone last switched; null while it has never changed. */
    dayTimeZoneSince: timestamp("day_time_zone_since", { withTimezone: true }),
    showDefinitions: boolean("show_definitions").notNull().default(true),
    pauseOnHighlight: boolean("pause_on_highlight").notNull().default(true),
    /** Pause playback while the word popover is open (it resumes on close). */
    pauseOnWordLookup: boolean("pause_on_word_lookup").notNull().default(true),
    /** Mark caption and transcript words by the learner's status (new, learning, known, ignored). */
    showWordStatus: boolean("show_word_status").notNull().default(true),
    enableNotifications: boolean("enable_notifications").notNull().default(true),
    /** The local time (in timeZone) of the day's reminder, when notifications are on (lib/reminders). */
    reminderTime: time("reminder_time").notNull().default("19:00"),
    /** Reminders by email, beside any device's push subscription. */
    reminderEmail: boolean("reminder_email").notNull().default(true),
    /**
     * When the reminder pass next looks at this learner: at or after it, the pass decides whether
     * today's reminder is due and moves it on. Null while notifications are off.
     */
    reminderNextAt: timestamp("reminder_next_at", { withTimezone: true }).defaultNow(),
    /** The secret in a reminder email's unsubscribe link: stopping email reminders needs no sign-in. */
    reminderToken: uuid("reminder_token").notNull().defaultRandom(),
    autoplayVideos: boolean("autoplay_videos").notNull().default(false),
    /** How often quizzes interrupt a video: at every vocabulary word, at most one every quizGapSeconds, or never. */
    quizFrequency: text("quiz_frequency", { enum: ["every", "spaced", "off"] }).notNull().default("every"),
    quizGapSeconds: integer("quiz_gap_seconds").notNull().default(30),
    /** Consecutive days with a completed quiz, as of lastActiveDate (in the user's time zone). */
    streak: integer("streak").notNull().default(0),
    longestStreak: integer("longest_streak").notNull().default(0),
    lastActiveDate: date("last_active_date"),
    /** All-time counters, kept in step with every quiz result in the same transaction. */
    totalQuizzes: integer("total_quizzes").notNull().default(0),
    totalWordsLearned: integer("total_words_learned").notNull().default(0),
    lastLoginDate: timestamp("last_login_date", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Not unique: the auth server owns email uniqueness, and an auth account can be deleted and
    // recreated with the same address while the old app row is still being cleaned up.
    index("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_role_idx").on(t.role),
    index("users_created_at_idx").on(t.createdAt),
    index("users_reminder_next_at_idx").on(t.reminderNextAt),
    uniqueIndex("users_reminder_token_idx").on(t.reminderToken),
    check("users_reminder_time_waking", sql`${t.reminderTime} between '08:00' and '21:30'`),
    check("users_daily_goal_positive", sql`${t.dailyGoal} >= 1`),
    check("users_streak_non_negative", sql`${t.streak} >= 0`),
    check("users_quiz_frequency_known", sql`${t.quizFrequency} in ('every', 'spaced', 'off')`),
    check("users_quiz_gap_range", sql`${t.quizGapSeconds} between 10 and 600`),
  ],
);

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("categories_name_lower_idx").on(sql`lower(${t.name})`),
    check("categories_name_not_blank", sql`length(btrim(${t.name})) > 0`),
  ],
);

/**
 * Where a processed video's captions came from: the uploader's captions on YouTube, YouTube's
 * automatic ones, a transcription (Whisper), or an uploaded subtitle file.
 */
export const CAPTIONS_SOURCES = ["youtube", "youtube-auto", "whisper", "subtitle-file"] as const;
export type CaptionsSource = (typeof CAPTIONS_SOURCES)[number];

export const videos = pgTable(
  "videos",
  {
    id: serial("id").primaryKey(),
    youtubeId: varchar("youtube_id", { length: 11 }),
    title: text("title").notNull(),
    description: text("description"),
    thumbnail: text("thumbnail"),
    /** The primary category; the full set lives in video_categories. */
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    targetLanguage: varchar("target_language", { length: 8 })
      .notNull()
      .default("en")
      .references(() => languages.code),
    status: videoStatus("status").notNull().default("pending"),
    processingProgress: integer("processing_progress").notNull().default(0),
    /** Why the last processing run failed, kept for the admin and for retry. */
    errorReason: text("error_reason"),
    /** A media file served by the app (uploaded audio under DATA_DIR, or a bundled demo file). */
    mediaPath: text("media_path"),
    mediaType: text("media_type"),
    /** The JPEG cut from an uploaded video file (a storage key), stored beside it. */
    thumbnailPath: text("thumbnail_path"),
    /** An uploaded SRT or WebVTT file (a storage key): its lines become the captions. */
    subtitlePath: text("subtitle_path"),
    durationMs: integer("duration_ms"),
    /** Where the captions came from, for the admin's directory; null for content made otherwise (the demo videos). */
    captionsSource: text("captions_source").$type<CaptionsSource>(),
    /** The admin asked for the audio to be transcribed even when YouTube has captions; a retry does the same. */
    transcribeAudio: boolean("transcribe_audio").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("videos_status_idx").on(t.status),
    index("videos_created_at_idx").on(t.createdAt),
    index("videos_category_id_idx").on(t.categoryId),
    index("videos_target_language_idx").on(t.targetLanguage),
    index("videos_youtube_id_idx").on(t.youtubeId),
    // Deleting a user nulls their videos' creator: keep that from scanning the table.
    index("videos_created_by_idx").on(t.createdBy),
    // Trigram indexes keep case-insensitive substring search (ILIKE '%q%') fast at scale.
    index("videos_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("videos_description_trgm_idx").using("gin", t.description.op("gin_trgm_ops")),
    check("videos_progress_range", sql`${t.processingProgress} between 0 and 100`),
    check("videos_source_present", sql`${t.youtubeId} is not null or ${t.mediaPath} is not null`),
    check("videos_captions_source_known", sql`${t.captionsSource} in ('youtube', 'youtube-auto', 'whisper', 'subtitle-file')`),
    check("videos_duration_non_negative", sql`${t.durationMs} is null or ${t.durationMs} >= 0`),
  ],
);

export const videoCategories = pgTable(
  "video_categories",
  {
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.categoryId] }), index("video_categories_category_idx").on(t.categoryId)],
);

/** Caption segments of a video. */
export const captions = pgTable(
  "captions",
  {
    id: serial("id").primaryKey(),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    segmentIndex: integer("segment_index").notNull(),
    text: text("text").notNull(),
    startTime: integer("start_time").notNull(),
    endTime: integer("end_time").notNull(),
  },
  (t) => [
    uniqueIndex("captions_video_segment_idx").on(t.videoId, t.segmentIndex),
    index("captions_video_start_idx").on(t.videoId, t.startTime),
    check("captions_times_ordered", sql`${t.startTime} >= 0 and ${t.endTime} >= ${t.startTime}`),
  ],
);

export const segmentTranslations = pgTable(
  "segment_translations",
  {
    id: serial("id").primaryKey(),
    captionId: integer("caption_id")
      .notNull()
      .references(() => captions.id, { onDelete: "cascade" }),
    language: varchar("language", { length: 8 })
      .notNull()
      .references(() => languages.code),
    translatedText: text("translated_text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("segment_translations_caption_lang_idx").on(t.captionId, t.language)],
);

/**
 * Timing of every spoken word of a video, in caption order. Each belongs to a caption (and goes
 * with it, and so with its video); `video_id` repeats the caption's video for reading a video's
 * timings in order, without a foreign key of its own: a second per-row check on the largest
 * table would add a quarter to the time a processed video takes to save.
 */
export const wordTimings = pgTable(
  "word_timings",
  {
    id: serial("id").primaryKey(),
    videoId: integer("video_id").notNull(),
    captionId: integer("caption_id")
      .notNull()
      .references(() => captions.id, { onDelete: "cascade" }),
    wordIndex: integer("word_index").notNull(),
    word: text("word").notNull(),
    start: integer("start_ms").notNull(),
    end: integer("end_ms"),
  },
  (t) => [
    uniqueIndex("word_timings_video_index_idx").on(t.videoId, t.wordIndex),
    index("word_timings_caption_idx").on(t.captionId),
    check("word_timings_times_ordered", sql`${t.start} >= 0 and (${t.end} is null or ${t.end} >= ${t.start})`),
  ],
);

/** A vocabulary word of a video, at one occurrence in one caption. */
export const words = pgTable(
  "words",
  {
    id: serial("id").primaryKey(),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    captionId: integer("caption_id").references(() => captions.id, { onDelete: "set null" }),
    word: text("word").notNull(),
    /** The caption text the word appears in. */
    context: text("context"),
    /** When the word is spoken (ms). */
    timestamp: integer("timestamp_ms").notNull(),
    /** When the quiz pauses playback (ms); falls back to timestamp. */
    quizTime: integer("quiz_time_ms"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("words_video_word_idx").on(t.videoId, sql`lower(${t.word})`),
    index("words_video_timestamp_idx").on(t.videoId, t.timestamp),
    index("words_caption_idx").on(t.captionId),
    check("words_times_non_negative", sql`${t.timestamp} >= 0 and (${t.quizTime} is null or ${t.quizTime} >= 0)`),
  ],
);

export const wordTranslations = pgTable(
  "word_translations",
  {
    id: serial("id").primaryKey(),
    wordId: integer("word_id")
      .notNull()
      .references(() => words.id, { onDelete: "cascade" }),
    language: varchar("language", { length: 8 })
      .notNull()
      .references(() => languages.code),
    translation: text("translation").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("word_translations_word_lang_idx").on(t.wordId, t.language)],
);

/** A multiple-choice quiz for a word, in the learner's native language. */
export const quizzes = pgTable(
  "quizzes",
  {
    id: serial("id").primaryKey(),
    wordId: integer("word_id")
      .notNull()
      .references(() => words.id, { onDelete: "cascade" }),
    nativeLanguage: varchar("native_language", { length: 8 })
      .notNull()
      .references(() => languages.code),
    question: text("question"),
    options: jsonb("options").$type<string[]>().notNull(),
    correctIndex: integer("correct_index").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("quizzes_word_lang_idx").on(t.wordId, t.nativeLanguage),
    check("quizzes_correct_index_valid", sql`${t.correctIndex} >= 0 and ${t.correctIndex} < jsonb_array_length(${t.options})`),
  ],
);

/**
 * A learner's record of a word of a video, keyed by the video and the word's key (its spelling as
 * the video's words are told apart: lower(word), the words table's own "one word per video"
 * identity), never by the word's row id: re-processing replaces a video's word rows, and the
 * record stays and applies again to the word of the same spelling. A word that leaves the video
 * keeps its record (still counted in the learner's all-time totals) until it comes back.
 */
export const userWordProgress = pgTable(
  "user_word_progress",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    wordKey: text("word_key").notNull(),
    learned: boolean("learned").notNull().default(false),
    correctCount: integer("correct_count").notNull().default(0),
    incorrectCount: integer("incorrect_count").notNull().default(0),
    lastAnsweredAt: timestamp("last_answered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId, t.wordKey] }),
    index("user_word_progress_video_word_idx").on(t.videoId, t.wordKey),
    index("user_word_progress_learned_idx").on(t.userId).where(sql`${t.learned}`),
  ],
);

/**
 * Quiz results already applied, by the client's idempotency key: a retried request answers what
 * the first one answered and changes nothing. Kept a day (pruned as results arrive).
 */
export const quizResultKeys = pgTable(
  "quiz_result_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    response: jsonb("response").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("quiz_result_keys_created_at_idx").on(t.createdAt)],
);

/** Quizzes completed per user per calendar day (in the user's time zone). */
export const dailyProgress = pgTable(
  "daily_progress",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    quizzesCompleted: integer("quizzes_completed").notNull().default(0),
    correctAnswers: integer("correct_answers").notNull().default(0),
    /** Time spent studying that day (a video playing, the review screen in use): what the daily goal counts, in minutes. */
    secondsStudied: integer("seconds_studied").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check("daily_progress_non_negative", sql`${t.quizzesCompleted} >= 0`),
    check("daily_progress_seconds_non_negative", sql`${t.secondsStudied} >= 0`),
  ],
);

/**
 * Each learner's study-time ledger: study time is credited up to `creditedUntil` (wall-clock), so
 * reports together never claim more time than has passed (lib/services/study-time.ts), and the
 * last report's id, so a report sent twice counts once.
 */
export const studyClocks = pgTable("study_clocks", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  creditedUntil: timestamp("credited_until", { withTimezone: true }),
  lastReportId: text("last_report_id"),
  updatedAt: updatedAt(),
});

export const favorites = pgTable(
  "favorites",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] }), index("favorites_video_idx").on(t.videoId)],
);

/** How far a user got in a video; drives Continue Learning and popularity. */
export const videoProgress = pgTable(
  "video_progress",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    positionMs: integer("position_ms").notNull().default(0),
    /** Vocabulary words of the video this user has learned; progressPercent is its share. */
    wordsLearned: integer("words_learned").notNull().default(0),
    progressPercent: integer("progress_percent").notNull().default(0),
    completed: boolean("completed").notNull().default(false),
    lastWatchedAt: timestamp("last_watched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    // Continue Learning: a user's rows, most recent first, with the id tiebreak the list orders by.
    // NULLS FIRST, as a plain ORDER BY ... DESC sorts, so the planner can walk this index for it.
    index("video_progress_user_recent_idx").on(t.userId, t.lastWatchedAt.desc().nullsFirst(), t.videoId.desc().nullsFirst()),
    index("video_progress_video_idx").on(t.videoId),
    // Popular videos: learners active in a recent window, counted from the index alone.
    index("video_progress_recent_video_idx").on(t.lastWatchedAt, t.videoId),
    check("video_progress_percent_range", sql`${t.progressPercent} between 0 and 100`),
  ],
);

/**
 * One job at a time per video, whatever its kind (processing, vocabulary, translations, quizzes):
 * the running job holds its video's lease until it ends or, if its worker died, until the lease
 * expires with the job's own time limit. `waiting` names the kinds put back to run later because
 * the lease was taken (kind -> until when their next try is due), for the admin's directory.
 */
export const videoJobLeases = pgTable("video_job_leases", {
  videoId: integer("video_id")
    .primaryKey()
    .references(() => videos.id, { onDelete: "cascade" }),
  /** The pg-boss job holding the lease; null once released. */
  jobId: text("job_id"),
  queue: text("queue"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  waiting: jsonb("waiting").$type<Record<string, string>>().notNull().default({}),
});

/**
 * Work an admin or owner asked the worker for (re-processing: retry, vocabulary, translations,
 * quizzes), counted against their hourly limit; kept in the database so the limit holds across
 * app instances.
 */
export const adminActions = pgTable(
  "admin_actions",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    videoId: integer("video_id").references(() => videos.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("admin_actions_user_created_idx").on(t.userId, t.createdAt)],
);

/** Jobs' own bookkeeping lives in pg-boss; this records settings that must survive restarts. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

export const usersRelations = relations(users, ({ many, one }) => ({
  favorites: many(favorites),
  wordProgress: many(userWordProgress),
  dailyProgress: many(dailyProgress),
  videoProgress: many(videoProgress),
  native: one(languages, { fields: [users.nativeLanguage], references: [languages.code], relationName: "native" }),
  target: one(languages, { fields: [users.targetLanguage], references: [languages.code], relationName: "target" }),
}));

export const categoriesRelations = relations(categories, ({ many }) => ({
  videoCategories: many(videoCategories),
}));

export const videosRelations = relations(videos, ({ one, many }) => ({
  category: one(categories, { fields: [videos.categoryId], references: [categories.id] }),
  videoCategories: many(videoCategories),
  captions: many(captions),
  words: many(words),
  wordTimings: many(wordTimings),
}));

export const videoCategoriesRelations = relations(videoCategories, ({ one }) => ({
  video: one(videos, { fields: [videoCategories.videoId], references: [videos.id] }),
  category: one(categories, { fields: [videoCategories.categoryId], references: [categories.id] }),
}));

export const captionsRelations = relations(captions, ({ one, many }) => ({
  video: one(videos, { fields: [captions.videoId], references: [videos.id] }),
  translations: many(segmentTranslations),
  wordTimings: many(wordTimings),
}));

export const segmentTranslationsRelations = relations(segmentTranslations, ({ one }) => ({
  caption: one(captions, { fields: [segmentTranslations.captionId], references: [captions.id] }),
}));

export const wordTimingsRelations = relations(wordTimings, ({ one }) => ({
  video: one(videos, { fields: [wordTimings.videoId], references: [videos.id] }),
  caption: one(captions, { fields: [wordTimings.captionId], references: [captions.id] }),
}));

export const wordsRelations = relations(words, ({ one, many }) => ({
  video: one(videos, { fields: [words.videoId], references: [videos.id] }),
  caption: one(captions, { fields: [words.captionId], references: [captions.id] }),
  translations: many(wordTranslations),
  quizzes: many(quizzes),
}));

export const wordTranslationsRelations = relations(wordTranslations, ({ one }) => ({
  word: one(words, { fields: [wordTranslations.wordId], references: [words.id] }),
}));

export const quizzesRelations = relations(quizzes, ({ one }) => ({
  word: one(words, { fields: [quizzes.wordId], references: [words.id] }),
}));

export const userWordProgressRelations = relations(userWordProgress, ({ one }) => ({
  user: one(users, { fields: [userWordProgress.userId], references: [users.id] }),
  video: one(videos, { fields: [userWordProgress.videoId], references: [videos.id] }),
}));

export const dailyProgressRelations = relations(dailyProgress, ({ one }) => ({
  user: one(users, { fields: [dailyProgress.userId], references: [users.id] }),
}));

export const favoritesRelations = relations(favorites, ({ one }) => ({
  user: one(users, { fields: [favorites.userId], references: [users.id] }),
  video: one(videos, { fields: [favorites.videoId], references: [videos.id] }),
}));

export const videoProgressRelations = relations(videoProgress, ({ one }) => ({
  user: one(users, { fields: [videoProgress.userId], references: [users.id] }),
  video: one(videos, { fields: [videoProgress.videoId], references: [videos.id] }),
}));

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Language = typeof languages.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type Video = typeof videos.$inferSelect;
export type NewVideo = typeof videos.$inferInsert;
export type Caption = typeof captions.$inferSelect;
export type SegmentTranslation = typeof segmentTranslations.$inferSelect;
export type WordTiming = typeof wordTimings.$inferSelect;
export type Word = typeof words.$inferSelect;
export type WordTranslation = typeof wordTranslations.$inferSelect;
export type Quiz = typeof quizzes.$inferSelect;
export type UserWordProgress = typeof userWordProgress.$inferSelect;
export type DailyProgress = typeof dailyProgress.$inferSelect;
export type Favorite = typeof favorites.$inferSelect;
export type VideoProgress = typeof videoProgress.$inferSelect;
export type UserRole = (typeof userRole.enumValues)[number];
export type VideoStatus = (typeof videoStatus.enumValues)[number];

/**
 * Spaced repetition: a card per (learner, language, lemma) with its FSRS state as plain columns
 * (word_cards), and an append-only log of every answer given to it (word_reviews). A card is
 * keyed by the lemma, never by a video's word row, so re-processing a video keeps it.
 */
import { sql } from "drizzle-orm";
import { bigint, check, doublePrecision, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { languages, users, videos } from "./app";

/** FSRS card states, as ts-fsrs numbers them (State). */
export const CARD_STATES = ["new", "learning", "review", "relearning"] as const;

export const wordCards = pgTable(
  "word_cards",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    language: varchar("language", { length: 8 })
      .notNull()
      .references(() => languages.code, { onDelete: "cascade" }),
    lemma: text("lemma").notNull(),
    due: timestamp("due", { withTimezone: true }).notNull(),
    stability: doublePrecision("stability").notNull().default(0),
    difficulty: doublePrecision("difficulty").notNull().default(0),
    elapsedDays: integer("elapsed_days").notNull().default(0),
    scheduledDays: integer("scheduled_days").notNull().default(0),
    learningSteps: integer("learning_steps").notNull().default(0),
    reps: integer("reps").notNull().default(0),
    lapses: integer("lapses").notNull().default(0),
    /** 0 new, 1 learning, 2 review, 3 relearning (ts-fsrs's State). */
    state: smallint("state").notNull().default(0),
    lastReview: timestamp("last_review", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.language, t.lemma] }),
    index("word_cards_user_due_idx").on(t.userId, t.due),
    check("word_cards_state", sql`${t.state} between 0 and 3`),
  ],
);

/** What an answer did to its card: an FSRS review (the card was due), an exposure (it was not), or practice (the learner chose to leave schedules alone). */
export const REVIEW_KINDS = ["review", "exposure", "practice"] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** Where an answer was given: the review screen, a video's own vocabulary quiz, or a due word quizzed inside a video. */
export const REVIEW_SOURCES = ["review", "quiz", "video-review"] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

/**
 * Every answer to a card, appended: the rating and, for FSRS reviews, the card's state before it
 * as ts-fsrs's ReviewLog holds it (for optimising parameters later). Exposures and practice
 * keep only the rating and when.
 */
export const wordReviews = pgTable(
  "word_reviews",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    language: varchar("language", { length: 8 }).notNull(),
    lemma: text("lemma").notNull(),
    kind: text("kind", { enum: REVIEW_KINDS }).notNull(),
    source: text("source", { enum: REVIEW_SOURCES }).notNull(),
    videoId: integer("video_id").references(() => videos.id, { onDelete: "set null" }),
    /** 1 again, 2 hard, 3 good, 4 easy. */
    rating: smallint("rating").notNull(),
    state: smallint("state"),
    due: timestamp("due", { withTimezone: true }),
    stability: doublePrecision("stability"),
    difficulty: doublePrecision("difficulty"),
    elapsedDays: integer("elapsed_days"),
    lastElapsedDays: integer("last_elapsed_days"),
    scheduledDays: integer("scheduled_days"),
    learningSteps: integer("learning_steps"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("word_reviews_card_idx").on(t.userId, t.language, t.lemma, t.reviewedAt),
    check("word_reviews_rating", sql`${t.rating} between 1 and 4`),
    check("word_reviews_kind", sql`${t.kind} in ('review', 'exposure', 'practice')`),
    check("word_reviews_source", sql`${t.source} in ('review', 'quiz', 'video-review')`),
  ],
);

export type WordCardRow = typeof wordCards.$inferSelect;
export type WordReviewRow = typeof wordReviews.$inferSelect;

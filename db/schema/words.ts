/**
 * Every word of a video's captions with its lemma (video_tokens, and per video how often each
 * lemma counts: video_lemmas), and each learner's status per lemma (word_statuses): what colours
 * the words, flags i+1 lines and scores how much of a video a learner understands.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { captions, languages, users, videos } from "./app";

/** Parts of speech as processing names them (the model's answer is held to these). */
export const PARTS_OF_SPEECH = [
  "noun",
  "proper-noun",
  "verb",
  "adjective",
  "adverb",
  "pronoun",
  "determiner",
  "preposition",
  "conjunction",
  "numeral",
  "particle",
  "interjection",
  "other",
] as const;
export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

/** A word of a caption line as processing finds it, stored in video_tokens; the player and the API share it. */
export type LineWordFields = {
  /** The word's place among the line's words, from 0. */
  position: number;
  /** Offsets into the caption's text. */
  start: number;
  end: number;
  surface: string;
  lemma: string;
  partOfSpeech: PartOfSpeech | null;
  /** A word worth learning: not a stop-word, number or lone letter, nor a function word by its part of speech. Only these count and colour. */
  isContent: boolean;
  isProperNoun: boolean;
};

/** A learner's status of a lemma; a lemma without a row is new. */
export const WORD_STATUSES = ["new", "learning", "known", "ignored"] as const;
export type WordStatus = (typeof WORD_STATUSES)[number];

/**
 * A word of a caption line, in line order (`position`): a word between spaces, an elided clitic
 * ("l'"), or in Japanese and Chinese a run of segmenter pieces (飲みます). `start`/`end` are
 * offsets into the caption's text. `lemma` is normalised (lib/words/key.ts lemmaKey). Only
 * content words that are not names count towards comprehension. Like word_timings, rows go with
 * their caption; `video_id` repeats the caption's video for reading a video's words in order.
 */
export const videoTokens = pgTable(
  "video_tokens",
  {
    videoId: integer("video_id").notNull(),
    captionId: integer("caption_id")
      .notNull()
      .references(() => captions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    start: integer("char_start").notNull(),
    end: integer("char_end").notNull(),
    surface: text("surface").notNull(),
    lemma: text("lemma").notNull(),
    partOfSpeech: text("part_of_speech").$type<PartOfSpeech>(),
    isContent: boolean("is_content").notNull(),
    isProperNoun: boolean("is_proper_noun").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.captionId, t.position] }),
    index("video_tokens_video_idx").on(t.videoId, t.captionId, t.position),
    check("video_tokens_span", sql`${t.start} >= 0 and ${t.end} > ${t.start}`),
  ],
);

/**
 * How many of a video's scored words (content words, names left out) have each lemma: the
 * comprehension score and "Words to learn first" read these few rows instead of every token.
 * Written with the tokens, in the same transaction.
 */
export const videoLemmas = pgTable(
  "video_lemmas",
  {
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    lemma: text("lemma").notNull(),
    occurrences: integer("occurrences").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.lemma] }),
    // Where a lemma occurs, across videos: saved words' lines, the review screen's, due words quizzed in videos.
    index("video_lemmas_lemma_idx").on(t.lemma, t.videoId),
    check("video_lemmas_occurrences_positive", sql`${t.occurrences} > 0`),
  ],
);

/** A learner's status of a lemma in a language; "new" is the absence of a row. */
export const wordStatuses = pgTable(
  "word_statuses",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    language: varchar("language", { length: 8 })
      .notNull()
      .references(() => languages.code, { onDelete: "cascade" }),
    lemma: text("lemma").notNull(),
    status: text("status", { enum: ["learning", "known", "ignored"] }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    /**
     * When the learner saved the word to their list (the word popover's Save), null when they did
     * not: a quiz answer sets a status but saves nothing. Removing the word from the list clears it.
     */
    savedAt: timestamp("saved_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.language, t.lemma] }),
    // Words met in quizzes and not saved (status learning), most recent first, without reading every known word.
    index("word_statuses_user_status_idx").on(t.userId, t.status, t.updatedAt),
    // The saved words, most recently saved first.
    index("word_statuses_user_saved_idx").on(t.userId, t.savedAt).where(sql`${t.savedAt} is not null`),
    check("word_statuses_status_known", sql`${t.status} in ('learning', 'known', 'ignored')`),
  ],
);

/**
 * How much of a video a learner knows, kept so a page of cards (and Recommended for You's pool) is
 * read rather than counted: the sums `comprehensionOfVideos` defines, made on first read and moved
 * by each status change (db/queries/words/statuses.ts). A row counts for the video as it was at
 * `video_updated_at` in `language`; once the video changes (its words processed again, its language
 * edited) the row is made again on the next read.
 */
export const videoComprehension = pgTable(
  "video_comprehension",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    language: varchar("language", { length: 8 })
      .notNull()
      .references(() => languages.code, { onDelete: "cascade" }),
    videoUpdatedAt: timestamp("video_updated_at", { withTimezone: true }).notNull(),
    /** The video's distinct content lemmas; none means it has no words scored (not processed with lemmas). */
    lemmas: integer("lemmas").notNull(),
    /** Occurrences known (2 each) or learning (1 each): halves of a word. */
    knownHalves: integer("known_halves").notNull(),
    /** Occurrences not ignored. */
    counted: integer("counted").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);

export type VideoToken = typeof videoTokens.$inferSelect;
export type WordStatusRow = typeof wordStatuses.$inferSelect;

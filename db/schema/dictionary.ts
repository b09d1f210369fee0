/**
 * Where a word's meaning comes from: offline dictionaries an operator imported (`npm run
 * dict:import`), each learner's own notes, and the AI's answers, cached so that each word (and
 * each line it is asked about) costs one call ever, for everyone. Words are keyed by language and
 * headword or lemma (NFKC, case-folded: lib/words/key.ts), never by a video's row ids, which
 * re-processing replaces.
 */
import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { users } from "./app";

/**
 * One imported dictionary: from `sourceLanguage` words to definitions in `targetLanguage`. Its
 * languages are plain codes, not references to the languages table: a dictionary may cover a
 * language the app does not offer yet. Re-importing the same name for the same pair replaces it.
 */
export const dictionaries = pgTable(
  "dictionaries",
  {
    id: serial("id").primaryKey(),
    sourceLanguage: varchar("source_language", { length: 8 }).notNull(),
    targetLanguage: varchar("target_language", { length: 8 }).notNull(),
    name: text("name").notNull(),
    edition: text("edition"),
    licence: text("licence").notNull(),
    entryCount: integer("entry_count").notNull().default(0),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("dictionaries_pair_name_idx").on(t.sourceLanguage, t.targetLanguage, t.name),
    check("dictionaries_name_not_blank", sql`length(btrim(${t.name})) > 0`),
  ],
);

/**
 * One sense of a headword in one dictionary, in the dictionary's order: an entry "querer /keɾˈeɾ/
 * 1. love 2. desire" is two rows, so the app numbers senses once and shows the pronunciation
 * apart. A dictionary may hold the same headword more than once (homographs, CC-CEDICT's
 * traditional and simplified forms); the lookup reads them all.
 */
export const dictionaryEntries = pgTable(
  "dictionary_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    dictionaryId: integer("dictionary_id")
      .notNull()
      .references(() => dictionaries.id, { onDelete: "cascade" }),
    /** NFKC, case-folded (lib/words/key.ts), as lookups spell what they look for. */
    headword: text("headword").notNull(),
    /** The sense alone: no headword, pronunciation or numbering. */
    definition: text("definition").notNull(),
    /** The headword's pronunciation as the dictionary writes it ("/keɾˈeɾ/", "[xue2 xi2]"). */
    pronunciation: text("pronunciation"),
    /** The dictionary's grammar for the headword in this sense ("n, fem", "vi"). */
    grammar: text("grammar"),
  },
  // One index serves the lookup (a dictionary of the pair, a headword) and the replacement of an edition.
  (t) => [index("dictionary_entries_dictionary_headword_idx").on(t.dictionaryId, t.headword)],
);

/** A learner's own note on a word (by lemma): first among the meanings they see, and theirs alone. */
export const wordNotes = pgTable(
  "word_notes",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    language: varchar("language", { length: 8 }).notNull(),
    /** NFKC, case-folded. */
    lemma: text("lemma").notNull(),
    note: text("note").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.userId, t.language, t.lemma] })],
);

/**
 * The AI's common meanings of a lemma in the learner's native language, shared by every learner:
 * one row per (language, native language, lemma, model, prompt version), so a new model or a
 * changed prompt asks again rather than mixing answers.
 */
export const wordMeanings = pgTable(
  "word_meanings",
  {
    id: serial("id").primaryKey(),
    language: varchar("language", { length: 8 }).notNull(),
    nativeLanguage: varchar("native_language", { length: 8 }).notNull(),
    lemma: text("lemma").notNull(),
    model: text("model").notNull(),
    promptVersion: integer("prompt_version").notNull(),
    partOfSpeech: text("part_of_speech"),
    meanings: jsonb("meanings").$type<string[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("word_meanings_key_idx").on(t.language, t.nativeLanguage, t.lemma, t.model, t.promptVersion)],
);

/**
 * What a word means in one line, from the same AI answer as its common meanings. Keyed by the
 * line's text (a SHA-256 of it), not the caption's id: re-processing a video replaces its caption
 * rows, and the same line in another video is the same question.
 */
export const wordLineMeanings = pgTable(
  "word_line_meanings",
  {
    meaningId: integer("meaning_id")
      .notNull()
      .references(() => wordMeanings.id, { onDelete: "cascade" }),
    lineHash: text("line_hash").notNull(),
    meaning: text("meaning").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.meaningId, t.lineHash] })],
);

/**
 * AI lookups a learner started in the recent past, counted against WORD_LOOKUP_AI_PER_HOUR so a
 * learner cannot spend the operator's API budget by clicking; answers from the cache are not
 * counted. Rows older than the window are pruned as new ones arrive.
 */
export const wordLookupAiCalls = pgTable(
  "word_lookup_ai_calls",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("word_lookup_ai_calls_user_created_idx").on(t.userId, t.createdAt)],
);

export type Dictionary = typeof dictionaries.$inferSelect;
export type WordNote = typeof wordNotes.$inferSelect;
export type WordMeaning = typeof wordMeanings.$inferSelect;

/**
 * Every AI lookup any learner started in the last day, with no owner (an account deleted keeps its
 * spend counted): the instance-wide budget, WORD_LOOKUP_AI_SERVER_PER_HOUR and _PER_DAY, which
 * bounds what many accounts together can spend. Rows older than a day are pruned as new ones arrive.
 */
export const aiLookupSpend = pgTable("ai_lookup_spend", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("ai_lookup_spend_created_idx").on(t.createdAt)]);

/**
 * What a word means, for the word popover. In order: the learner's own note on its lemma; an
 * imported offline dictionary (the surface form first, then the lemma), credited by name and
 * licence; the configured OpenAI-compatible API, whose answer (the lemma's common meanings and
 * its meaning in the line) is cached for everyone, so each word costs one call ever. AI lookups
 * that reach the API count against WORD_LOOKUP_AI_PER_HOUR per learner (429 past it); answers
 * from the cache are free, and a lookup asked while the same one is being asked waits for it. Without
 * an AI provider, an answer some model gave before still serves (credited to it); with nothing at
 * all, the answer says so in `message`. What is stored is chosen as everywhere else a meaning is shown
 * (lib/services/word-meanings.ts).
 */
import "server-only";
import { createHash } from "node:crypto";
import type { Db } from "@/db/client";
import type { DictionaryHit } from "@/db/queries/dictionary";
import { deleteAiLookup, getCaptionLine, lockRecentAiLookups, recordAiLookup, saveWordMeaning, type CachedMeaning, type MeaningKey } from "@/db/queries/word-meanings";
import { deleteWordNote, upsertWordNote } from "@/db/queries/word-notes";
import type { User } from "@/db/schema";
import { ApiError, badRequest, notFound, rateLimited } from "@/lib/api/errors";
import { getAi } from "@/lib/ai/client";
import { askWordMeaning, WORD_MEANING_PROMPT_VERSION, type WordMeaningAnswer, type WordMeaningQuestion } from "@/lib/ai/word-meaning";
import { env } from "@/lib/env";
import { headwordKey } from "@/lib/text/headword";
// Notes are the learner's, keyed as their word statuses are (not as dictionary headwords are).
import { lemmaKey as learnerLemmaKey } from "@/lib/text/word-key";
import type { WordLookupQuery, WordNoteChange, WordNoteKey } from "@/lib/validation/word-lookup";
import { mayView } from "./videos";
import { chooseMeanings } from "./word-meanings";

export type WordLookupSource = "note" | "dictionary" | "ai" | "none";

export type DictionaryMeaning = { name: string; edition: string | null; licence: string; headword: string; definitions: string[] };

export type WordLookup = {
  surface: string;
  lemma: string;
  language: string;
  nativeLanguage: string;
  /** Where `note`, `dictionaries` or `ai` came from; "none": no meaning is known (see `message`). */
  source: WordLookupSource;
  /** The learner's own note on the lemma, whatever else answers. */
  note: { text: string; updatedAt: string } | null;
  /** Every dictionary of the pair that knows the word (the surface form's entries, else the lemma's). */
  dictionaries: DictionaryMeaning[];
  ai: { partOfSpeech: string | null; meanings: string[]; inLine: string | null; model: string; cached: boolean } | null;
  /** Said plainly when no meaning can be given. */
  message: string | null;
};

export const NO_MEANING_MESSAGE =
  "No dictionary has this word and no AI provider is configured, so its meaning cannot be shown. You can still write your own note.";

const HOUR_SECONDS = 3600;
/** An AI lookup is someone waiting on a popover: give up long before a processing job would. */
const AI_LOOKUP_TIMEOUT_MS = 30_000;
const DEFINITIONS_PER_DICTIONARY = 5;
/** A headword's dictionary definitions read, across its dictionaries. */
const DICTIONARY_ROWS = 40;

function keys(surface: string, lemma: string | undefined) {
  const surfaceKey = headwordKey(surface);
  const lemmaKey = headwordKey(lemma ?? "") || surfaceKey;
  if (!surfaceKey) throw badRequest("surface: must contain a word");
  return { surfaceKey, lemmaKey };
}

function inWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** One headword's dictionary hits grouped by dictionary, in their order. */
export function groupDictionaryHits(hits: readonly DictionaryHit[]): DictionaryMeaning[] {
  const byDictionary = new Map<number, DictionaryMeaning>();
  for (const hit of hits) {
    const found = byDictionary.get(hit.dictionaryId) ?? { name: hit.name, edition: hit.edition, licence: hit.licence, headword: hit.headword, definitions: [] };
    byDictionary.set(hit.dictionaryId, found);
    if (found.definitions.length < DEFINITIONS_PER_DICTIONARY && !found.definitions.includes(hit.definition)) found.definitions.push(hit.definition);
  }
  return [...byDictionary.values()];
}

/** A line's key in the AI cache: the SHA-256 of its text, as db/queries/word-meanings.ts computes it from a caption. */
const lineHash = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The line a lookup is about: the caption's text, when the caller may see its video and it is in the word's language. */
async function lineOf(db: Db, user: User, captionId: number | undefined, language: string): Promise<string | null> {
  if (captionId === undefined) return null;
  const line = await getCaptionLine(db, captionId);
  if (!line || !mayView(user, line.status)) throw notFound("Line not found");
  if (line.language !== language) throw badRequest(`language: the line is in "${line.language}", not "${language}"`);
  return line.text;
}

/**
 * AI calls under way in this process, by database and by what they ask (word, languages, model,
 * line): a lookup of the same word and line while one is asking waits for its answer rather than
 * asking again (and is not counted against the learner's hour). An answer stays a moment after it
 * is stored, for a lookup that read the cache just before. A call resolves null when its asker was
 * over their own hourly limit: those waiting on it then ask for themselves.
 */
const askingByDb = new WeakMap<Db, Map<string, Promise<WordMeaningAnswer | null>>>();
const ANSWER_KEPT_MS = 5_000;

export async function lookUpWord(db: Db, user: User, query: WordLookupQuery): Promise<WordLookup> {
  const language = query.language;
  const nativeLanguage = query.nativeLanguage ?? user.nativeLanguage ?? "en";
  const { lemmaKey } = keys(query.surface, query.lemma);
  const model = env().openai ? getAi().chatModel : null;
  const key = model === null ? null : { language, nativeLanguage, lemma: lemmaKey, model, promptVersion: WORD_MEANING_PROMPT_VERSION };
  // The line and the stored meanings are independent: asked at once, they cost one round trip's wait.
  const [line, [chosen]] = await Promise.all([
    lineOf(db, user, query.captionId, language),
    chooseMeanings(db, [{ language, lemma: query.lemma || query.surface, surface: query.surface }], {
      userId: user.id,
      nativeLanguage,
      definitions: DICTIONARY_ROWS,
      // Without a provider, what any model answered before still serves.
      ai: key ? { model: key.model, promptVersion: key.promptVersion, captionId: query.captionId ?? null } : "any",
    }),
  ]);
  const base = { surface: query.surface, lemma: lemmaKey, language, nativeLanguage, note: null, dictionaries: [], ai: null, message: null };

  if (chosen?.source === "note") return { ...base, source: "note", note: { text: chosen.text, updatedAt: chosen.updatedAt.toISOString() } };
  if (chosen?.source === "dictionary") return { ...base, source: "dictionary", dictionaries: groupDictionaryHits(chosen.hits) };
  const cached = chosen?.source === "ai" ? chosen.cached : null;
  const fromCache = (c: CachedMeaning): WordLookup => ({
    ...base,
    source: "ai",
    ai: { partOfSpeech: c.partOfSpeech, meanings: c.meanings, inLine: c.lineMeaning, model: c.model, cached: true },
  });
  if (!key) return cached ? fromCache(cached) : { ...base, source: "none", message: NO_MEANING_MESSAGE };
  if (cached && (line === null || cached.lineMeaning !== null)) return fromCache(cached);

  const answer = await askOnce(db, user, { language, nativeLanguage, word: query.surface, lemma: lemmaKey, line }, key);
  // A meaning cached before (another line's lookup) stays the one everyone sees.
  const meanings = cached?.meanings ?? answer.meanings;
  const partOfSpeech = cached ? cached.partOfSpeech : answer.partOfSpeech || null;
  return { ...base, source: "ai", ai: { partOfSpeech, meanings, inLine: answer.inLine, model: key.model, cached: false } };
}

/** Asks the AI and caches its answer, or joins the same question already being asked here. */
async function askOnce(db: Db, user: User, question: WordMeaningQuestion, key: MeaningKey): Promise<WordMeaningAnswer> {
  const { line } = question;
  const flight = JSON.stringify([key.language, key.nativeLanguage, key.lemma, key.model, key.promptVersion, question.word, line]);
  const asking = askingByDb.get(db) ?? new Map<string, Promise<WordMeaningAnswer | null>>();
  askingByDb.set(db, asking);
  for (let pending = asking.get(flight); pending; pending = asking.get(flight)) {
    const answer = await pending.catch(() => Promise.reject(aiUnavailable()));
    if (answer) return answer;
  }
  // Registered before the first await, so every lookup from here on joins this one.
  let refused: unknown;
  const call = (async (): Promise<WordMeaningAnswer | null> => {
    let callId: number | null;
    try {
      callId = await countAiLookup(db, user);
    } catch (error) {
      refused = error;
      return null;
    }
    let answer: WordMeaningAnswer;
    try {
      answer = await askWordMeaning(question, AbortSignal.timeout(AI_LOOKUP_TIMEOUT_MS));
    } catch (error) {
      if (callId !== null) await deleteAiLookup(db, callId);
      console.error("[word-lookup] the AI call failed", error instanceof Error ? error.message : error);
      throw aiUnavailable();
    }
    await saveWordMeaning(db, {
      ...key,
      partOfSpeech: answer.partOfSpeech || null,
      meanings: answer.meanings,
      line: line !== null && answer.inLine ? { hash: lineHash(line), meaning: answer.inLine } : null,
    });
    return answer;
  })();
  asking.set(flight, call);
  const forget = () => {
    if (asking.get(flight) === call) asking.delete(flight);
  };
  let answer: WordMeaningAnswer | null;
  try {
    answer = await call;
  } catch (error) {
    forget();
    throw error;
  }
  if (!answer) {
    forget();
    throw refused;
  }
  setTimeout(forget, ANSWER_KEPT_MS).unref();
  return answer;
}

const aiUnavailable = () => new ApiError("unavailable", "The meaning could not be looked up right now: the AI service did not answer. Try again shortly.");

/** Counts one AI lookup for the user (429 past their hourly limit); its id, to take it back if the call fails. */
async function countAiLookup(db: Db, user: User): Promise<number | null> {
  const limit = env().wordLookupAiPerHour;
  if (limit === 0) return null;
  return db.transaction(async (tx) => {
    const recent = await lockRecentAiLookups(tx, { userId: user.id, seconds: HOUR_SECONDS });
    if (recent.count >= limit) {
      const wait = Math.max(1, Math.ceil(recent.freeInSeconds));
      throw rateLimited(
        `You have had the AI look up ${limit} new words in the last hour, the most allowed. Try again in ${inWords(wait)}; words already looked up, your notes and dictionary meanings still work.`,
        wait,
      );
    }
    return recordAiLookup(tx, user.id);
  });
}

export async function saveWordNote(db: Db, user: User, change: WordNoteChange) {
  const lemma = learnerLemmaKey(change.lemma, change.language);
  if (!lemma) throw badRequest("lemma: must contain a word");
  const saved = await upsertWordNote(db, { userId: user.id, language: change.language, lemma, note: change.note });
  return { language: saved.language, lemma: saved.lemma, note: saved.note, updatedAt: saved.updatedAt.toISOString() };
}

export async function removeWordNote(db: Db, user: User, key: WordNoteKey) {
  const lemma = learnerLemmaKey(key.lemma, key.language);
  if (!lemma) throw badRequest("lemma: must contain a word");
  return { deleted: await deleteWordNote(db, { userId: user.id, language: key.language, lemma }) };
}

/**
 * What a word means, for the word popover. In order: the learner's own note on its lemma; what
 * processing made of it in a video (a vocabulary word's translation); an imported offline
 * dictionary (the surface form first, then the lemma), credited by name and licence; the
 * configured OpenAI-compatible API, whose answer (the lemma's common meanings and
 * its meaning in the line) is cached for everyone, so each word costs one call ever. Only a word
 * the server found itself is answered for everyone: the line's own word at that spelling (its
 * lemma as processing found it), or without a line a form some video of the language has; an
 * answer about any other text is the asker's alone and kept by no one, so no learner decides what
 * others are shown. AI lookups that reach the API are counted (lib/words/meanings/ai-budget.ts);
 * answers from the cache are free, and a lookup asked while the same one is being asked waits for
 * it. Without an AI provider, an answer some model gave before still serves (credited to it); with
 * nothing at all, the answer says so in `message`. What is stored is chosen as everywhere else a
 * meaning is shown (lib/words/meanings/choose.ts).
 */
import "server-only";
import { createHash } from "node:crypto";
import type { Db } from "@/db/client";
import type { DictionaryHit } from "@/db/queries/dictionary";
import { listCaptionWords, listLemmaSurfaces } from "@/db/queries/tokens";
import { getCaptionLine, saveWordMeaning, type CachedMeaning, type MeaningKey } from "@/db/queries/words/meanings";
import { deleteWordNote, upsertWordNote } from "@/db/queries/words/notes";
import type { User } from "@/db/schema";
import { ApiError, badRequest, notFound } from "@/lib/api/errors";
import { getAi } from "@/lib/ai/client";
import { askWordMeaning, WORD_MEANING_PROMPT_VERSION, type WordMeaningAnswer, type WordMeaningQuestion } from "@/lib/ai/word-meaning";
import { env } from "@/lib/env";
import { headwordKey } from "@/lib/words/key";
// Notes are the learner's, keyed as their word statuses are (not as dictionary headwords are).
import { lemmaKey as learnerLemmaKey } from "@/lib/words/key";
import type { WordLookupQuery, WordNoteChange, WordNoteKey } from "@/lib/validation/word-lookup";
import { refundAiLookup, spendAiLookup } from "./ai-budget";
import { mayView } from "@/lib/services/videos";
import { chooseMeanings } from "./choose";

export type WordLookupSource = "note" | "vocabulary" | "dictionary" | "ai" | "none";

/**
 * A dictionary's answer: its senses (each alone, numbered by the screen), and the pronunciation
 * and grammar its entries give, shown apart and only when every sense shown shares them.
 */
export type DictionaryMeaning = {
  name: string;
  edition: string | null;
  licence: string;
  headword: string;
  definitions: string[];
  pronunciation: string | null;
  grammar: string | null;
};

export type WordLookup = {
  surface: string;
  lemma: string;
  language: string;
  nativeLanguage: string;
  /** Where the meaning came from (`note`, `vocabulary`, `dictionaries` or `ai`); "none": no meaning is known (see `message`). */
  source: WordLookupSource;
  /** The learner's own note on the lemma, whatever else answers. */
  note: { text: string; updatedAt: string } | null;
  /** What processing made of the word in a video: a vocabulary word's translation (or its quiz's right answer). */
  vocabulary: { translation: string } | null;
  /** Every dictionary of the pair that knows the word (the surface form's entries, else the lemma's). */
  dictionaries: DictionaryMeaning[];
  ai: { partOfSpeech: string | null; meanings: string[]; inLine: string | null; model: string; cached: boolean } | null;
  /** The line's translation into the native language, when the lookup names a line that has one: context for any meaning, the only one when none is known. */
  lineTranslation: string | null;
  /** Said plainly when no meaning can be given. */
  message: string | null;
};

export const NO_MEANING_MESSAGE =
  "No dictionary has this word and no AI provider is configured, so its meaning cannot be shown. You can still write your own note.";
/** The same, about a word of a line: the line's translation (shown beside it) gives its sense there. */
export const LINE_CONTEXT_MESSAGE = "No meaning of this word is stored yet: the line's translation shows its sense here. You can write your own note.";

/** An AI lookup is someone waiting on a popover: give up long before a processing job would. */
const AI_LOOKUP_TIMEOUT_MS = 30_000;
const DEFINITIONS_PER_DICTIONARY = 5;
/** A headword's dictionary definitions read, across its dictionaries. */
const DICTIONARY_ROWS = 40;

/** One headword's dictionary hits grouped by dictionary, in their order. */
export function groupDictionaryHits(hits: readonly DictionaryHit[]): DictionaryMeaning[] {
  const byDictionary = new Map<number, { meaning: DictionaryMeaning; shown: DictionaryHit[] }>();
  for (const hit of hits) {
    const found = byDictionary.get(hit.dictionaryId) ?? {
      meaning: { name: hit.name, edition: hit.edition, licence: hit.licence, headword: hit.headword, definitions: [], pronunciation: null, grammar: null },
      shown: [],
    };
    byDictionary.set(hit.dictionaryId, found);
    if (found.shown.length < DEFINITIONS_PER_DICTIONARY && !found.meaning.definitions.includes(hit.definition)) {
      found.meaning.definitions.push(hit.definition);
      found.shown.push(hit);
    }
  }
  return [...byDictionary.values()].map(({ meaning, shown }) => {
    // Homographs (a noun and a verb, CC-CEDICT's readings of one character) differ: then none is shown for all.
    const pronunciations = new Set(shown.map((h) => h.pronunciation).filter(Boolean));
    const grammar = new Set(shown.map((h) => h.grammar));
    return {
      ...meaning,
      pronunciation: pronunciations.size === 1 ? [...pronunciations][0]! : null,
      grammar: grammar.size === 1 ? ([...grammar][0] ?? null) : null,
    };
  });
}

/** A line's key in the AI cache: the SHA-256 of its text, as db/queries/words/meanings.ts computes it from a caption. */
const lineHash = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The most of a line the AI is sent: the words around the one asked about, enough to read its sense there. */
export const LOOKUP_LINE_MAX = 300;

/** A long line cut to LOOKUP_LINE_MAX characters around [start, end), at spaces where it can be. */
export function lineAround(text: string, start: number, end: number): string {
  if (text.length <= LOOKUP_LINE_MAX) return text;
  const room = Math.max(0, LOOKUP_LINE_MAX - (end - start));
  let from = Math.max(0, Math.min(start - Math.floor(room / 2), text.length - LOOKUP_LINE_MAX));
  let to = Math.min(text.length, from + LOOKUP_LINE_MAX);
  const space = (i: number) => /\s/.test(text[i] ?? "");
  while (from > 0 && from < start && !space(from - 1)) from++;
  while (to < text.length && to > end && !space(to)) to--;
  return `${from > 0 ? "…" : ""}${text.slice(from, to).trim()}${to < text.length ? "…" : ""}`;
}

/**
 * What a lookup asks about, as the server knows it: the word and its lemma (the line's own token
 * when the line has the word, whatever lemma the caller sent), the line sent to the AI and the
 * full line's text (the cache's key), and whether the answer may be shared: true only for a word
 * processing found, never for text the caller chose.
 */
type AskedWord = { word: string; lemma: string; line: string | null; lineText: string | null; lineTranslation: string | null; shared: boolean };

async function askedWord(db: Db, user: User, query: WordLookupQuery, nativeLanguage: string): Promise<AskedWord> {
  const surfaceKey = headwordKey(query.surface);
  if (!surfaceKey) throw badRequest("surface: must contain a word");
  const asked = { word: query.surface, lemma: query.lemma || query.surface };
  if (query.captionId === undefined) {
    const lemma = learnerLemmaKey(asked.lemma, query.language);
    const forms = lemma ? await listLemmaSurfaces(db, { language: query.language, lemma }) : [];
    const known = forms.length > 0 && (surfaceKey === headwordKey(lemma) || forms.some((form) => headwordKey(form) === surfaceKey));
    return { ...asked, line: null, lineText: null, lineTranslation: null, shared: known };
  }
  const [line, tokens] = await Promise.all([getCaptionLine(db, query.captionId, nativeLanguage), listCaptionWords(db, { captionId: query.captionId })]);
  if (!line || !mayView(user, line.status)) throw notFound("Line not found");
  if (line.language !== query.language) throw badRequest(`language: the line is in "${line.language}", not "${query.language}"`);
  const token = tokens.find((t) => headwordKey(t.surface) === surfaceKey);
  const about = { lineText: line.text, lineTranslation: line.translation };
  if (!token) return { ...asked, ...about, line: lineAround(line.text, 0, 0), shared: false };
  return { word: token.surface, lemma: token.lemma, ...about, line: lineAround(line.text, token.start, token.end), shared: true };
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
  const asked = await askedWord(db, user, query, nativeLanguage);
  const lemma = headwordKey(asked.lemma) || headwordKey(asked.word);
  const model = env().openai ? getAi().chatModel : null;
  const key = model === null ? null : { language, nativeLanguage, lemma, model, promptVersion: WORD_MEANING_PROMPT_VERSION };
  const [chosen] = await chooseMeanings(db, [{ language, lemma: asked.lemma, surface: asked.word }], {
    userId: user.id,
    nativeLanguage,
    definitions: DICTIONARY_ROWS,
    // Without a provider, what any model answered before still serves.
    ai: key ? { model: key.model, promptVersion: key.promptVersion, captionId: query.captionId ?? null } : "any",
  });
  const base = { surface: query.surface, lemma, language, nativeLanguage, note: null, vocabulary: null, dictionaries: [], ai: null, lineTranslation: asked.lineTranslation, message: null };

  if (chosen?.source === "note") return { ...base, source: "note", note: { text: chosen.text, updatedAt: chosen.updatedAt.toISOString() } };
  if (chosen?.source === "vocabulary") return { ...base, source: "vocabulary", vocabulary: { translation: chosen.text } };
  if (chosen?.source === "dictionary") return { ...base, source: "dictionary", dictionaries: groupDictionaryHits(chosen.hits) };
  const cached = chosen?.source === "ai" ? chosen.cached : null;
  const fromCache = (c: CachedMeaning): WordLookup => ({
    ...base,
    source: "ai",
    ai: { partOfSpeech: c.partOfSpeech, meanings: c.meanings, inLine: c.lineMeaning, model: c.model, cached: true },
  });
  if (!key) return cached ? fromCache(cached) : { ...base, source: "none", message: asked.lineTranslation === null ? NO_MEANING_MESSAGE : LINE_CONTEXT_MESSAGE };
  if (cached && (asked.line === null || cached.lineMeaning !== null)) return fromCache(cached);

  const answer = await askOnce(db, user, { language, nativeLanguage, word: asked.word, lemma, line: asked.line }, { key, asked });
  // A meaning cached before (another line's lookup) stays the one everyone sees.
  const meanings = cached?.meanings ?? answer.meanings;
  const partOfSpeech = cached ? cached.partOfSpeech : answer.partOfSpeech || null;
  return { ...base, source: "ai", ai: { partOfSpeech, meanings, inLine: answer.inLine, model: key.model, cached: false } };
}

/**
 * Asks the AI, or joins the same question already being asked here, and caches the answer for
 * everyone when the word is one the server found (`asked.shared`); otherwise it is the asker's alone.
 */
async function askOnce(db: Db, user: User, question: WordMeaningQuestion, { key, asked }: { key: MeaningKey; asked: AskedWord }): Promise<WordMeaningAnswer> {
  const { line } = question;
  const flight = JSON.stringify([key.language, key.nativeLanguage, key.lemma, key.model, key.promptVersion, question.word, line, asked.shared]);
  const asking = askingByDb.get(db) ?? new Map<string, Promise<WordMeaningAnswer | null>>();
  askingByDb.set(db, asking);
  for (let pending = asking.get(flight); pending; pending = asking.get(flight)) {
    const answer = await pending.catch(() => Promise.reject(aiUnavailable()));
    if (answer) return answer;
  }
  // Registered before the first await, so every lookup from here on joins this one.
  let refused: unknown;
  const call = (async (): Promise<WordMeaningAnswer | null> => {
    let spent;
    try {
      spent = await spendAiLookup(db, user);
    } catch (error) {
      refused = error;
      return null;
    }
    let answer: WordMeaningAnswer;
    try {
      answer = await askWordMeaning(question, AbortSignal.timeout(AI_LOOKUP_TIMEOUT_MS));
    } catch (error) {
      await refundAiLookup(db, spent);
      console.error("[word-lookup] the AI call failed", error instanceof Error ? error.message : error);
      throw aiUnavailable();
    }
    if (asked.shared) {
      await saveWordMeaning(db, {
        ...key,
        partOfSpeech: answer.partOfSpeech || null,
        meanings: answer.meanings,
        line: asked.lineText !== null && answer.inLine ? { hash: lineHash(asked.lineText), meaning: answer.inLine } : null,
      });
    }
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

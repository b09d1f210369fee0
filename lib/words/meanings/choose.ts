/**
 * A word's meaning for a learner, chosen the same way wherever one is shown (the word popover,
 * the saved words and their export, the review card, the reviews inside a video), so they never
 * disagree. In order, from what the app knows best for this app's videos to what it knows least:
 * the learner's own note on the lemma; what processing made of it (a video's vocabulary word with
 * that lemma: its translation, else its quiz's right answer); an imported dictionary (the surface
 * form's entries if it has any, else the lemma's); the AI's cached answer. Only what is stored is
 * read: the AI is never called here. A word with none of these is null; where a line is shown,
 * its translation stands in as context (lineContext).
 */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { findDictionaryEntries, type DictionaryHit } from "@/db/queries/dictionary";
import { findCachedMeanings, findWordMeaning, listVocabularyTranslations, type CachedMeaning, type MeaningKey } from "@/db/queries/words/meanings";
import { listWordNotes } from "@/db/queries/words/notes";
import { headwordKey } from "@/lib/words/key";
// Notes are the learner's, keyed as their word statuses are (not as dictionary headwords are).
import { lemmaKey as learnerLemmaKey } from "@/lib/words/key";

/** A word whose meaning is wanted: its lemma and, when a line says it, the form said there. */
export type MeaningWanted = { language: string; lemma: string; surface?: string };

export type ChosenMeaning =
  | { source: "note"; text: string; updatedAt: Date }
  /** The definitions of one headword (the surface form's or the lemma's), in the dictionaries' order. */
  | { source: "dictionary"; hits: DictionaryHit[] }
  | { source: "ai"; cached: CachedMeaning }
  | { source: "vocabulary"; text: string };

export type MeaningReads = {
  userId: string;
  nativeLanguage: string;
  /** How many of a headword's dictionary definitions are read. */
  definitions: number;
  /**
   * The AI's cache: "any" model's newest answer; or the configured model's own, with its meaning
   * in a line (the popover, which asks that model when it has no answer); null, none.
   */
  ai: "any" | (Pick<MeaningKey, "model" | "promptVersion"> & { captionId: number | null }) | null;
};

const noteKey = (language: string, lemma: string) => `${language}\u0000${lemma}`;

function headwordsOf(word: MeaningWanted) {
  const surface = headwordKey(word.surface ?? word.lemma);
  return { surface, lemma: headwordKey(word.lemma) || surface };
}

/** The AI's cached answers by headword, from the cache `ai` names. */
async function cachedAnswers(db: DbOrTx, language: string, nativeLanguage: string, lemmas: string[], ai: MeaningReads["ai"]): Promise<Map<string, CachedMeaning>> {
  if (ai === null) return new Map();
  if (ai === "any") return findCachedMeanings(db, { language, nativeLanguage, lemmas });
  const found = await Promise.all(lemmas.map((lemma) => findWordMeaning(db, { language, nativeLanguage, lemma, ...ai })));
  return new Map(lemmas.flatMap((lemma, i) => (found[i] ? [[lemma, found[i]] as const] : [])));
}

/** What one language's words have stored: dictionary hits and AI answers by headword, vocabulary translations by lemma key. */
async function readLanguage(db: DbOrTx, language: string, words: readonly MeaningWanted[], reads: MeaningReads) {
  const heads = words.map(headwordsOf);
  const headwords = [...new Set(heads.flatMap((h) => [h.surface, h.lemma]).filter(Boolean))];
  const lemmaHeads = [...new Set(heads.map((h) => h.lemma).filter(Boolean))];
  const { nativeLanguage, ai } = reads;
  const [hits, cached, vocabulary] = await Promise.all([
    findDictionaryEntries(db, { sourceLanguage: language, targetLanguage: nativeLanguage, headwords, perHeadword: reads.definitions }),
    cachedAnswers(db, language, nativeLanguage, lemmaHeads, ai),
    listVocabularyTranslations(db, { language, nativeLanguage, lemmas: [...new Set(words.map((w) => learnerLemmaKey(w.lemma, language)).filter(Boolean))] }),
  ]);
  return { hits, cached, vocabulary };
}

/**
 * The meaning of each of `words` (null where nothing is known), in their order. Every read
 * goes out at once: a language's dictionaries, AI cache and vocabulary, and the notes.
 */
export async function chooseMeanings(db: DbOrTx, words: readonly MeaningWanted[], reads: MeaningReads): Promise<(ChosenMeaning | null)[]> {
  if (!words.length) return [];
  const languages = [...new Set(words.map((w) => w.language))];
  const readAll = (language: string) => readLanguage(db, language, words.filter((w) => w.language === language), reads).then((found) => [language, found] as const);
  const noteKeys = words.map((w) => ({ language: w.language, lemma: learnerLemmaKey(w.lemma, w.language) }));
  const [notes, stored] = await Promise.all([listWordNotes(db, { userId: reads.userId, keys: noteKeys }), Promise.all(languages.map(readAll))]);
  const noteOf = new Map(notes.map((n) => [noteKey(n.language, n.lemma), n]));
  const storedOf = new Map(stored);
  return words.map((word): ChosenMeaning | null => {
    const note = noteOf.get(noteKey(word.language, learnerLemmaKey(word.lemma, word.language)));
    if (note?.note.trim()) return { source: "note", text: note.note, updatedAt: note.updatedAt };
    const { hits, cached, vocabulary } = storedOf.get(word.language)!;
    const translation = vocabulary.get(learnerLemmaKey(word.lemma, word.language));
    if (translation) return { source: "vocabulary", text: translation };
    const heads = headwordsOf(word);
    const found = hits.get(heads.surface) ?? hits.get(heads.lemma);
    if (found?.length) return { source: "dictionary", hits: found };
    const answer = cached.get(heads.lemma);
    return answer ? { source: "ai", cached: answer } : null;
  });
}

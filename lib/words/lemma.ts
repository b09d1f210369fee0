/**
 * The (language, lemma) key of a learner's word as the word routes take it (statuses, cards):
 * the language checked against the languages' codes, kept between calls and read again only for a
 * code not among them, and the lemma normalised (lemmaKey).
 */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { listLanguageCodes } from "@/db/queries/languages";
import { badRequest } from "@/lib/api/errors";
import { lemmaKey } from "@/lib/words/key";

let languageCodes: Set<string> | undefined;

const unknownLanguage = (code: string) => badRequest(`language: no language has the code "${code}"`);

/** The normalised lemma of a word in a language we have; 400 otherwise. */
export async function checkedLemma(db: DbOrTx, language: string, lemma: string): Promise<string> {
  if (!languageCodes?.has(language)) languageCodes = new Set(await listLanguageCodes(db));
  if (!languageCodes.has(language)) throw unknownLanguage(language);
  const key = lemmaKey(lemma, language);
  if (!key) throw badRequest("lemma must contain a letter or a digit");
  return key;
}

/** A write that hit the language's foreign key (a language removed since its code was read) is answered 400, as an unknown code. */
export function asUnknownLanguage(language: string) {
  return (error: unknown): never => {
    const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
    throw e?.code === "23503" || e?.cause?.code === "23503" ? unknownLanguage(language) : error;
  };
}

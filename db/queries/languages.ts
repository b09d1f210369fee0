import { asc, inArray } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { languages, type Language } from "../schema";

export async function listLanguages(db: DbOrTx): Promise<Language[]> {
  return db.select().from(languages).orderBy(asc(languages.sortOrder), asc(languages.code));
}

export async function getLanguagesByCodes(db: DbOrTx, params: { codes: string[] }): Promise<Language[]> {
  if (params.codes.length === 0) return [];
  return db.select().from(languages).where(inArray(languages.code, params.codes));
}

/** Every language code the product knows, for work done once per language. */
export async function listLanguageCodes(db: DbOrTx): Promise<string[]> {
  return (await db.select({ code: languages.code }).from(languages)).map((l) => l.code);
}

/** The choices of a language picker: each language in its own words, and in the reader's beside it when they differ. */
import { languageName, LOCALES, ownName, type Locale } from "./locales";

export type LanguageOption = { code: string; label: string; lang?: string };

export function languageOptions(current: Locale): LanguageOption[] {
  return LOCALES.map((code) => {
    const own = ownName(code);
    const here = languageName(code, current);
    return { code, lang: code, label: code === current || !here || here === own ? own : `${own} · ${here}` };
  });
}

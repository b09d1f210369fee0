/**
 * The languages the app offers: the nine it teaches, learners speak, and its interface speaks.
 * Without zod (lib/validation/languages.ts holds their schema): the language pickers of the
 * landing, the header and Settings import it, and a page's scripts should not bring zod for that.
 */
export const APP_LANGUAGES = ["en", "es", "fr", "de", "it", "pt", "sv", "ja", "zh"] as const;

export const LOCALES = APP_LANGUAGES;
export type Locale = (typeof LOCALES)[number];

/** What a visitor with no cookie and no language the app speaks in their browser gets. */
export const DEFAULT_LOCALE: Locale = "en";

/** The visitor's chosen language (before sign-in, and kept after sign-out): a year. */
export const LOCALE_COOKIE = "NEXT_LOCALE";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

const OFFERED: ReadonlySet<string> = new Set(LOCALES);

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && OFFERED.has(value);
}

/** Each language in its own words, as a picker lists them ("Deutsch", "日本語"). */
export function ownName(locale: Locale): string {
  return languageName(locale, locale) ?? locale;
}

/** A language's name in the reader's language ("Deutsch" for "de" in German, "ドイツ語" in Japanese), capitalised as a label. */
export function languageName(code: string, reader: string): string | undefined {
  try {
    const name = new Intl.DisplayNames([reader], { type: "language" }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(reader) + name.slice(1) : undefined;
  } catch {
    return undefined;
  }
}

/** The cookie a picker sets in the browser (the server reads it on the next request). */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax`;
}

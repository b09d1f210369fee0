/** Facts about a language tag that the server and the browser both need, with no word lists attached. */

/** "pt-BR" → "pt". */
export const baseLanguage = (language: string) => language.toLowerCase().split(/[-_]/)[0] ?? "";

/** Japanese and Chinese run their words together: a line's words are joined without spaces. */
export const writtenWithoutSpaces = (language: string) => ["ja", "zh"].includes(baseLanguage(language));

/**
 * The languages the app offers (SPEC §3 "Language", the rows migration 0002 puts in `languages`),
 * and the one schema every language code a request or a form takes is checked with: a code
 * outside them is a 400 that names them, before it reaches a locale-aware string function or
 * the AI.
 */
import { z } from "zod";
import { APP_LANGUAGES } from "@/lib/i18n/locales";

export { APP_LANGUAGES };

const OFFERED: ReadonlySet<string> = new Set(APP_LANGUAGES);

/** "nativeLanguage must be one of en, es, …". */
const appLanguageMessage = (name: string) => `${name} must be one of ${APP_LANGUAGES.join(", ")}`;

/**
 * A language the app offers, named `name` in its message. Spaces around it and upper case are
 * forgiven ("ES" is "es"), as the word popover always took them; anything else is refused. Its
 * type stays `string` (no enum): services take codes read back from the database too.
 */
export const appLanguageSchema = (name = "language") =>
  z
    .string({ message: appLanguageMessage(name) })
    .trim()
    .toLowerCase()
    .refine((code) => OFFERED.has(code), appLanguageMessage(name));

/**
 * A form's language select: empty gets the form's own 'required' message (SPEC §5, verbatim),
 * anything else must be offered. Its value stays a string, as the form's fields are.
 */
export const languageFieldSchema = (required: string, label: string) =>
  z
    .string()
    .min(1, required)
    .refine((code) => code === "" || OFFERED.has(code), appLanguageMessage(label));

/**
 * Which language a request is answered in: the signed-in learner's choice (their interface
 * language, else their native language), else the visitor's cookie, else the first language of
 * the browser's Accept-Language the app speaks ("pt-BR" is Portuguese, "zh-Hant" Chinese), else
 * English.
 */
import { match } from "@formatjs/intl-localematcher";
import Negotiator from "negotiator";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "./locales";

export type LocaleSources = {
  /** The signed-in user's interface language, then native language (either may be unset). */
  user?: { interfaceLanguage: string | null; nativeLanguage: string | null } | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
};

export function negotiateLocale({ user, cookie, acceptLanguage }: LocaleSources): Locale {
  if (isLocale(user?.interfaceLanguage)) return user.interfaceLanguage;
  if (isLocale(user?.nativeLanguage)) return user.nativeLanguage;
  if (isLocale(cookie)) return cookie;
  return fromAcceptLanguage(acceptLanguage);
}

export function fromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header || header.length > 1000) return DEFAULT_LOCALE;
  const requested = new Negotiator({ headers: { "accept-language": header } })
    .languages()
    .filter((tag) => tag !== "*" && isWellFormed(tag));
  if (requested.length === 0) return DEFAULT_LOCALE;
  const found = match(requested, [...LOCALES], DEFAULT_LOCALE, { algorithm: "best fit" });
  return isLocale(found) ? found : DEFAULT_LOCALE;
}

/** A tag Intl accepts (a malformed one would make the matcher throw). */
function isWellFormed(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/**
 * Translation outside React (the embedded auth server's emails): a language's catalogue and a
 * translator of one of its namespaces. Server only.
 */
import "server-only";
// use-intl/core: the translator without React (next-intl's entry brings its React provider along).
import { createTranslator } from "use-intl/core";
import type en from "@/messages/en.json";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

type Messages = typeof en;

async function catalogue(locale: Locale): Promise<Messages> {
  return (await import(`../../messages/${locale}.json`)).default as Messages;
}

export async function translatorFor<N extends keyof Messages>(locale: string | null | undefined, namespace: N) {
  const chosen: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  return createTranslator({ locale: chosen, messages: await catalogue(chosen), namespace });
}

/** Components that translate, rendered as the app renders them: inside a provider with a catalogue (English unless told). */
import { readFileSync } from "node:fs";
import path from "node:path";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";

const catalogues = new Map<string, Record<string, unknown>>();

export function catalogue(locale = "en"): Record<string, unknown> {
  let messages = catalogues.get(locale);
  if (!messages) {
    messages = JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as Record<string, unknown>;
    catalogues.set(locale, messages);
  }
  return messages;
}

/** Every message of a catalogue by its dotted key ("home.streak"). */
export function catalogueMessages(locale = "en"): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === "string") out.set(`${prefix}${key}`, value);
      else walk(value as Record<string, unknown>, `${prefix}${key}.`);
    }
  };
  walk(catalogue(locale), "");
  return out;
}

export function WithIntl({ children, locale = "en" }: { children: ReactNode; locale?: Locale }) {
  return (
    <NextIntlClientProvider locale={locale} messages={catalogue(locale)} timeZone="UTC">
      {children}
    </NextIntlClientProvider>
  );
}

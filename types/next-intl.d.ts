/** Typed catalogues: a key missing from English, or an argument a message lacks, fails the type check. */
import type en from "@/messages/en.json";
import type { Locale } from "@/lib/i18n/locales";

declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}

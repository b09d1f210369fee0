/**
 * The interface's language, for visitors (the landing's and the sign-in screens' footers): each
 * language in its own words and, beside it, in the current one ("Deutsch · German"). The choice
 * is a cookie; a signed-in learner's is saved with their settings (Settings, the account menu).
 */
import { getLocale, getTranslations } from "next-intl/server";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import { languageOptions } from "@/lib/i18n/options";
import { LanguageSelect } from "./language-select";

export async function LanguagePicker() {
  const [current, t] = await Promise.all([getLocale(), getTranslations("language")]);
  const locale = isLocale(current) ? current : DEFAULT_LOCALE;
  return <LanguageSelect id="interface-language" label={t("picker")} value={locale} options={languageOptions(locale)} />;
}

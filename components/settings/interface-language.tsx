"use client";
/** Settings' interface language: applies at once (and is saved), following the native language until one is picked. */
import { useLocale } from "next-intl";
import { useTranslations } from "@/lib/i18n/use-translations";
import { LanguageSelect } from "@/components/i18n/language-select";
import { useInterfaceLanguage } from "@/components/i18n/use-interface-language";
import { isLocale, ownName } from "@/lib/i18n/locales";
import { languageOptions } from "@/lib/i18n/options";
import type { AppUser } from "@/lib/types/api";
import { Section } from "./settings-form";

export function InterfaceLanguage({ user }: { user: AppUser }) {
  const t = useTranslations("language");
  const locale = useLocale();
  const save = useInterfaceLanguage();
  const native = isLocale(user.nativeLanguage) ? user.nativeLanguage : null;
  const follow = native ? [{ code: "", label: t("followNative", { language: ownName(native) }) }] : [];
  return (
    <Section title={t("picker")} description={t("pickerHint")}>
      <LanguageSelect
        id="settings-interface-language"
        label={t("picker")}
        value={user.interfaceLanguage ?? ""}
        options={[...follow, ...languageOptions(isLocale(locale) ? locale : "en")]}
        save={save}
        className="flex flex-col gap-2 text-sm font-medium sm:max-w-xs [&_label]:sr-only"
      />
    </Section>
  );
}

"use client";
/** A language choice with flags, for a video's target language. */
import { useLocale } from "next-intl";
import { useTranslations } from "@/lib/i18n/use-translations";
import type { ComponentProps } from "react";
import { LanguageFlag, languageDisplayName } from "@/components/language-flag";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { languageName } from "@/lib/i18n/locales";

export function LanguageSelect({
  codes,
  value,
  onChange,
  ...trigger
}: { codes: readonly string[]; value: string; onChange: (code: string) => void } & Omit<ComponentProps<typeof SelectTrigger>, "value" | "onChange">) {
  const t = useTranslations("admin.fields");
  const locale = useLocale();
  const nameOf = (code: string) => languageName(code, locale) ?? languageDisplayName(code);
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger className="w-full" {...trigger}>
        <SelectValue placeholder={t("chooseLanguage")}>
          {value ? (
            <>
              <LanguageFlag code={value} label={null} className="h-3.5 w-5 rounded-[2px]" />
              {nameOf(value)}
            </>
          ) : undefined}
        </SelectValue>
      </SelectTrigger>
      <SelectContent>
        {codes.map((code) => (
          <SelectItem key={code} value={code}>
            <LanguageFlag code={code} label={null} className="h-3.5 w-5 rounded-[2px]" />
            {nameOf(code)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

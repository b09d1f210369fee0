"use client";
/** A language choice with flags, for a video's target language. */
import type { ComponentProps } from "react";
import { LanguageFlag, languageDisplayName } from "@/components/language-flag";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

export function LanguageSelect({
  codes,
  value,
  onChange,
  ...trigger
}: { codes: readonly string[]; value: string; onChange: (code: string) => void } & Omit<ComponentProps<typeof SelectTrigger>, "value" | "onChange">) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger className="w-full" {...trigger}>
        <SelectValue placeholder="Choose a language">
          {value ? (
            <>
              <LanguageFlag code={value} label={null} className="h-3.5 w-5 rounded-[2px]" />
              {languageDisplayName(value)}
            </>
          ) : undefined}
        </SelectValue>
      </SelectTrigger>
      <SelectContent>
        {codes.map((code) => (
          <SelectItem key={code} value={code}>
            <LanguageFlag code={code} label={null} className="h-3.5 w-5 rounded-[2px]" />
            {languageDisplayName(code)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

"use client";
/**
 * A native select of the interface's languages (language-picker.tsx gives its words). Choosing
 * one sets the visitor's cookie, saves it for a signed-in learner when `save` is given, and
 * renders the page again in it.
 */
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { isLocale, localeCookie } from "@/lib/i18n/locales";
import type { LanguageOption } from "@/lib/i18n/options";

export function LanguageSelect({
  id,
  label,
  value,
  options,
  save,
  className,
}: {
  id: string;
  label: string;
  value: string;
  options: LanguageOption[];
  /** Saves the choice ("" follows the native language) before the page renders again. */
  save?: (value: string) => Promise<void>;
  className?: string;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function choose(next: string) {
    startTransition(async () => {
      if (save) await save(next);
      if (isLocale(next)) document.cookie = localeCookie(next);
      router.refresh();
    });
  }

  return (
    <span className={className ?? "inline-flex items-center gap-2"}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={pending}
        onChange={(event) => choose(event.target.value)}
        className="h-9 rounded-md border border-input bg-background px-2 text-sm text-foreground shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60"
        data-testid="language-select"
      >
        {options.map((option) => (
          <option key={option.code} value={option.code} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}

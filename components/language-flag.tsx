import * as React from "react";
import { GlobeIcon } from "lucide-react";
import { languageName } from "@/lib/i18n/locales";
import { cn } from "@/lib/utils";

/**
 * The flags (country-flag-icons' 3×2 SVGs, copied to public/flags/) are images, not components:
 * as components all thirteen came with every page that shows one.
 */
export type FlagCountry = "BR" | "CA" | "CN" | "DE" | "ES" | "FR" | "GB" | "IT" | "JP" | "MX" | "PT" | "SE" | "US";

/** The flag shown for a bare language code. */
const LANGUAGE_COUNTRY: Record<string, FlagCountry> = {
  en: "GB",
  es: "ES",
  fr: "FR",
  de: "DE",
  it: "IT",
  pt: "PT",
  sv: "SE",
  ja: "JP",
  zh: "CN",
};

/** The languages the product has flags for (SPEC §9), in display order. */
export const LANGUAGE_CODES = Object.keys(LANGUAGE_COUNTRY);

/** Regional variants that read better with their own flag (e.g. "pt-BR"). */
const REGIONAL_COUNTRY: Record<string, FlagCountry> = {
  "en-us": "US",
  "pt-br": "BR",
  "es-mx": "MX",
  "fr-ca": "CA",
};

const LANGUAGE_NAMES: Record<string, string> = {
  en: "English",
  es: "Spanish",
  fr: "French",
  de: "German",
  it: "Italian",
  pt: "Portuguese",
  sv: "Swedish",
  ja: "Japanese",
  zh: "Chinese",
};

function normalizeCode(code: string | null | undefined): string {
  return (code ?? "").trim().replace(/_/g, "-").toLowerCase();
}

/**
 * The ISO 3166 country whose flag stands for a language code ("es" → "ES",
 * "en" → "GB", "pt-BR" → "BR"), or null when LingoReel has no flag for it.
 */
export function languageFlagCountry(code: string | null | undefined): FlagCountry | null {
  const normalized = normalizeCode(code);
  if (!normalized) return null;
  const regional = REGIONAL_COUNTRY[normalized];
  if (regional) return regional;
  const base = normalized.split("-")[0] ?? "";
  return LANGUAGE_COUNTRY[base] ?? null;
}

/**
 * The name of a language code in the reader's language (`locale`, English by default: "es" →
 * "Spanish", "Spanisch" in German); the upper-cased code if unknown.
 */
export function languageDisplayName(code: string | null | undefined, locale = "en"): string {
  const normalized = normalizeCode(code);
  // English only: no screen shows a flag without a code (Intl names "und" "root", not "unknown").
  if (!normalized) return "Unknown language";
  const base = normalized.split("-")[0] ?? normalized;
  const known = locale === "en" ? LANGUAGE_NAMES[base] : undefined;
  if (known) return known;
  const name = languageName(base, locale);
  if (name && name.toLowerCase() !== base) return name;
  return base.toUpperCase();
}

export type LanguageFlagProps = Omit<React.ComponentProps<"span">, "children"> & {
  /** A language code such as "es", "en" or "pt-BR". */
  code: string | null | undefined;
  /**
   * The accessible name; defaults to the language's name in `locale`. Pass `null` when
   * the flag sits next to text that already names the language.
   */
  label?: string | null;
  /**
   * The reader's language, which the default accessible name is in (English unless given): a
   * client caller passes next-intl's `useLocale()`, a server one `await getLocale()`.
   */
  locale?: string;
};

/**
 * A small rounded SVG flag for a language. Defaults to 24×16 px; size it with
 * `className` (e.g. `h-5 w-7.5`, or `size-6 rounded-full` for a round badge: the
 * flag is cropped, not stretched). Unknown codes show a globe.
 */
export function LanguageFlag({ code, label, locale, className, ...props }: LanguageFlagProps) {
  const country = languageFlagCountry(code);
  const name = label === undefined ? languageDisplayName(code, locale) : label;
  const a11y =
    name === null || name === ""
      ? ({ "aria-hidden": true } as const)
      : ({ role: "img", "aria-label": name, title: name } as const);

  return (
    <span
      data-slot="language-flag"
      data-country={country ?? undefined}
      className={cn(
        "relative inline-flex h-4 w-6 shrink-0 items-center justify-center overflow-hidden rounded-[4px] align-middle",
        "after:pointer-events-none after:absolute after:inset-0 after:rounded-[inherit] after:ring-1 after:ring-black/10 after:ring-inset dark:after:ring-white/15",
        !country && "bg-muted text-muted-foreground",
        className,
      )}
      {...a11y}
      {...props}
    >
      {country ? (
        // eslint-disable-next-line @next/next/no-img-element -- a 1 KB local SVG: nothing to optimise
        <img src={`/flags/${country}.svg`} alt="" aria-hidden="true" draggable={false} className="block size-full object-cover" />
      ) : (
        <GlobeIcon aria-hidden="true" className="size-[70%] max-h-full" strokeWidth={2} />
      )}
    </span>
  );
}

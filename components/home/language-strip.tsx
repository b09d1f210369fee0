"use client";
/**
 * Home's language choice: the learner's target language first, then the languages that have
 * videos, each with how many. The rows lead with the pressed one; shown only when there is a
 * choice to make.
 */
import { useTranslations } from "@/lib/i18n/use-translations";
import { LanguageFlag } from "@/components/language-flag";
import { Button } from "@/components/ui/button";
import { isLocale } from "@/lib/i18n/locales";
import type { VideoLanguageCount } from "@/lib/types/api";

/**
 * A language's name in the reader's language: the catalogue's for the nine the app teaches (as
 * CLDR names them; the browser's Intl.DisplayNames would load ICU's data while home hydrates),
 * else the server's English name.
 */
export function useLanguageLabel(): (language: Pick<VideoLanguageCount, "code" | "name">) => string {
  const t = useTranslations("languageNames");
  return (language) => (isLocale(language.code) ? t(language.code) : language.name);
}

export function LanguageStrip({
  choices,
  selected,
  onSelect,
}: {
  choices: VideoLanguageCount[];
  selected: string | undefined;
  onSelect: (code: string) => void;
}) {
  const t = useTranslations("home");
  const label = useLanguageLabel();
  if (choices.length < 2) return null;
  return (
    <nav aria-label={t("videoLanguage")} className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0" data-testid="language-strip">
      <ul className="flex w-max gap-2">
        {choices.map((choice) => (
          <li key={choice.code}>
            <Button
              type="button"
              size="sm"
              variant={choice.code === selected ? "secondary" : "ghost"}
              aria-pressed={choice.code === selected}
              onClick={() => onSelect(choice.code)}
              // relative: the count's hidden " videos" is placed in the button, not past the scrolling strip's end (it widened the page).
              className="relative h-9 rounded-full px-3 aria-pressed:ring-2 aria-pressed:ring-primary/60"
              data-language={choice.code}
            >
              <LanguageFlag code={choice.code} label={null} className="h-3.5 w-5 rounded-[2px]" />
              {label(choice)}{" "}
              <span className="rounded-full bg-background/70 px-1.5 text-xs tabular-nums text-muted-foreground">
                {choice.count}
                <span className="sr-only"> {t("videoUnit", { count: choice.count })}</span>
              </span>
            </Button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Buttons that show the rows in another language: what a row with nothing in the shown language offers. */
export function LanguageOffers({ offers, onSelect }: { offers: VideoLanguageCount[]; onSelect: (code: string) => void }) {
  const t = useTranslations("home");
  const label = useLanguageLabel();
  if (offers.length === 0) return null;
  return (
    <div className="mt-4 space-y-3">
      <p className="text-sm font-medium text-foreground">{t("otherLanguagePrompt")}</p>
      <ul className="flex flex-wrap justify-center gap-2">
        {offers.map((offer) => (
          <li key={offer.code}>
            <Button type="button" variant="outline" size="sm" className="h-9 rounded-full" onClick={() => onSelect(offer.code)} data-language={offer.code}>
              <LanguageFlag code={offer.code} label={null} className="h-3.5 w-5 rounded-[2px]" />
              {t("languageOffer", { language: label(offer), count: offer.count })}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * next-intl's `useTranslations`, with the text of each number among a message's values passed
 * beside it (`<name>__n`, ./counts.ts): the browser's catalogues write a plural's `#` with it.
 * Every component translates through this one; `eslint.config.mjs` refuses next-intl's own.
 */
import { useLocale, useTranslations as useNextIntlTranslations } from "next-intl";
import { useMemo } from "react";
import { withCountTexts } from "./counts";

type Translate = (key: string, values?: Record<string, unknown>, formats?: unknown) => unknown;
type Translator = Translate & { rich: Translate; markup: Translate; raw: (key: string) => unknown; has: (key: string) => boolean };

export const useTranslations = ((namespace?: string) => {
  const t = useNextIntlTranslations(namespace as never) as unknown as Translator;
  const locale = useLocale();
  return useMemo(() => {
    const wrap = (fn: Translate): Translate => (key, values, formats) => fn(key, withCountTexts(values, locale), formats);
    return Object.assign(wrap(t), { rich: wrap(t.rich), markup: wrap(t.markup), raw: t.raw, has: t.has });
  }, [t, locale]);
}) as typeof useNextIntlTranslations;

"use client";
/** A second-factor check's problem (lib/auth/second-factor.ts) in the reader's language; the auth server's own words otherwise. */
import { useTranslations } from "@/lib/i18n/use-translations";
import { useCallback } from "react";
import { INVALID_CODE_MESSAGE, NO_FACTOR_MESSAGE } from "@/lib/auth/second-factor";

export function useTwoFactorText() {
  const t = useTranslations("twoFactor");
  return useCallback(
    (problem: string | null) => (problem === NO_FACTOR_MESSAGE ? t("noFactor") : problem === INVALID_CODE_MESSAGE ? t("invalidCode") : problem),
    [t],
  );
}

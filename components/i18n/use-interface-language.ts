"use client";
/**
 * A signed-in learner's choice of interface language: saved with their settings, kept in the
 * cookie (it still speaks to them once signed out), and the page rendered again in it.
 */
import { useRouter } from "next/navigation";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useCallback } from "react";
import { useUpdateSettings } from "@/lib/data/use-settings";
import { isLocale, localeCookie } from "@/lib/i18n/locales";
import { toast } from "@/lib/toast";

/** `""` follows the native language again. */
export function useInterfaceLanguage() {
  const router = useRouter();
  const t = useTranslations("language");
  const { mutateAsync } = useUpdateSettings();
  return useCallback(
    async (next: string) => {
      try {
        const saved = await mutateAsync({ values: { interfaceLanguage: next === "" ? null : next } });
        const locale = saved.user.interfaceLanguage ?? saved.user.nativeLanguage;
        if (isLocale(locale)) document.cookie = localeCookie(locale);
        router.refresh();
      } catch {
        toast.error(t("saveFailed"));
      }
    },
    [mutateAsync, router, t],
  );
}

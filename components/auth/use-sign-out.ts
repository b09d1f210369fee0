"use client";
/** Signing out, from the account menu or the settings screen alike: the same toast, then the landing page. */
import { useTranslations } from "@/lib/i18n/use-translations";
import { useCallback } from "react";
import { toastOnNextPage } from "@/lib/toast";
import { useAuth } from "@/lib/auth/auth-context";

export function useSignOut(): () => Promise<void> {
  const { loadSupabase } = useAuth();
  const t = useTranslations("signOut");
  return useCallback(async () => {
    try {
      const { error } = await (await loadSupabase()).auth.signOut();
      if (error) console.warn("Logout failed:", error.message);
    } catch (error) {
      console.warn("Logout failed:", error);
    }
    // A whole page load, not the router: nothing of the signed-in screens stays in memory (their
    // data, the router's cache), and the landing page shows the toast.
    toastOnNextPage("success", t("done"), { description: t("doneText") });
    window.location.replace("/");
  }, [loadSupabase, t]);
}

"use client";
/** Signing out, from the account menu or the settings screen alike: the same toast, then the landing page. */
import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { toast } from "@/lib/toast";
import { useAuth } from "@/lib/auth/auth-context";

export function useSignOut(): () => Promise<void> {
  const { loadSupabase } = useAuth();
  const router = useRouter();
  return useCallback(async () => {
    try {
      const { error } = await (await loadSupabase()).auth.signOut();
      if (error) console.warn("Logout failed:", error.message);
    } catch (error) {
      console.warn("Logout failed:", error);
    }
    toast.success("Signed out", { description: "You've been successfully signed out." });
    router.replace("/");
    router.refresh();
  }, [loadSupabase, router]);
}

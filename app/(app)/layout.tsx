/** Signed-in screens: need a session and both languages, else onboarding (SPEC §6). */
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppHeader } from "@/components/layout/app-header";
import { appUserFromClaims } from "@/lib/auth/require-user";
import { getCookieSession } from "@/lib/auth/server";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const session = await getCookieSession();
  if (!session) redirect("/");
  if (session.mfaRequired) redirect("/login");
  const user = await appUserFromClaims(session.claims);
  if (!user.nativeLanguage || !user.targetLanguage) redirect("/onboarding");
  return (
    <div className="min-h-dvh bg-muted/20">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:font-semibold focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <AppHeader />
      {children}
    </div>
  );
}

/** Signed-in screens: need a session and both languages, else onboarding (SPEC §6). */
import { HydrationBoundary } from "@tanstack/react-query";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { AppHeader } from "@/components/layout/app-header";
import { SessionProviders } from "@/components/providers/session-providers";
import { publicAuthConfig } from "@/lib/auth/config";
import { getPageUser } from "@/lib/auth/page-user";
import { pageData } from "@/lib/pages/page-data";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const signedIn = await getPageUser();
  if (!signedIn) redirect("/");
  const { user, session } = signedIn;
  if (!user) redirect("/login");
  if (!user.nativeLanguage || !user.targetLanguage) redirect("/onboarding");
  // What the header shows comes with the page, the user record and the due count: no "Loading..."
  // flash, no request for them. A page's own HydrationBoundary cannot bring them: the header asks
  // for them first, and React Query hydrates a query already asked for only after the render.
  const [state, t] = await Promise.all([pageData(["user", "reviewSummary"]), getTranslations("brand")]);
  return (
    // The access token goes with the page too (the browser can already read it from the session
    // cookie): the first requests need no supabase-js.
    <SessionProviders authConfig={publicAuthConfig()} initialSession={{ access_token: session.token, expires_at: session.claims.exp }}>
      <HydrationBoundary state={state}>
        <div className="min-h-dvh bg-muted/20">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:font-semibold focus:text-primary-foreground"
          >
            {t("skipToContent")}
          </a>
          <ClientMessages namespaces={["header", "accountMenu", "language"]}>
            <AppHeader />
            {children}
          </ClientMessages>
        </div>
      </HydrationBoundary>
    </SessionProviders>
  );
}

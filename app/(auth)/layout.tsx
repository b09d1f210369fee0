/**
 * Screens that use the browser's auth session without the app header: sign-in, sign-up, the
 * email links, password reset and onboarding. Their providers live here, not at the root, so
 * the visitors' landing page loads neither supabase-js nor react-query.
 */
import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SessionProviders } from "@/components/providers/session-providers";
import { publicAuthConfig } from "@/lib/auth/config";

export default function AuthScreensLayout({ children }: { children: ReactNode }) {
  return (
    <SessionProviders authConfig={publicAuthConfig()}>
      <ClientMessages namespaces={["login", "signup", "thankYou", "forgotPassword", "twoFactor", "resetPassword", "invitation", "authErrors", "onboarding", "authCallback"]}>
        {children}
      </ClientMessages>
    </SessionProviders>
  );
}

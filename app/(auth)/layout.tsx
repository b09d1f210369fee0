/**
 * Screens that use the browser's auth session without the app header: sign-in, sign-up, the
 * email links, password reset and onboarding. Their providers live here, not at the root, so
 * the visitors' landing page loads neither supabase-js nor react-query.
 */
import type { ReactNode } from "react";
import { SessionProviders } from "@/components/providers/session-providers";
import { publicAuthConfig } from "@/lib/auth/config";

export default function AuthScreensLayout({ children }: { children: ReactNode }) {
  return <SessionProviders authConfig={publicAuthConfig()}>{children}</SessionProviders>;
}

"use client";
/**
 * Providers of the screens that use the auth session (sign-in, sign-up, the email links,
 * onboarding and every signed-in screen): react-query and the supabase-js session.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { AuthSession } from "@/lib/auth/auth-context";
import type { PublicAuthConfig } from "@/lib/auth/config-public";
import { createQueryClient } from "@/lib/data/api";
import { AuthProvider } from "./auth-provider";

export function SessionProviders({
  authConfig,
  initialSession,
  children,
}: {
  authConfig: PublicAuthConfig;
  /** A signed-in page's session, so its first requests need no supabase-js (auth-provider.tsx). */
  initialSession?: AuthSession;
  children: ReactNode;
}) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider config={authConfig} initialSession={initialSession}>
        {children}
      </AuthProvider>
    </QueryClientProvider>
  );
}

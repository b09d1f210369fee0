"use client";
/**
 * Providers of the screens that use the auth session (sign-in, sign-up, the email links,
 * onboarding and every signed-in screen): react-query, the supabase-js session, tooltips (SPEC
 * §9: open after 700 ms, 300 ms skip window) and the toaster.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { TooltipProvider } from "@/components/ui/tooltip";
import type { AuthSession } from "@/lib/auth/auth-context";
import type { PublicAuthConfig } from "@/lib/auth/config-public";
import { createQueryClient } from "@/lib/data/api";
import { AppToaster } from "./app-toaster";
import { AuthProvider } from "./auth-provider";
import { useToaster } from "./toaster-host";

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
  useToaster(AppToaster);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider config={authConfig} initialSession={initialSession}>
        <TooltipProvider delayDuration={700} skipDelayDuration={300}>
          {children}
        </TooltipProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}

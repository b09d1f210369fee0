"use client";
import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { useState, type ReactNode } from "react";
import { Toaster } from "@/components/ui/sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import type { PublicAuthConfig } from "@/lib/auth/config-public";
import { createQueryClient } from "@/lib/data/api";
import { AuthProvider } from "./auth-provider";
import { useToastSwipeThreshold } from "./use-toast-swipe-threshold";

/** SPEC §9: one toast at a time, shown 5 s; tooltips open after 700 ms with a 300 ms skip window. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export function AppProviders({ authConfig, children }: { authConfig: PublicAuthConfig; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useToastSwipeThreshold(TOAST_SWIPE_THRESHOLD_PX);
  return (
    // Light or dark as the device prefers: the `dark` class on <html>, set before the first paint.
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <QueryClientProvider client={queryClient}>
        <AuthProvider config={authConfig}>
          <TooltipProvider delayDuration={700} skipDelayDuration={300}>
            {children}
            <Toaster
              visibleToasts={TOAST_LIMIT}
              duration={TOAST_DURATION_MS}
              position="top-center"
              swipeDirections={["top", "left", "right"]}
              closeButton
            />
          </TooltipProvider>
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

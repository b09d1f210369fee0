"use client";
/**
 * What every screen shares: the light or dark theme, and the toaster (its code comes with the
 * first toast).
 * The session, data and tooltip providers belong to the screens that use them
 * (session-providers.tsx), so the visitors' landing page loads none of them.
 */
import { ThemeProvider } from "next-themes";
import type { ReactNode } from "react";
import { ToasterHost } from "./toaster-host";

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    // Light or dark as the device prefers: the `dark` class on <html>, set before the first paint.
    // A change the learner makes turns transitions off itself (use-set-theme.ts).
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem>
      {children}
      <ToasterHost />
    </ThemeProvider>
  );
}

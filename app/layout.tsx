import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AppProviders } from "@/components/providers/app-providers";
import { ServiceWorker } from "@/components/pwa/service-worker";
import { BRAND_COLOR, DARK_BACKGROUND } from "@/lib/pwa/theme";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("metadata");
  return {
    title: { default: t("title"), template: "%s · LingoReel" },
    description: t("description"),
    applicationName: "LingoReel",
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  // The system's scheme, not the app's theme setting: the browser reads these before any script runs.
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: BRAND_COLOR },
    { media: "(prefers-color-scheme: dark)", color: DARK_BACKGROUND },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Configuration is read at request time (the session providers' auth settings, the player's
  // embed origin), so one build serves any deployment.
  await connection();
  return (
    <html lang={await getLocale()} suppressHydrationWarning>
      <body className="min-h-dvh bg-background font-sans text-foreground antialiased">
        <AppProviders>{children}</AppProviders>
        <ServiceWorker />
      </body>
    </html>
  );
}

import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SettingsView } from "@/components/settings/settings-view";
import { pageData } from "@/lib/pages/page-data";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("settings"))("metaTitle") };
}

export default async function SettingsPage() {
  return (
    <HydrationBoundary state={await pageData(["settings", "languages"])}>
      <ClientMessages namespaces={["settings", "language", "twoFactor", "authErrors"]}>
        <SettingsView />
      </ClientMessages>
    </HydrationBoundary>
  );
}

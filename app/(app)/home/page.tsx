import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HomeDashboard } from "@/components/home/home-dashboard";
import { ClientMessages } from "@/components/i18n/client-messages";
import { pageData } from "@/lib/pages/page-data";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("home"))("metaTitle") };
}

export default async function HomePage() {
  return (
    <HydrationBoundary state={await pageData(["home", "dailyProgress", "stats", "favorites"])}>
      <ClientMessages namespaces={["home", "video", "languageNames"]}>
        <HomeDashboard />
      </ClientMessages>
    </HydrationBoundary>
  );
}

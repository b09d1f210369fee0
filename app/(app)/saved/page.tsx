import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SavedVideos } from "@/components/saved/saved-videos";
import { pageData } from "@/lib/pages/page-data";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("saved"))("metaTitle") };
}

export default async function SavedPage() {
  return (
    <HydrationBoundary state={await pageData(["favorites", "savedWords", "languages"])}>
      <ClientMessages namespaces={["saved", "video", "words"]}>
        <SavedVideos />
      </ClientMessages>
    </HydrationBoundary>
  );
}

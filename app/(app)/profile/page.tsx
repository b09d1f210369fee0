import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { ProfileView } from "@/components/profile/profile-view";
import { pageData } from "@/lib/pages/page-data";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("profile"))("metaTitle") };
}

export default async function ProfilePage() {
  return (
    <HydrationBoundary state={await pageData(["dailyProgress", "stats", "settings", "languages", "favorites"])}>
      {/* "saved": the empty state of the saved videos is the Saved screen's. */}
      <ClientMessages namespaces={["profile", "video", "saved"]}>
        <ProfileView />
      </ClientMessages>
    </HydrationBoundary>
  );
}

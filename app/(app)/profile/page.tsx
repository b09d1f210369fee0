import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { ProfileView } from "@/components/profile/profile-view";
import { pageData } from "@/lib/pages/page-data";

export const metadata: Metadata = { title: "Profile" };

export default async function ProfilePage() {
  return (
    <HydrationBoundary state={await pageData(["dailyProgress", "stats", "settings", "languages", "favorites"])}>
      <ProfileView />
    </HydrationBoundary>
  );
}

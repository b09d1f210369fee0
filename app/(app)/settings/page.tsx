import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { SettingsView } from "@/components/settings/settings-view";
import { pageData } from "@/lib/pages/page-data";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  return (
    <HydrationBoundary state={await pageData(["settings", "languages"])}>
      <SettingsView />
    </HydrationBoundary>
  );
}

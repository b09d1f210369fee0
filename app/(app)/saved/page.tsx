import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { SavedVideos } from "@/components/saved/saved-videos";
import { pageData } from "@/lib/pages/page-data";

export const metadata: Metadata = { title: "Saved Videos" };

export default async function SavedPage() {
  return (
    <HydrationBoundary state={await pageData(["favorites", "savedWords", "languages"])}>
      <SavedVideos />
    </HydrationBoundary>
  );
}

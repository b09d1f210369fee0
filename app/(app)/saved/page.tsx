import type { Metadata } from "next";
import { SavedVideos } from "@/components/saved/saved-videos";

export const metadata: Metadata = { title: "Saved Videos" };

export default function SavedPage() {
  return <SavedVideos />;
}

import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { HomeDashboard } from "@/components/home/home-dashboard";
import { pageData } from "@/lib/pages/page-data";

export const metadata: Metadata = { title: "Home" };

export default async function HomePage() {
  return (
    <HydrationBoundary state={await pageData(["home", "dailyProgress", "stats", "favorites"])}>
      <HomeDashboard />
    </HydrationBoundary>
  );
}

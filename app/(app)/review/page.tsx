import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { ReviewScreen } from "@/components/review/review-screen";
import { StudyTimer } from "@/components/study/study-timer";
import { env } from "@/lib/env";
import { pageData } from "@/lib/pages/page-data";

export const metadata: Metadata = { title: "Review" };

export default async function ReviewPage() {
  return (
    <HydrationBoundary state={await pageData(["review"])}>
      <ReviewScreen embedOrigin={env().youtubeEmbedOrigin} />
      {/* Time working through the cards (and playing their lines) counts toward the daily goal. */}
      <StudyTimer embedOrigin={env().youtubeEmbedOrigin} interactive />
    </HydrationBoundary>
  );
}

import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { ReviewScreen } from "@/components/review/review-screen";
import { StudyTimer } from "@/components/study/study-timer";
import { env } from "@/lib/env";
import { pageData } from "@/lib/pages/page-data";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("review"))("metaTitle") };
}

export default async function ReviewPage() {
  return (
    <HydrationBoundary state={await pageData(["review"])}>
      {/* The review card shows the words' meanings and note editor (components/words). */}
      <ClientMessages namespaces={["review", "words"]}>
        <ReviewScreen embedOrigin={env().youtubeEmbedOrigin} />
        {/* Time working through the cards (and playing their lines) counts toward the daily goal. */}
        <StudyTimer embedOrigin={env().youtubeEmbedOrigin} interactive />
      </ClientMessages>
    </HydrationBoundary>
  );
}

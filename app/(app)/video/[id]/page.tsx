import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { VideoPlayer } from "@/components/player/video-player";
import { StudyTimer } from "@/components/study/study-timer";
import { env } from "@/lib/env";
import { videoPageData, videoPageTitle } from "@/lib/pages/page-data";
import { idStringSchema } from "@/lib/validation/videos";

type Props = { params: Promise<{ id: string }> };

/** The tab shows the video's title (one look-up with the page's own data, cached per request). */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = idStringSchema.safeParse((await params).id);
  const title = id.success ? await videoPageTitle(id.data) : null;
  return { title: title ?? (await getTranslations("player"))("metaTitle") };
}

export default async function VideoPage({ params }: Props) {
  const id = idStringSchema.safeParse((await params).id);
  // An unknown id, or an unpublished video for a learner, is the not-found screen.
  const state = id.success ? await videoPageData(id.data) : null;
  if (!id.success || !state) notFound();
  return (
    <HydrationBoundary state={state}>
      {/* The player's own words, and those of the video and word components it shows (favourite, comprehension, word popover and panel). */}
      <ClientMessages namespaces={["player", "study", "words", "video"]}>
        <VideoPlayer key={id.data} videoId={id.data} embedOrigin={env().youtubeEmbedOrigin} />
        {/* Time with the video playing counts toward the daily goal. */}
        <StudyTimer key={`study-${id.data}`} embedOrigin={env().youtubeEmbedOrigin} />
      </ClientMessages>
    </HydrationBoundary>
  );
}

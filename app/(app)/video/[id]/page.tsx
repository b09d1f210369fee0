import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { VideoPlayer } from "@/components/player/video-player";
import { env } from "@/lib/env";
import { videoPageData } from "@/lib/pages/page-data";
import { idStringSchema } from "@/lib/validation/videos";

export const metadata: Metadata = { title: "Video" };

export default async function VideoPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idStringSchema.safeParse((await params).id);
  // An unknown id, or an unpublished video for a learner, is the not-found screen.
  const state = id.success ? await videoPageData(id.data) : null;
  if (!id.success || !state) notFound();
  return (
    <HydrationBoundary state={state}>
      <VideoPlayer key={id.data} videoId={id.data} embedOrigin={env().youtubeEmbedOrigin} />
    </HydrationBoundary>
  );
}

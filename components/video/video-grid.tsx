"use client";
/** Video cards in a responsive grid (1, 2, 3, then 4 columns), with skeletons and an empty state. */
import { useTranslations } from "@/lib/i18n/use-translations";
import type { ReactNode } from "react";
import type { VideoCard as VideoCardData } from "@/lib/types/api";
import { VideoCard, VideoCardSkeleton } from "./video-card";

const GRID = "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 sm:gap-5";

export function VideoGrid({
  videos,
  loading,
  skeletons = 4,
  empty,
  categoryId,
  eager = 0,
}: {
  videos: VideoCardData[] | undefined;
  loading: boolean;
  skeletons?: number;
  empty?: ReactNode;
  /** The category the list is filtered by: each card names it. */
  categoryId?: number;
  /**
   * How many leading cards load their pictures at once (the first row, in sight on arrival: the
   * page's largest paint on a phone), the first of them before other images; the rest wait until
   * scrolled near.
   */
  eager?: number;
}) {
  const t = useTranslations("video");
  if (loading && !videos) {
    return (
      <ul className={GRID} aria-busy="true" aria-label={t("loadingVideos")}>
        {Array.from({ length: skeletons }, (_, i) => (
          <li key={i}>
            <VideoCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (!videos || videos.length === 0) {
    return <div className="rounded-2xl border border-dashed bg-card/50 px-6 py-10 text-center text-muted-foreground">{empty ?? t("noVideos")}</div>;
  }
  return (
    <ul className={GRID}>
      {videos.map((video, i) => (
        <li key={video.id}>
          <VideoCard video={video} categoryId={categoryId} picture={i === 0 && eager > 0 ? "first" : i < eager ? "eager" : "lazy"} />
        </li>
      ))}
    </ul>
  );
}

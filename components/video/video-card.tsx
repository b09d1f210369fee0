"use client";
/** A video in a grid: thumbnail with duration, title, category, how much of it the learner knows, progress, and the favourite heart. */
import Link from "next/link";
import { useLocale } from "next-intl";
import { useTranslations } from "@/lib/i18n/use-translations";
import { LanguageFlag } from "@/components/language-flag";
import { Skeleton } from "@/components/ui/skeleton";
import { VideoThumbnail } from "@/components/video-thumbnail";
import type { VideoCard as VideoCardData } from "@/lib/types/api";
import { formatDuration } from "@/lib/format";
import { ComprehensionLabel } from "./comprehension-label";
import { FavoriteButton } from "./favorite-button";

/** 'N words to learn' until the learner has started, then the percent learned. */
export function ProgressLabel({ video }: { video: Pick<VideoCardData, "progress" | "totalWords" | "wordsLearned"> }) {
  const t = useTranslations("video");
  if (video.progress > 0 || video.wordsLearned > 0) return t("progressComplete", { percent: video.progress });
  return t("wordsToLearn", { count: video.totalWords });
}

/** The category a card names: the one a list was filtered by when the video is in it, else its first. */
export function cardCategoryName(video: Pick<VideoCardData, "categoryName" | "categoryIds" | "categoryNames">, categoryId?: number): string {
  const index = categoryId === undefined ? -1 : video.categoryIds.indexOf(categoryId);
  return (index >= 0 ? video.categoryNames[index] : undefined) ?? video.categoryName;
}

/**
 * When the card's picture loads: "first", at once and before the page's other images (the top
 * card of the first row); "eager", at once; "lazy" (default), once scrolled near.
 */
export type PictureLoad = "first" | "eager" | "lazy";

export function VideoCard({ video, categoryId, picture = "lazy" }: { video: VideoCardData; categoryId?: number; picture?: PictureLoad }) {
  const started = video.progress > 0 || video.wordsLearned > 0;
  const locale = useLocale();
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border bg-card shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <VideoThumbnail
        src={video.thumbnail}
        loading={picture === "lazy" ? "lazy" : "eager"}
        fetchPriority={picture === "first" ? "high" : undefined}
        className="relative"
        imageClassName="transition-transform duration-300 group-hover:scale-[1.03]"
      >
        <span className="absolute right-2 bottom-2 rounded-md bg-black/75 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums">
          {formatDuration(video.duration === null ? null : video.duration * 1000)}
        </span>
      </VideoThumbnail>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 leading-snug font-semibold">
          {/* The link covers the whole card; the heart sits above it. */}
          <Link href={`/video/${video.id}`} className="outline-none after:absolute after:inset-0 after:content-['']">
            {video.title}
          </Link>
        </h3>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <LanguageFlag code={video.targetLanguage} locale={locale} className="h-3.5 w-5 shrink-0 rounded-[2px]" />
          <span className="truncate" data-testid="video-category">
            {cardCategoryName(video, categoryId)}
          </span>
        </p>
        <div className="mt-auto space-y-1.5 pt-1">
          <ComprehensionLabel score={video.comprehension} />
          <p className="text-sm font-medium text-muted-foreground" data-testid="video-progress">
            <ProgressLabel video={video} />
          </p>
          {started ? (
            <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
              <div className="h-full rounded-full bg-primary" style={{ width: `${Math.min(video.progress, 100)}%` }} />
            </div>
          ) : null}
        </div>
      </div>
      <FavoriteButton video={video} className="absolute top-2 right-2 z-10" />
    </article>
  );
}

export function VideoCardSkeleton() {
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-2xl border bg-card shadow-sm" data-testid="video-card-skeleton">
      <Skeleton className="aspect-video rounded-none" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
      </div>
    </div>
  );
}

"use client";
/** The signed-in home screen: greeting and goal, words due for review, category filter, and the three video sections. */
import { useState } from "react";
import { VideoGrid } from "@/components/video/video-grid";
import type { ListFilters } from "@/lib/data/keys";
import type { VideoCard } from "@/lib/types/api";
import { useCurrentUser } from "@/lib/data/use-current-user";
import { usePopularVideos, useProgressVideos, useRecommendedVideos } from "@/lib/data/use-videos";
import { CategoryStrip } from "./category-strip";
import { ReviewDue } from "./review-due";
import { WelcomeBlock } from "./welcome-block";

export function HomeDashboard() {
  const { user, isLoading } = useCurrentUser();
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const filters: ListFilters | null = user ? { categoryId, nativeLanguage: user.nativeLanguage ?? undefined } : null;
  const continuing = useProgressVideos(filters);
  const popular = usePopularVideos(filters);
  const recommended = useRecommendedVideos(filters);

  return (
    <main id="main" className="mx-auto max-w-7xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
      <WelcomeBlock user={user} loading={isLoading} />
      <ReviewDue />
      <CategoryStrip selected={categoryId} onSelect={setCategoryId} />
      <VideoSection id="continue-learning" title="Continue Learning" query={continuing} categoryId={categoryId} hideWhenEmpty />
      <VideoSection id="popular-videos" title="Popular Videos" query={popular} categoryId={categoryId} />
      <VideoSection id="recommended-videos" title="Recommended for You" query={recommended} categoryId={categoryId} />
    </main>
  );
}

/** A titled grid; Continue Learning hides itself when empty (SPEC §2): nothing started yet means nothing to continue. */
function VideoSection({
  id,
  title,
  query,
  hideWhenEmpty = false,
  categoryId,
}: {
  id: string;
  title: string;
  query: { data: VideoCard[] | undefined; isPending: boolean };
  hideWhenEmpty?: boolean;
  categoryId: number | undefined;
}) {
  if (hideWhenEmpty && !query.isPending && (query.data?.length ?? 0) === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-4" data-testid={id}>
      <h2 id={id} className="text-xl font-bold tracking-tight sm:text-2xl">
        {title}
      </h2>
      <VideoGrid videos={query.data} loading={query.isPending} categoryId={categoryId} />
    </section>
  );
}

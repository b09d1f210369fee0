"use client";
/** The signed-in home screen: greeting and goal, category filter, and the three video sections. */
import { useState, type ReactNode } from "react";
import { VideoGrid } from "@/components/video/video-grid";
import type { ListFilters } from "@/lib/data/keys";
import { useCurrentUser } from "@/lib/data/use-current-user";
import { usePopularVideos, useProgressVideos, useRecommendedVideos } from "@/lib/data/use-videos";
import { CategoryStrip } from "./category-strip";
import { WelcomeBlock } from "./welcome-block";

export function HomeDashboard() {
  const { user, isLoading } = useCurrentUser();
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const filters: ListFilters | null = user ? { categoryId, nativeLanguage: user.nativeLanguage ?? undefined } : null;

  return (
    <main id="main" className="mx-auto max-w-7xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
      <WelcomeBlock user={user} loading={isLoading} />
      <CategoryStrip selected={categoryId} onSelect={setCategoryId} />
      <ContinueLearning filters={filters} />
      <PopularVideos filters={filters} />
      <RecommendedVideos filters={filters} />
    </main>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4" data-testid={id}>
      <h2 id={id} className="text-xl font-bold tracking-tight sm:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ContinueLearning({ filters }: { filters: ListFilters | null }) {
  const query = useProgressVideos(filters);
  // Hidden when empty (SPEC §2): nothing started yet means nothing to continue.
  if (!query.isPending && (query.data?.length ?? 0) === 0) return null;
  return (
    <Section id="continue-learning" title="Continue Learning">
      <VideoGrid videos={query.data} loading={query.isPending} />
    </Section>
  );
}

function PopularVideos({ filters }: { filters: ListFilters | null }) {
  const query = usePopularVideos(filters);
  return (
    <Section id="popular-videos" title="Popular Videos">
      <VideoGrid videos={query.data} loading={query.isPending} />
    </Section>
  );
}

function RecommendedVideos({ filters }: { filters: ListFilters | null }) {
  const query = useRecommendedVideos(filters);
  return (
    <Section id="recommended-videos" title="Recommended for You">
      <VideoGrid videos={query.data} loading={query.isPending} />
    </Section>
  );
}

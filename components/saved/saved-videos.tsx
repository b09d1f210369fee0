"use client";
/** The Saved screen: the learner's favourite videos, with 8 skeleton cards while loading, then their saved words. */
import { Heart } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { VideoGrid } from "@/components/video/video-grid";
import { useFavorites } from "@/lib/data/use-favorites";
import { SavedWords } from "./saved-words";

export function SavedEmptyState() {
  return (
    <div className="flex flex-col items-center gap-3 py-4" data-testid="saved-empty">
      <span className="grid size-12 place-items-center rounded-full bg-rose-500/10 text-rose-600 dark:text-rose-400">
        <Heart className="size-6" aria-hidden />
      </span>
      <p className="font-semibold text-foreground">No saved videos yet</p>
      <p className="max-w-sm text-sm">Tap the heart on any video to save it here for later.</p>
      <Button asChild variant="outline" size="sm">
        <Link href="/home">Browse videos</Link>
      </Button>
    </div>
  );
}

export function SavedVideos() {
  const favorites = useFavorites();
  return (
    <main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Saved Videos</h1>
        <p className="text-muted-foreground">Videos you marked with a heart, most recent first.</p>
      </header>
      <VideoGrid videos={favorites.data} loading={favorites.isPending} skeletons={8} empty={<SavedEmptyState />} />
      <SavedWords />
    </main>
  );
}

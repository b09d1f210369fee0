"use client";
/** The Saved screen: the learner's favourite videos, with 8 skeleton cards while loading, then their saved words. */
import { useTranslations } from "@/lib/i18n/use-translations";
import { VideoGrid } from "@/components/video/video-grid";
import { useFavorites } from "@/lib/data/use-favorites";
import { SavedEmptyState } from "./saved-empty-state";
import { SavedWords } from "./saved-words";

export function SavedVideos() {
  const t = useTranslations("saved");
  const favorites = useFavorites();
  return (
    <main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </header>
      <VideoGrid videos={favorites.data} loading={favorites.isPending} skeletons={8} empty={<SavedEmptyState />} />
      <SavedWords />
    </main>
  );
}

"use client";
/**
 * The signed-in home screen: greeting and goal, words due for review, category and language
 * filters, and the three video sections, led by the language the learner studies.
 */
import { useTranslations } from "@/lib/i18n/use-translations";
import { useState } from "react";
import { useCategories } from "@/lib/data/use-categories";
import { useCurrentUser } from "@/lib/data/use-current-user";
import { usePopularVideos, useProgressVideos, useRecommendedVideos, useVideoLanguages } from "@/lib/data/use-videos";
import { homeFilters, languageChoices, languageCountFilters } from "@/lib/videos/home-language";
import { CategoryStrip } from "./category-strip";
import { LanguageStrip } from "./language-strip";
import { ReviewDue } from "./review-due";
import { VideoRow, type RowLanguage } from "./video-row";
import { WelcomeBlock } from "./welcome-block";

export function HomeDashboard() {
  const { user, isLoading } = useCurrentUser();
  const [categoryId, setCategoryId] = useState<number | undefined>();
  // Another language the learner asked to see; until then, the one they study.
  const [picked, setPicked] = useState<string | undefined>();
  const filters = user ? homeFilters(user, categoryId, picked) : null;
  const continuing = useProgressVideos(filters);
  const popular = usePopularVideos(filters);
  const recommended = useRecommendedVideos(filters);
  const counts = useVideoLanguages(filters && languageCountFilters(filters));
  const categories = useCategories();
  const t = useTranslations("home");

  // Continue Learning comes first when it has anything; Popular otherwise.
  const continuingShown = (continuing.data?.length ?? 0) > 0;
  const language: RowLanguage = {
    code: filters?.language,
    counts: counts.data,
    categoryName: categoryId === undefined ? undefined : categories.data?.find((c) => c.id === categoryId)?.name,
    onSelect: setPicked,
  };

  return (
    <main id="main" className="mx-auto max-w-7xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
      <WelcomeBlock user={user} loading={isLoading} />
      <ReviewDue />
      <div className="space-y-3">
        <CategoryStrip selected={categoryId} onSelect={setCategoryId} />
        {counts.data ? <LanguageStrip choices={languageChoices(counts.data, user?.targetLanguage ?? null, filters?.language)} selected={filters?.language} onSelect={setPicked} /> : null}
      </div>
      <VideoRow id="continue-learning" title={t("continueLearning")} query={continuing} language={language} categoryId={categoryId} hideWhenEmpty first={continuingShown} />
      <VideoRow id="popular-videos" title={t("popularVideos")} query={popular} language={language} categoryId={categoryId} first={!continuingShown} />
      <VideoRow id="recommended-videos" title={t("recommended")} query={recommended} language={language} categoryId={categoryId} only />
    </main>
  );
}

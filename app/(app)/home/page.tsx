import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { HomeDashboard } from "@/components/home/home-dashboard";
import { getDb } from "@/db/client";
import { getPageUser } from "@/lib/auth/page-user";
import { categoryKeys, userKeys, videoKeys, type ListFilters } from "@/lib/data/keys";
import { listFavorites } from "@/lib/services/favorites";
import { getDailyProgress } from "@/lib/services/progress";
import { listCategoriesFor, listInProgress, listPopular, listRecommended } from "@/lib/services/videos";
import { LIST_LIMIT_DEFAULT } from "@/lib/validation/videos";

export const metadata: Metadata = { title: "Home" };

/**
 * The home screen's data is read on the server with the same services the API uses and sent
 * with the page under the same query keys, so the first paint is complete: no skeletons, no
 * layout shift. Later changes refresh through the API as usual.
 */
export default async function HomePage() {
  const user = (await getPageUser())?.user;
  const queryClient = new QueryClient();
  if (user) {
    const db = await getDb();
    const filters: ListFilters = { categoryId: undefined, nativeLanguage: user.nativeLanguage ?? undefined };
    const query = { nativeLanguage: filters.nativeLanguage, limit: LIST_LIMIT_DEFAULT };
    const [dailyProgress, categories, favorites, continuing, popular, recommended] = await Promise.all([
      getDailyProgress(db, user),
      listCategoriesFor(db, user),
      listFavorites(db, user),
      listInProgress(db, user, query),
      listPopular(db, user, query),
      listRecommended(db, user, query),
    ]);
    queryClient.setQueryData(userKeys.dailyProgress, dailyProgress);
    queryClient.setQueryData(categoryKeys.all, categories);
    queryClient.setQueryData(userKeys.favorites, favorites);
    queryClient.setQueryData(userKeys.progressVideos(filters), continuing);
    queryClient.setQueryData(videoKeys.popular(filters), popular);
    queryClient.setQueryData(videoKeys.recommended(filters), recommended);
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <HomeDashboard />
    </HydrationBoundary>
  );
}

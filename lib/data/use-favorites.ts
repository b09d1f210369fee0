"use client";
/** Favourites: the saved list, one video's status, and add/remove (applied once the server confirms). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "@/lib/i18n/use-translations";
import { toast } from "@/lib/toast";
import { apiJson } from "./api";
import { userKeys } from "./keys";
import type { FavoriteStatus, VideoCard } from "@/lib/types/api";

export function useFavorites() {
  return useQuery<VideoCard[]>({ queryKey: userKeys.favorites });
}

/** Whether a video is saved, read from the saved list so a grid of cards costs one request. */
export function useIsFavorite(videoId: number): boolean | undefined {
  const favorites = useFavorites();
  return favorites.data ? favorites.data.some((v) => v.id === videoId) : undefined;
}

export function useFavoriteStatus(videoId: number) {
  return useQuery<FavoriteStatus>({ queryKey: userKeys.favorite(videoId) });
}

export function useToggleFavorite() {
  const queryClient = useQueryClient();
  const t = useTranslations("video.favorites");
  return useMutation({
    mutationFn: ({ video, action }: { video: VideoCard; action: "add" | "remove" }) =>
      apiJson<FavoriteStatus & { videoId: number }>("POST", userKeys.favorites[0], { videoId: video.id, action }),
    onSuccess: async (result, { video }) => {
      queryClient.setQueryData<FavoriteStatus>(userKeys.favorite(result.videoId), { isFavorite: result.isFavorite });
      // The heart changes now that the server has confirmed; the refetch then brings the exact list.
      queryClient.setQueryData<VideoCard[]>(userKeys.favorites, (list) => {
        const rest = (list ?? []).filter((v) => v.id !== result.videoId);
        return result.isFavorite ? [video, ...rest] : rest;
      });
      void queryClient.invalidateQueries({ queryKey: userKeys.favorites, exact: true });
      if (result.isFavorite) toast.success(t("added"), { description: t("addedDescription") });
      else toast.success(t("removed"), { description: t("removedDescription") });
    },
    onError: () => toast.error(t("error"), { description: t("failed") }),
  });
}

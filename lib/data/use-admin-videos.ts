"use client";
/**
 * The admin's Content Directory (SPEC §2 "Admin", §4): every video, polled every 250 ms while
 * any is processing (every 2 s while a job only waits for another on its video); adding (optimistic row, then vocabulary extraction), editing, deleting and
 * retrying, each with the toasts of SPEC §8.
 */
import { useMutation, useMutationState, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useMemo } from "react";
import { toast } from "@/lib/toast";
import { type PendingVideo, upsertVideo, withPendingRetries } from "@/lib/admin/directory";
import { videoPollInterval } from "@/lib/admin/video-status";
import { createVideoBody, type AddVideoForm, type VideoUpdateBody } from "@/lib/validation/admin-video-form";
import { ApiRequestError, apiJson } from "./api";
import { userKeys, videoKeys } from "./keys";
import type { VideoCard } from "@/lib/types/api";
import { useExtractVocabulary } from "./use-video-processing";
import { useErrorText } from "./use-error-text";

const CREATE_KEY = ["create-video"] as const;
const RETRY_KEY = ["retry-video"] as const;
/** `transcribeAudio`, when given, changes how the video's captions are made from now on (lib/admin/video-status.ts retryChoices). */
type RetryVariables = { id: number; transcribeAudio?: boolean };

type CreateVariables = { values: AddVideoForm; pending: PendingVideo };

/** Puts a video the server just answered with into the list, then refreshes every video list. */
async function showVideo(queryClient: QueryClient, video: VideoCard) {
  // A poll already on its way would otherwise bring back the list as it was before.
  await queryClient.cancelQueries({ queryKey: videoKeys.directory, exact: true });
  queryClient.setQueryData<VideoCard[]>(videoKeys.directory, (list) => upsertVideo(list, video));
  void queryClient.invalidateQueries({ queryKey: videoKeys.all });
}

/** The directory: the cached list with the adds and retries still in flight laid over it. */
export function useVideoDirectory() {
  const query = useQuery<VideoCard[]>({
    queryKey: videoKeys.directory,
    refetchInterval: (q) => videoPollInterval(q.state.data),
  });
  const adding = useMutationState({
    filters: { mutationKey: CREATE_KEY, status: "pending" },
    select: (mutation) => (mutation.state.variables as CreateVariables).pending,
  });
  const retryIds = useMutationState({
    filters: { mutationKey: RETRY_KEY, status: "pending" },
    select: (mutation) => (mutation.state.variables as RetryVariables).id,
  });
  const retryKey = retryIds.join(",");
  const videos = useMemo(
    () => (query.data ? withPendingRetries(query.data, new Set(retryKey ? retryKey.split(",").map(Number) : [])) : undefined),
    [query.data, retryKey],
  );
  return { videos, adding, isPending: query.isPending, isError: query.isError, refetch: query.refetch };
}

/** Add a video: the row shows at once; once created, its vocabulary extraction is asked for. */
export function useAddVideo() {
  const queryClient = useQueryClient();
  const t = useTranslations("admin.toasts");
  const errorText = useErrorText();
  const extract = useExtractVocabulary();
  return useMutation({
    mutationKey: CREATE_KEY,
    mutationFn: ({ values }: CreateVariables) => apiJson<Partial<VideoCard> | null>("POST", videoKeys.all[0], createVideoBody(values)),
    onSuccess: async (created) => {
      if (!created || typeof created.id !== "number") {
        toast.error(t("missingId"), { description: t("missingIdDescription") });
        void queryClient.invalidateQueries({ queryKey: videoKeys.all });
        return;
      }
      await showVideo(queryClient, created as VideoCard);
      toast.success(t("added"), { description: t("addedDescription") });
      extract.mutate({ id: created.id, afterCreate: true });
    },
    onError: (error) => {
      // The API's reason in the reader's language when it has one there; else the status alone.
      const reason = error instanceof ApiRequestError ? errorText(error, "") : "";
      const description =
        error instanceof ApiRequestError
          ? reason
            ? t("httpErrorWithReason", { status: error.status, reason })
            : t("httpError", { status: error.status })
          : errorText(error, t("addFailedDescription"));
      toast.error(t("addFailed"), { description });
    },
  });
}

export function useRetryVideo() {
  const queryClient = useQueryClient();
  const t = useTranslations("admin.toasts");
  const errorText = useErrorText();
  return useMutation({
    mutationKey: RETRY_KEY,
    mutationFn: ({ id, transcribeAudio }: RetryVariables) =>
      apiJson<VideoCard>("POST", `/api/videos/${id}/retry`, transcribeAudio === undefined ? undefined : { transcribeAudio }),
    onSuccess: async (video) => {
      await showVideo(queryClient, video);
      toast.success(t("retryStarted"));
    },
    onError: (error) => toast.error(t("retryFailed"), { description: errorText(error, t("retryFailedDescription")) }),
  });
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  const t = useTranslations("admin.toasts");
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (video: Pick<VideoCard, "id" | "title">) => apiJson<{ id: number; deleted: true }>("DELETE", `/api/videos/${video.id}`),
    onSuccess: async (_result, video) => {
      await queryClient.cancelQueries({ queryKey: videoKeys.directory, exact: true });
      queryClient.setQueryData<VideoCard[]>(videoKeys.directory, (list) => list?.filter((v) => v.id !== video.id));
      queryClient.removeQueries({ queryKey: videoKeys.detail(video.id) });
      void queryClient.invalidateQueries({ queryKey: videoKeys.all });
      void queryClient.invalidateQueries({ queryKey: userKeys.favorites });
      toast.success(t("deleted"), { description: t("deletedDescription", { title: video.title }) });
    },
    onError: (error) => toast.error(t("deleteFailed"), { description: errorText(error, t("deleteFailedDescription")) }),
  });
}

export type VideoEdit = { id: number; update: VideoUpdateBody; categoryIds?: number[] };

/** PUT the video's fields, then its categories when they changed. */
export function useUpdateVideo() {
  const queryClient = useQueryClient();
  const t = useTranslations("admin.toasts");
  const errorText = useErrorText();
  return useMutation({
    mutationFn: async ({ id, update, categoryIds }: VideoEdit) => {
      const video = await apiJson<VideoCard>("PUT", `/api/videos/${id}`, update);
      if (categoryIds) await apiJson("PUT", `/api/videos/${id}/categories`, { categoryIds });
      return video;
    },
    onSuccess: async (video) => {
      await showVideo(queryClient, video);
      void queryClient.invalidateQueries({ queryKey: videoKeys.detail(video.id) });
      void queryClient.invalidateQueries({ queryKey: videoKeys.categories(video.id) });
      toast.success(t("updated"));
    },
    onError: (error) => toast.error(t("updateFailed"), { description: errorText(error, t("updateFailedDescription")) }),
  });
}

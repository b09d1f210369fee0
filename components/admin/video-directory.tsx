"use client";
/**
 * The Content Directory (SPEC §2, §4): every video with its status and processing progress,
 * refreshed every 250 ms while any is processing; a table from 1024 px, cards below (two abreast from 640 px).
 */
import { useTranslations } from "@/lib/i18n/use-translations";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DeleteConfirmDialog } from "@/components/ui/delete-confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { needsConfirmation, type ExistingTranslations } from "@/lib/admin/processing-messages";
import { shouldPollVideos } from "@/lib/admin/video-status";
import type { VideoCard } from "@/lib/types/api";
import { useDeleteVideo, useRetryVideo, useVideoDirectory } from "@/lib/data/use-admin-videos";
import { useJobOutcomes } from "@/lib/data/use-job-outcomes";
import { useExtractingIds, useExtractVocabulary, useGenerateTranslations, useRegenerateQuizzes } from "@/lib/data/use-video-processing";
import { EditVideoDialog } from "./edit-video-dialog";
import { TranslationsDialog, type TranslationChoice } from "./translations-dialog";
import { useProcessingToasts } from "./use-processing-toasts";
import type { DirectoryActions } from "./video-actions";
import { DirectoryCard, DirectoryRow, type DirectoryVideo } from "./video-row";

const SKELETON_ROWS = 4;

export function VideoDirectory({ aiProvider = true }: { aiProvider?: boolean }) {
  const t = useTranslations("admin.directory");
  const directory = useVideoDirectory();
  const extractingIds = useExtractingIds();
  const extract = useExtractVocabulary();
  const retry = useRetryVideo();
  const translations = useGenerateTranslations();
  const quizzes = useRegenerateQuizzes();
  const remove = useDeleteVideo();
  // Translations and quizzes are queued: their outcome toasts come when the jobs end.
  const jobs = useJobOutcomes();
  const [editing, setEditing] = useState<VideoCard | null>(null);
  const [deleting, setDeleting] = useState<VideoCard | null>(null);
  const [asking, setAsking] = useState<{ video: VideoCard; existing: ExistingTranslations } | null>(null);
  useProcessingToasts(directory.videos);

  const actions: DirectoryActions = {
    edit: setEditing,
    remove: setDeleting,
    extract: (video) => extract.mutate({ id: video.id }),
    retry: (video, choice) => retry.mutate({ id: video.id, ...choice }),
    quizzes: (video) => quizzes.mutate({ id: video.id }, { onSuccess: () => jobs.follow({ videoId: video.id, action: "regenerate-quizzes" }) }),
    translate: (video) =>
      translations.mutate(
        { id: video.id },
        {
          onSuccess: (result) =>
            needsConfirmation(result) ? setAsking({ video, existing: result.existingData }) : jobs.follow({ videoId: video.id, action: "generate-translations" }),
        },
      ),
  };

  function chooseTranslations(action: TranslationChoice) {
    if (!asking) return;
    const videoId = asking.video.id;
    translations.mutate(
      { id: videoId, action },
      { onSuccess: () => jobs.follow({ videoId, action: "generate-translations" }), onSettled: () => setAsking(null) },
    );
  }

  const busy = (video: DirectoryVideo) =>
    "id" in video &&
    (extractingIds.includes(video.id) ||
      jobs.followingIds.includes(video.id) ||
      (translations.isPending && translations.variables?.id === video.id) ||
      (quizzes.isPending && quizzes.variables?.id === video.id));

  const rows: DirectoryVideo[] = [...directory.adding, ...(directory.videos ?? [])];
  const count = directory.videos?.length ?? 0;
  const keyOf = (video: DirectoryVideo) => ("id" in video ? `video-${video.id}` : video.key);

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="text-lg">
          <h2>{t("title")}</h2>
        </CardTitle>
        <CardDescription className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>{directory.videos ? t("count", { count }) : t("everyVideo")}</span>
          {shouldPollVideos(rows) ? (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-sky-800 dark:text-sky-300">
              <span aria-hidden className="size-2 animate-pulse rounded-full bg-sky-500" /> {t("liveProgress")}
            </span>
          ) : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {directory.isPending ? (
          <ul className="space-y-3" aria-busy="true" aria-label={t("loading")}>
            {Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <li key={i} className="flex items-center gap-3" data-testid="directory-skeleton">
                <Skeleton className="aspect-video w-20 shrink-0 sm:w-24" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-3/5" />
                  <Skeleton className="h-3 w-2/5" />
                </div>
                <Skeleton className="hidden h-6 w-24 rounded-full lg:block" />
              </li>
            ))}
          </ul>
        ) : directory.isError && !directory.videos ? (
          <div className="flex flex-col items-start gap-3 py-4 text-sm">
            <p>{t("loadFailed")}</p>
            <Button type="button" variant="outline" size="sm" onClick={() => void directory.refetch()}>
              {t("tryAgain")}
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground" data-testid="directory-empty">
            {t("empty")}
          </p>
        ) : (
          <>
            <div className="hidden lg:block">
              <Table>
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead>{t("videoColumn")}</TableHead>
                    <TableHead className="hidden xl:table-cell">{t("categoriesColumn")}</TableHead>
                    <TableHead>{t("languageColumn")}</TableHead>
                    <TableHead>{t("statusColumn")}</TableHead>
                    <TableHead className="hidden text-right xl:table-cell">{t("wordsColumn")}</TableHead>
                    <TableHead className="text-right">
                      <span className="sr-only">{t("actionsColumn")}</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((video) => (
                    <DirectoryRow key={keyOf(video)} video={video} actions={actions} busy={busy(video)} aiProvider={aiProvider} />
                  ))}
                </TableBody>
              </Table>
            </div>
            <ul className="grid gap-3 sm:grid-cols-2 lg:hidden" aria-label={t("videosList")}>
              {rows.map((video) => (
                <DirectoryCard key={keyOf(video)} video={video} actions={actions} busy={busy(video)} aiProvider={aiProvider} />
              ))}
            </ul>
          </>
        )}
      </CardContent>
      <EditVideoDialog video={editing} onClose={() => setEditing(null)} />
      <DeleteConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("deleteTitle")}
        description={t("deleteDescription", { title: deleting?.title ?? "" })}
        pending={remove.isPending}
        onDelete={() => (deleting ? remove.mutateAsync(deleting) : Promise.resolve())}
      />
      <TranslationsDialog
        request={asking ? { title: asking.video.title, existing: asking.existing } : null}
        pending={translations.isPending}
        onChoose={chooseTranslations}
        onClose={() => setAsking(null)}
      />
    </Card>
  );
}

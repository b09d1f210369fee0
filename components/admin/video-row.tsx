"use client";
/**
 * One video of the Content Directory: a table row from 1024 px, a card below. A video still being
 * added (no id yet) shows the same way without its actions.
 */
import { AlertTriangle, Hourglass, RotateCcw } from "lucide-react";
import Link from "next/link";
import { useLocale } from "next-intl";
import { useTranslations } from "@/lib/i18n/use-translations";
import { LanguageFlag, languageDisplayName } from "@/components/language-flag";
import { VideoThumbnail } from "@/components/video-thumbnail";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { TableCell, TableRow } from "@/components/ui/table";
import type { PendingVideo } from "@/lib/admin/directory";
import { captionsSourceKey, canRetry, isFailed } from "@/lib/admin/video-status";
import { languageName } from "@/lib/i18n/locales";
import type { VideoCard } from "@/lib/types/api";
import { VideoActions, type DirectoryActions } from "./video-actions";
import { hasContents, VideoContents } from "./video-contents";
import { ProcessingProgress, StatusBadge } from "./video-status";

export type DirectoryVideo = VideoCard | PendingVideo;

const isSaved = (video: DirectoryVideo): video is VideoCard => "id" in video;

type RowProps = { video: DirectoryVideo; actions: DirectoryActions; busy: boolean; aiProvider?: boolean };

export function DirectoryRow({ video, actions, busy, aiProvider = true }: RowProps) {
  return (
    <TableRow data-testid="video-row" data-status={video.status} aria-busy={isSaved(video) ? undefined : true}>
      <TableCell className="min-w-64 whitespace-normal">
        <Identity video={video} />
        {isSaved(video) ? <VideoContents video={video} aiProvider={aiProvider} /> : null}
        <Failure video={video} actions={actions} />
      </TableCell>
      <TableCell className="hidden w-40 max-w-44 whitespace-normal xl:table-cell">
        <Categories video={video} />
      </TableCell>
      <TableCell className="w-px">
        <Language code={video.targetLanguage} />
      </TableCell>
      <TableCell className="w-44">
        <div className="space-y-2">
          <StatusBadge status={video.status} />
          <ProcessingProgress video={video} />
          <WaitingForJob video={video} />
        </div>
      </TableCell>
      <TableCell className="hidden w-px text-right tabular-nums xl:table-cell">{video.wordCount}</TableCell>
      <TableCell className="w-px text-right">
        <Actions video={video} actions={actions} busy={busy} />
      </TableCell>
    </TableRow>
  );
}

export function DirectoryCard({ video, actions, busy, aiProvider = true }: RowProps) {
  const t = useTranslations("admin.row");
  return (
    <li
      className="space-y-3 rounded-xl border bg-card p-3 shadow-xs"
      data-testid="video-card"
      data-status={video.status}
      aria-busy={isSaved(video) ? undefined : true}
    >
      <Identity video={video} />
      <div className="flex items-center gap-x-3 text-sm">
        <StatusBadge status={video.status} />
        <Language code={video.targetLanguage} />
        <div className="ml-auto">
          <Actions video={video} actions={actions} busy={busy} />
        </div>
      </div>
      <p className="text-sm">
        {/* The contents line below counts the words with the rest, when there is one. */}
        {isSaved(video) && hasContents(video) ? null : (
          <>
            <span className="tabular-nums">{t("words", { count: video.wordCount })}</span>
            <span className="text-muted-foreground"> · </span>
          </>
        )}
        <span className="text-muted-foreground">{t("categoriesLabel")} </span>
        <Categories video={video} />
      </p>
      <ProcessingProgress video={video} />
      <WaitingForJob video={video} />
      {isSaved(video) ? <VideoContents video={video} aiProvider={aiProvider} /> : null}
      <Failure video={video} actions={actions} />
    </li>
  );
}

function Identity({ video }: { video: DirectoryVideo }) {
  const t = useTranslations("admin.row");
  return (
    <div className="flex min-w-0 items-center gap-3">
      <VideoThumbnail className="w-20 shrink-0 rounded-md sm:w-24" loading="lazy" src={video.thumbnail} />
      <div className="min-w-0">
        <p className="line-clamp-3 leading-snug font-semibold break-words">
          {isSaved(video) ? (
            <Link href={`/video/${video.id}`} className="underline-offset-4 hover:underline">
              {video.title}
            </Link>
          ) : (
            video.title
          )}
        </p>
        <p className="truncate text-xs text-muted-foreground">{video.youtubeId ? t("youtubeId", { id: video.youtubeId }) : t("ownMedia")}</p>
        <CaptionsSource video={video} />
      </div>
    </div>
  );
}

/** Where the processed video's captions came from. */
function CaptionsSource({ video }: { video: DirectoryVideo }) {
  const t = useTranslations("admin.captionsSource");
  const source = isSaved(video) ? video.captionsSource : null;
  if (!source) return null;
  // Null: made otherwise, as the demo videos; a source the product does not name is shown as it is.
  const key = captionsSourceKey(source);
  const label = key ? t(key) : source;
  // Its own line, free to wrap: a long line that may not wrap would widen the narrow cards.
  return (
    <p className="text-xs break-words text-muted-foreground" data-testid="captions-source">
      {t("line", { source: label })}
    </p>
  );
}

function Categories({ video }: { video: DirectoryVideo }) {
  const t = useTranslations("admin.row");
  return video.categoryNames.length ? <span>{video.categoryNames.join(", ")}</span> : <span className="text-muted-foreground">{t("noCategories")}</span>;
}

function Language({ code }: { code: string }) {
  const locale = useLocale();
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <LanguageFlag code={code} label={null} className="h-3.5 w-5 rounded-[2px]" />
      {languageName(code, locale) ?? languageDisplayName(code)}
    </span>
  );
}

function Actions({ video, actions, busy }: RowProps) {
  const t = useTranslations("admin.row");
  if (!isSaved(video)) {
    return (
      <span className="inline-flex items-center gap-2 text-xs text-muted-foreground">
        <Spinner label={null} /> {t("adding")}
      </span>
    );
  }
  return <VideoActions video={video} actions={actions} busy={busy} />;
}

/**
 * One job at a time per video: a job queued behind another says it waits its turn. Refusals
 * (already running: 409; over the hourly limit: 429) come as the server's message in the action's
 * error toast.
 */
function WaitingForJob({ video }: { video: DirectoryVideo }) {
  const t = useTranslations("admin.row");
  if (!isSaved(video) || !video.waitingForJob) return null;
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="waiting-for-job" role="status">
      <Hourglass aria-hidden className="size-3.5 shrink-0" />
      {t("waitingForJob")}
    </p>
  );
}

/** Why processing failed, with Retry for a failed video. */
function Failure({ video, actions }: { video: DirectoryVideo; actions: DirectoryActions }) {
  const t = useTranslations("admin.row");
  if (!isSaved(video) || !isFailed(video.status)) return null;
  return (
    <div className="mt-2 flex flex-wrap items-start gap-2 rounded-lg bg-destructive/10 p-2 text-sm text-red-800 dark:text-red-300" data-testid="failure-reason">
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 flex-1 break-words">{video.errorReason ?? t("processingFailed")}</p>
      {canRetry(video.status) ? (
        <Button type="button" size="sm" variant="outline" className="h-7" aria-label={t("retryVideo", { title: video.title })} onClick={() => actions.retry(video)}>
          <RotateCcw aria-hidden /> {t("retry")}
        </Button>
      ) : null}
    </div>
  );
}

"use client";
/** A video's status badge, and its processing stage with a progress bar and percentage (SPEC §4). */
import { useFormatter } from "next-intl";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useCallback } from "react";
import { Badge } from "@/components/ui/badge";
import { Progress } from "@/components/ui/progress";
import { clampProgress, showsProgress, stageKey, statusKey, statusTone, type StatusTone } from "@/lib/admin/video-status";
import { cn } from "@/lib/utils";

const TONES: Record<StatusTone, string> = {
  live: "border-transparent bg-success/15 text-emerald-800 dark:bg-success/20 dark:text-success",
  draft: "border-transparent bg-secondary text-secondary-foreground",
  working: "border-transparent bg-sky-500/15 text-sky-800 dark:bg-sky-400/15 dark:text-sky-300",
  done: "border-transparent bg-violet-500/15 text-violet-800 dark:bg-violet-400/15 dark:text-violet-300",
  failed: "border-transparent bg-destructive/10 text-red-800 dark:bg-destructive/25 dark:text-red-300",
  other: "text-foreground",
};

/** A status's name in the reader's language; a status the product does not name is shown as it is. */
export function useStatusLabel() {
  const t = useTranslations("admin.status");
  return useCallback(
    (status: string) => {
      const key = statusKey(status);
      return key ? t(key) : status;
    },
    [t],
  );
}

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const statusLabel = useStatusLabel();
  return (
    <Badge variant="outline" className={cn(TONES[statusTone(status)], className)} data-testid="video-status">
      {statusLabel(status)}
    </Badge>
  );
}

/** Stage, bar and percent, shown while processing or once any progress is recorded. */
export function ProcessingProgress({ video, className }: { video: { status: string; processingProgress: number; title: string }; className?: string }) {
  const t = useTranslations("admin.stage");
  const format = useFormatter();
  if (!showsProgress(video)) return null;
  const percent = clampProgress(video.processingProgress);
  const stage = t(stageKey(percent));
  return (
    <div className={cn("w-full min-w-36 space-y-1", className)} data-testid="processing-progress">
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="truncate text-muted-foreground">{stage}</span>
        <span className="font-semibold tabular-nums">{format.number(percent / 100, { style: "percent" })}</span>
      </div>
      <Progress
        value={percent}
        aria-label={t("progressLabel", { title: video.title, stage })}
        className="h-1.5"
        indicatorClassName={percent >= 100 ? "bg-success" : undefined}
      />
    </div>
  );
}

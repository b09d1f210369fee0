"use client";
/** A directory row's actions (SPEC §2): edit, and a menu with the processing work, retry (failed only, as added or the other way of making captions) and delete. */
import { BookOpenText, Languages, ListChecks, MoreHorizontal, Pencil, RotateCcw, Trash2 } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Spinner } from "@/components/ui/spinner";
import { retryOptions, type RetryKind } from "@/lib/admin/video-status";
import type { VideoCard } from "@/lib/types/api";
import { cn } from "@/lib/utils";

/** Each retry's name, in the catalogue's "admin.actions". */
const RETRY_LABELS = { asAdded: "retryAsAdded", transcribing: "retryTranscribing", youtubeCaptions: "retryYoutubeCaptions" } as const satisfies Record<RetryKind, string>;

export type DirectoryActions = {
  edit: (video: VideoCard) => void;
  remove: (video: VideoCard) => void;
  extract: (video: VideoCard) => void;
  translate: (video: VideoCard) => void;
  quizzes: (video: VideoCard) => void;
  /** `choice`: change whether the audio is transcribed instead of using YouTube's captions. */
  retry: (video: VideoCard, choice?: { transcribeAudio: boolean }) => void;
};

export function VideoActions({ video, actions, busy, className }: { video: VideoCard; actions: DirectoryActions; busy: boolean; className?: string }) {
  const t = useTranslations("admin.actions");
  return (
    <div className={cn("flex items-center justify-end gap-1", className)}>
      {busy ? <Spinner className="mr-1 text-muted-foreground" label={t("working", { title: video.title })} /> : null}
      <Button type="button" variant="ghost" size="icon-sm" aria-label={t("editVideo", { title: video.title })} onClick={() => actions.edit(video)}>
        <Pencil aria-hidden />
      </Button>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button type="button" variant="ghost" size="icon-sm" aria-label={t("more", { title: video.title })}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel className="truncate text-xs text-muted-foreground">{video.title}</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => actions.edit(video)}>
            <Pencil aria-hidden /> {t("edit")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => actions.extract(video)} disabled={busy}>
            <BookOpenText aria-hidden /> {t("extractVocabulary")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => actions.translate(video)}>
            <Languages aria-hidden /> {t("generateTranslations")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => actions.quizzes(video)}>
            <ListChecks aria-hidden /> {t("regenerateQuizzes")}
          </DropdownMenuItem>
          {retryOptions(video).map(({ kind, transcribeAudio }) => (
            <DropdownMenuItem key={kind} onSelect={() => actions.retry(video, transcribeAudio === undefined ? undefined : { transcribeAudio })}>
              <RotateCcw aria-hidden /> {t(RETRY_LABELS[kind])}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => actions.remove(video)}>
            <Trash2 aria-hidden /> {t("delete")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

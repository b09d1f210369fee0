"use client";
/**
 * What a processed video has, in the Content Directory: caption lines, vocabulary words, line
 * translations and quizzes, so a video with captions only (added with a subtitle file and no AI
 * provider) is never taken for a finished one. What is missing says what adds it.
 */
import { Info } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import type { VideoCard } from "@/lib/types/api";

/** Whether the video has contents to list: processed, with caption lines. */
export function hasContents(video: VideoCard): video is VideoCard & { contents: NonNullable<VideoCard["contents"]> } {
  const { contents, status } = video;
  return !!contents && status !== "processing" && status !== "failed" && status !== "error" && contents.lines > 0;
}

export function VideoContents({ video, aiProvider }: { video: VideoCard; aiProvider: boolean }) {
  const t = useTranslations("admin.contents");
  if (!hasContents(video)) return null;
  const contents = video.contents;
  const missing = video.wordCount === 0 || contents.translations === 0 || contents.quizzes === 0;
  return (
    <div className="space-y-1 text-xs" data-testid="video-contents">
      <p className="text-muted-foreground">
        {t("lines", { count: contents.lines })} · {t("words", { count: video.wordCount })} · {t("translations", { count: contents.translations })} ·{" "}
        {t("quizzes", { count: contents.quizzes })}
      </p>
      {missing ? (
        <p className="flex items-start gap-1.5 text-amber-800 dark:text-amber-300" data-testid="needs-ai">
          <Info aria-hidden className="mt-px size-3.5 shrink-0" />
          {aiProvider ? t("incomplete") : t("needsAi")}
        </p>
      ) : null}
    </div>
  );
}

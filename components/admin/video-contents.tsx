"use client";
/**
 * What a processed video has, in the Content Directory: caption lines, vocabulary words, line
 * translations and quizzes, so a video with captions only (added with a subtitle file and no AI
 * provider) is never taken for a finished one. What is missing says what adds it.
 */
import { Info } from "lucide-react";
import type { VideoCard } from "@/lib/types/api";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Whether the video has contents to list: processed, with caption lines. */
export function hasContents(video: VideoCard): video is VideoCard & { contents: NonNullable<VideoCard["contents"]> } {
  const { contents, status } = video;
  return !!contents && status !== "processing" && status !== "failed" && status !== "error" && contents.lines > 0;
}

export function VideoContents({ video, aiProvider }: { video: VideoCard; aiProvider: boolean }) {
  if (!hasContents(video)) return null;
  const contents = video.contents;
  const missing = video.wordCount === 0 || contents.translations === 0 || contents.quizzes === 0;
  return (
    <div className="space-y-1 text-xs" data-testid="video-contents">
      <p className="text-muted-foreground">
        {plural(contents.lines, "line")} · {plural(video.wordCount, "word")} · {plural(contents.translations, "translation")} · {plural(contents.quizzes, "quiz", "quizzes")}
      </p>
      {missing ? (
        <p className="flex items-start gap-1.5 text-amber-800 dark:text-amber-300" data-testid="needs-ai">
          <Info aria-hidden className="mt-px size-3.5 shrink-0" />
          {aiProvider
            ? "Vocabulary, translations and quizzes are incomplete: use Extract vocabulary or Generate translations in More actions."
            : "Vocabulary, translations and quizzes need an AI provider (set OPENAI_API_KEY); then use Extract vocabulary in More actions."}
        </p>
      ) : null}
    </div>
  );
}

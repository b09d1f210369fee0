"use client";
/**
 * What narrows the Saved screen's word list: a search of the word and its meanings, which words
 * to show (every saved word, those of one status, or the words met in quizzes and not saved),
 * and a video that says them.
 */
import { Search } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { SavedWordsPage } from "@/lib/types/api";

/** Which words the list shows: the saved ones (all, or of one status), or those from quizzes. */
export type WordsShown = "saved" | "learning" | "known" | "ignored" | "quizzes";

const SHOWN: readonly WordsShown[] = ["saved", "learning", "known", "ignored", "quizzes"];

const ALL_VIDEOS = "all";
/** GET /api/words/saved takes a search this long (lib/validation/saved-words.ts; zod stays off this page). */
const SEARCH_MAX = 100;

type Props = {
  search: string;
  onSearch: (text: string) => void;
  shown: WordsShown;
  onShown: (shown: WordsShown) => void;
  videoId: number | undefined;
  onVideo: (videoId: number | undefined) => void;
  videos: SavedWordsPage["videos"];
  fromQuizzes: number;
};

export function SavedWordsFilters({ search, onSearch, shown, onShown, videoId, onVideo, videos, fromQuizzes }: Props) {
  const t = useTranslations("saved.filters");
  const id = useId();
  const choices = SHOWN.filter((c) => c !== "quizzes" || fromQuizzes > 0 || shown === "quizzes");
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_14rem_18rem]" data-testid="saved-words-filters">
      <div className="space-y-1 sm:col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-search`} className="text-xs font-medium text-muted-foreground">
          {t("search")}
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            maxLength={SEARCH_MAX}
            placeholder={t("searchPlaceholder")}
            className="pl-9"
          />
        </div>
      </div>
      <div className="space-y-1">
        <label id={`${id}-shown`} className="text-xs font-medium text-muted-foreground">
          {t("show")}
        </label>
        <Select value={shown} onValueChange={(value) => onShown(value as WordsShown)}>
          <SelectTrigger className="w-full" aria-labelledby={`${id}-shown`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {choices.map((c) => (
              <SelectItem key={c} value={c}>
                {c === "quizzes" ? t("quizzesCount", { count: fromQuizzes }) : t(c)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="space-y-1">
        <label id={`${id}-video`} className="text-xs font-medium text-muted-foreground">
          {t("video")}
        </label>
        <Select value={videoId === undefined ? ALL_VIDEOS : String(videoId)} onValueChange={(value) => onVideo(value === ALL_VIDEOS ? undefined : Number(value))}>
          <SelectTrigger className="w-full" aria-labelledby={`${id}-video`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_VIDEOS}>{t("allVideos")}</SelectItem>
            {videos.map((video) => (
              <SelectItem key={video.id} value={String(video.id)}>
                {video.title} · {video.count}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

"use client";
/**
 * The Saved screen's words: what the learner saved from the word popover, most recent first, each
 * with its status, its meaning (their note, editable here) and a line where it is said (a link to
 * that moment of the video); narrowed by a search, by status (or the words met in quizzes and not
 * saved, shown apart), by a video and by language; a page at a time; each removable with an undo;
 * and the exports to Anki (.apkg) and TSV.
 */
import { keepPreviousData } from "@tanstack/react-query";
import { BookmarkPlus, Download, SearchX } from "lucide-react";
import { useLocale } from "next-intl";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { SavedWordsFilters as Filters } from "@/lib/data/keys";
import { useLanguages } from "@/lib/data/use-languages";
import { languageName } from "@/lib/i18n/locales";
import { exportUrl, useSavedWords } from "@/lib/data/use-saved-words";
import { SavedWordRow } from "./saved-word-row";
import { SavedWordsFilters, type WordsShown } from "./saved-words-filters";

const SEARCH_DEBOUNCE_MS = 250;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

function SavedWordsEmptyState() {
  const t = useTranslations("saved");
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed bg-card/50 px-6 py-10 text-center text-muted-foreground" data-testid="saved-words-empty">
      <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
        <BookmarkPlus className="size-6" aria-hidden />
      </span>
      <p className="font-semibold text-foreground">{t("emptyWordsTitle")}</p>
      <p className="max-w-sm text-sm">{t("emptyWordsText")}</p>
    </div>
  );
}

function NoMatch({ onClear }: { onClear: () => void }) {
  const t = useTranslations("saved");
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed bg-card/50 px-6 py-8 text-center text-muted-foreground" data-testid="saved-words-no-match">
      <SearchX className="size-6" aria-hidden />
      <p className="font-semibold text-foreground">{t("noMatch")}</p>
      <Button type="button" variant="outline" size="sm" onClick={onClear}>
        {t("showAllSaved")}
      </Button>
    </div>
  );
}

function SavedWordsSkeleton() {
  const t = useTranslations("saved");
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-busy="true" aria-label={t("loadingWords")}>
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i} className="space-y-3 rounded-xl border bg-card p-4" data-testid="saved-word-skeleton">
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-1/2" />
        </li>
      ))}
    </ul>
  );
}

export function SavedWords() {
  const t = useTranslations("saved");
  const locale = useLocale();
  const [language, setLanguage] = useState<string | undefined>(undefined);
  const [shown, setShown] = useState<WordsShown>("saved");
  const [videoId, setVideoId] = useState<number | undefined>(undefined);
  const [search, setSearch] = useState("");
  const q = useDebounced(search, SEARCH_DEBOUNCE_MS).trim();
  const filters: Filters = {
    list: shown === "quizzes" ? "quizzes" : undefined,
    language,
    status: shown === "saved" || shown === "quizzes" ? undefined : shown,
    videoId,
    q: q || undefined,
  };
  const narrowed = shown !== "saved" || videoId !== undefined || q !== "";
  const saved = useSavedWords(filters, { placeholderData: keepPreviousData });
  const languageNames = new Map((useLanguages().data ?? []).map((l) => [l.code, languageName(l.code, locale) ?? l.name]));
  const first = saved.data?.pages[0];
  const counts = first?.languages ?? [];
  const listed = counts.reduce((sum, c) => sum + c.count, 0);
  const words = saved.data?.pages.flatMap((p) => p.words) ?? [];
  const several = counts.length > 1;
  // Nothing saved and nothing from quizzes: the empty state alone, no filters to use.
  const filterable = narrowed || listed > 0 || (first?.fromQuizzes ?? 0) > 0;

  function clear() {
    setShown("saved");
    setVideoId(undefined);
    setSearch("");
  }

  return (
    <section aria-labelledby="saved-words-heading" className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="space-y-1">
          <h2 id="saved-words-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
            {t("wordsTitle")}
          </h2>
          <p className="max-w-prose text-sm text-muted-foreground">{t("wordsIntro")}</p>
        </div>
        {shown !== "quizzes" && listed > 0 && (
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <a href={exportUrl("apkg", language)} download>
                <Download aria-hidden />
                {t("exportApkg")}
              </a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={exportUrl("tsv", language)} download>
                <Download aria-hidden />
                {t("exportTsv")}
              </a>
            </Button>
          </div>
        )}
      </div>
      {filterable && first && (
        <SavedWordsFilters
          search={search}
          onSearch={setSearch}
          shown={shown}
          onShown={(next) => {
            setShown(next);
            // Quiz words are said in other videos than saved ones.
            if ((next === "quizzes") !== (shown === "quizzes")) setVideoId(undefined);
          }}
          videoId={videoId}
          onVideo={setVideoId}
          videos={first.videos}
          fromQuizzes={first.fromQuizzes}
        />
      )}
      {several && (
        <div role="group" aria-label={t("languageGroup")} className="flex flex-wrap gap-2">
          {[{ language: undefined, count: listed }, ...counts].map((c) => (
            <Button
              key={c.language ?? "all"}
              type="button"
              size="sm"
              variant={language === c.language ? "default" : "outline"}
              aria-pressed={language === c.language}
              onClick={() => {
                setLanguage(c.language);
                // The video filter offers the language's videos.
                setVideoId(undefined);
              }}
              className="h-9 rounded-full px-4"
            >
              {c.language ? (languageNames.get(c.language) ?? c.language) : t("allLanguages")}
              <span className="tabular-nums opacity-80">{c.count}</span>
            </Button>
          ))}
        </div>
      )}
      {saved.isPending ? (
        <SavedWordsSkeleton />
      ) : saved.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {t("loadError")}
        </p>
      ) : words.length === 0 ? (
        narrowed ? <NoMatch onClear={clear} /> : <SavedWordsEmptyState />
      ) : (
        <>
          {narrowed && (
            <p className="text-sm text-muted-foreground" role="status" data-testid="saved-words-count">
              {t(shown === "quizzes" ? "quizWordCount" : "wordCount", { count: first!.total })}
            </p>
          )}
          <ul className="grid gap-3 md:grid-cols-2" aria-busy={saved.isPlaceholderData} data-testid="saved-words">
            {words.map((word) => (
              <SavedWordRow key={`${word.language}:${word.lemma}`} word={word} languageName={several ? languageNames.get(word.language) : undefined} />
            ))}
          </ul>
        </>
      )}
      {saved.hasNextPage && !saved.isPlaceholderData && (
        <div className="flex justify-center">
          <Button type="button" variant="outline" onClick={() => void saved.fetchNextPage()} disabled={saved.isFetchingNextPage}>
            {saved.isFetchingNextPage ? t("loadingMore") : t("showMore")}
          </Button>
        </div>
      )}
    </section>
  );
}

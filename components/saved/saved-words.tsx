"use client";
/**
 * The Saved screen's words: what the learner saved from the word popover, most recent first, each
 * with its meaning and a line where it is said (a link to that moment of the video), narrowed by
 * language when there are several, a page at a time; and the exports to Anki (.apkg) and TSV.
 */
import { keepPreviousData } from "@tanstack/react-query";
import { BookmarkPlus, Download, Play } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useLanguages } from "@/lib/data/use-languages";
import { exportUrl, useSavedWords } from "@/lib/data/use-saved-words";
import type { SavedWord } from "@/lib/types/api";

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

function SavedWordsEmptyState() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed bg-card/50 px-6 py-10 text-center text-muted-foreground" data-testid="saved-words-empty">
      <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
        <BookmarkPlus className="size-6" aria-hidden />
      </span>
      <p className="font-semibold text-foreground">No saved words yet</p>
      <p className="max-w-sm text-sm">Tap a word in a video&apos;s captions and choose Save: it appears here, ready to export to Anki.</p>
    </div>
  );
}

function SavedWordRow({ word, languageName }: { word: SavedWord; languageName: string | undefined }) {
  const line = word.occurrence;
  return (
    <li className="space-y-2 rounded-xl border bg-card p-4" data-testid="saved-word">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span lang={word.language} className="text-lg font-semibold break-words">
          {word.lemma}
        </span>
        {languageName && <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{languageName}</span>}
      </div>
      {word.meaning ? (
        <p className="line-clamp-3 text-sm break-words" data-testid="saved-word-meaning">
          {word.meaning.source === "note" && <span className="font-medium text-muted-foreground">Your note: </span>}
          {word.meaning.source === "line" && <span className="font-medium text-muted-foreground">In this line: </span>}
          {word.meaning.text}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground italic">No meaning found yet: tap the word in a video to look it up.</p>
      )}
      {line && (
        <div className="space-y-1 border-l-2 border-primary/40 pl-3">
          <p lang={word.language} className="text-sm break-words">
            {line.text.slice(0, line.wordStart)}
            <mark className="rounded bg-amber-200/80 px-0.5 text-foreground dark:bg-amber-400/25">{line.text.slice(line.wordStart, line.wordEnd)}</mark>
            {line.text.slice(line.wordEnd)}
          </p>
          {line.translation && <p className="text-sm text-muted-foreground break-words">{line.translation}</p>}
          <Link
            href={line.href}
            className="inline-flex max-w-full items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <Play className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate">{line.videoTitle}</span>
            <span className="shrink-0 text-muted-foreground tabular-nums">{clock(line.startMs)}</span>
          </Link>
        </div>
      )}
    </li>
  );
}

function SavedWordsSkeleton() {
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-busy="true" aria-label="Loading saved words">
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
  const [language, setLanguage] = useState<string | undefined>(undefined);
  const saved = useSavedWords(language, { placeholderData: keepPreviousData });
  const languageNames = new Map((useLanguages().data ?? []).map((l) => [l.code, l.name]));
  const first = saved.data?.pages[0];
  const counts = first?.languages ?? [];
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  const words = saved.data?.pages.flatMap((p) => p.words) ?? [];
  const several = counts.length > 1;

  return (
    <section aria-labelledby="saved-words-heading" className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="space-y-1">
          <h2 id="saved-words-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
            Saved words
          </h2>
          <p className="text-sm text-muted-foreground">Words you saved to learn, most recent first, each with a line where it is said.</p>
        </div>
        {total > 0 && (
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <a href={exportUrl("apkg", language)} download>
                <Download aria-hidden />
                Export to Anki (.apkg)
              </a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={exportUrl("tsv", language)} download>
                <Download aria-hidden />
                Export as TSV
              </a>
            </Button>
          </div>
        )}
      </div>
      {several && (
        <div role="group" aria-label="Language" className="flex flex-wrap gap-2">
          {[{ language: undefined, count: total }, ...counts].map((c) => (
            <Button
              key={c.language ?? "all"}
              type="button"
              size="sm"
              variant={language === c.language ? "default" : "outline"}
              aria-pressed={language === c.language}
              onClick={() => setLanguage(c.language)}
              className="h-9 rounded-full px-4"
            >
              {c.language ? (languageNames.get(c.language) ?? c.language) : "All"}
              <span className="tabular-nums opacity-80">{c.count}</span>
            </Button>
          ))}
        </div>
      )}
      {saved.isPending ? (
        <SavedWordsSkeleton />
      ) : saved.isError ? (
        <p className="text-sm text-destructive" role="alert">
          Your saved words could not be loaded. Please reload the page.
        </p>
      ) : words.length === 0 ? (
        <SavedWordsEmptyState />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-busy={saved.isPlaceholderData} data-testid="saved-words">
          {words.map((word) => (
            <SavedWordRow key={`${word.language}:${word.lemma}`} word={word} languageName={several ? languageNames.get(word.language) : undefined} />
          ))}
        </ul>
      )}
      {saved.hasNextPage && !saved.isPlaceholderData && (
        <div className="flex justify-center">
          <Button type="button" variant="outline" onClick={() => void saved.fetchNextPage()} disabled={saved.isFetchingNextPage}>
            {saved.isFetchingNextPage ? "Loading..." : "Show more"}
          </Button>
        </div>
      )}
    </section>
  );
}

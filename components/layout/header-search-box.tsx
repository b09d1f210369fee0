"use client";
/**
 * The header's open search box (header-search.tsx shows it). Typing lists matches
 * (thumbnail, title, category); Enter opens the highlighted or first match, Escape closes the
 * box, and a blank query does nothing. When the list holds more than fits, its foot says how many
 * more are below.
 */
import { useQueryClient } from "@tanstack/react-query";
import { ChevronDown, Search, X } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { VideoThumbnail } from "@/components/video-thumbnail";
import { getQueryFn } from "@/lib/data/api";
import { videoKeys } from "@/lib/data/keys";
import type { VideoCard } from "@/lib/types/api";
import { SEARCH_RESULT_LIMIT, useVideoSearch } from "@/lib/data/use-videos";
import { cn } from "@/lib/utils";

const DEBOUNCE_MS = 200;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** How many of a scrolled list's items are wholly or partly below its visible part. */
function countBelow(list: HTMLElement): number {
  const bottom = list.scrollTop + list.clientHeight;
  return [...list.children].filter((item) => (item as HTMLElement).offsetTop + (item as HTMLElement).offsetHeight > bottom + 1).length;
}

export function HeaderSearchBox({ initialQuery = "", onShown, onClose }: { initialQuery?: string; onShown: () => void; onClose: (restoreFocus: boolean) => void }) {
  const t = useTranslations("header");
  const [query, setQuery] = useState(initialQuery);
  // Characters typed after this box rendered but before its input took focus reach it too.
  const [given, setGiven] = useState(initialQuery);
  if (initialQuery !== given) {
    setGiven(initialQuery);
    if (initialQuery.startsWith(query)) setQuery(initialQuery);
  }
  const [active, setActive] = useState(-1);
  const [below, setBelow] = useState(0);
  const term = useDebounced(query, DEBOUNCE_MS).trim();
  const results = useVideoSearch(term);
  const router = useRouter();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();

  // Focus moves into the box before the button that opened it goes.
  useEffect(() => {
    const input = inputRef.current;
    input?.focus();
    // Typed before the box came: the caret goes after it.
    input?.setSelectionRange(input.value.length, input.value.length);
    onShown();
  }, [onShown]);

  // A click outside closes the box.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  });

  const showList = query.trim().length > 0 && term.length > 0;
  const matches = results.data ?? [];

  const measure = useCallback(() => setBelow(listRef.current ? countBelow(listRef.current) : 0), []);
  useLayoutEffect(measure, [measure, matches, showList]);
  // The arrow keys move through the list: keep the highlighted match in sight.
  useEffect(() => {
    if (active >= 0) listRef.current?.children[active]?.scrollIntoView({ block: "nearest" });
  }, [active]);

  function openVideo(video: VideoCard) {
    onClose(false);
    router.push(`/video/${video.id}`);
  }

  async function openFirstMatch() {
    const search = query.trim();
    if (!search) return;
    if (active >= 0 && matches[active] && search === term) return openVideo(matches[active]);
    // Enter may come before the debounced search ran: ask for this exact query.
    const key = videoKeys.list({ search, limit: SEARCH_RESULT_LIMIT });
    const list = await queryClient.fetchQuery<VideoCard[]>({ queryKey: key, queryFn: getQueryFn<VideoCard[]>({ on401: "throw" }), staleTime: 30_000 });
    if (list[0]) openVideo(list[0]);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose(true);
    } else if (event.key === "Enter") {
      event.preventDefault();
      void openFirstMatch();
    } else if (event.key === "ArrowDown" && matches.length > 0) {
      event.preventDefault();
      setActive((i) => (i + 1) % matches.length);
    } else if (event.key === "ArrowUp" && matches.length > 0) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? matches.length - 1 : i - 1));
    }
  }

  return (
    // On small screens the open box covers the header's full width; from `sm` up it sits inline.
    <div
      ref={rootRef}
      className="absolute inset-x-0 top-0 z-50 flex h-16 items-center bg-background px-4 sm:static sm:h-auto sm:w-full sm:max-w-md sm:bg-transparent sm:px-0"
      data-testid="header-search"
    >
      <div className="relative w-full">
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label={t("searchVideos")}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={t("searchPlaceholder")}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        className="h-10 rounded-full pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
        maxLength={200}
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={t("closeSearch")}
        className="absolute top-1/2 right-1 size-8 -translate-y-1/2 rounded-full"
        onClick={() => onClose(true)}
      >
        <X aria-hidden />
      </Button>
      {showList ? (
        <div className="absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-xl">
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={t("searchResults")}
            className="relative max-h-64 overflow-y-auto p-1"
            data-testid="search-results"
            onScroll={measure}
          >
            {matches.map((video, index) => (
              <li
                key={video.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => openVideo(video)}
                onMouseEnter={() => setActive(index)}
                className={cn("flex cursor-pointer items-center gap-3 rounded-lg p-2", index === active && "bg-accent text-accent-foreground")}
              >
                <VideoThumbnail src={video.thumbnail} className="relative w-20 shrink-0 rounded-md" />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-semibold">{video.title}</span>
                  <span className="block truncate text-xs text-muted-foreground">{video.categoryName}</span>
                </span>
              </li>
            ))}
          </ul>
          {below > 0 ? (
            // Seen, not read: a screen reader hears every option of the list already.
            <div
              aria-hidden
              className="pointer-events-none absolute inset-x-0 bottom-0 flex h-12 items-end justify-center bg-gradient-to-t from-popover via-popover/90 to-transparent pb-1.5 text-xs font-medium text-muted-foreground"
              data-testid="search-more"
            >
              <span className="inline-flex items-center gap-1">
                {t("moreResults", { count: below })}
                <ChevronDown className="size-3.5" />
              </span>
            </div>
          ) : null}
          {matches.length === 0 ? (
            <p className="flex items-center gap-2 px-4 py-3 text-sm text-muted-foreground" role="status">
              {results.isFetching ? <Spinner /> : null}
              {results.isFetching && !results.data ? t("searching") : t("noMatches", { term })}
            </p>
          ) : null}
        </div>
      ) : null}
      </div>
    </div>
  );
}

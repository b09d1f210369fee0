"use client";
/**
 * The video page's words, below its description: the words to learn first (the video's most
 * frequent words the learner has not marked, each one tap from its meaning and one from Save),
 * then its vocabulary words and the words the learner saved from it, with their status.
 */
import { useMemo } from "react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { Button } from "@/components/ui/button";
import { useSetWordStatus } from "@/lib/data/use-word-status";
import type { LineWordDto, VideoTokens, VocabularyWord } from "@/lib/types/api";
import { cn } from "@/lib/utils";
import { STATUS_BADGE_STYLES } from "./status-styles";

type WordHandler = (word: Pick<LineWordDto, "surface" | "lemma" | "partOfSpeech">, element: HTMLElement) => void;

export function VideoWordsPanel({ tokens, vocabulary, onWord }: { tokens: VideoTokens; vocabulary: VocabularyWord[] | undefined; onWord: WordHandler }) {
  const t = useTranslations("words");
  const setStatus = useSetWordStatus(tokens.videoId);
  // The first occurrence of each lemma: its part of speech and current status.
  const byLemma = useMemo(() => {
    const map = new Map<string, LineWordDto>();
    for (const line of tokens.lines) for (const word of line.words) if (!map.has(word.lemma)) map.set(word.lemma, word);
    return map;
  }, [tokens.lines]);
  const yours = useMemo(() => {
    const surfaces = new Map<string, LineWordDto>();
    for (const word of byLemma.values()) surfaces.set(word.surface.toLowerCase(), word);
    const list = new Map<string, LineWordDto>();
    for (const v of vocabulary ?? []) {
      const key = v.word.toLowerCase();
      const word = byLemma.get(key) ?? surfaces.get(key);
      if (word) list.set(word.lemma, word);
    }
    for (const word of byLemma.values()) if (word.status === "learning") list.set(word.lemma, word);
    return [...list.values()];
  }, [byLemma, vocabulary]);

  const first = tokens.wordsToLearnFirst;
  return (
    <section aria-labelledby="video-words-heading" className="space-y-4 rounded-2xl border bg-card p-4 shadow-sm" data-testid="video-words">
      <h2 id="video-words-heading" className="font-semibold">
        {t("panel.title")}
      </h2>
      <div className="space-y-2">
        <h3 className="text-sm font-medium text-muted-foreground">{t("panel.learnFirst")}</h3>
        {first.length ? (
          <ul className="grid gap-1.5 sm:grid-cols-2" data-testid="words-to-learn-first">
            {first.map(({ lemma, occurrences }) => {
              const word = byLemma.get(lemma);
              return (
                <li key={lemma} className="flex items-center gap-2 rounded-lg border px-2 py-1">
                  <button
                    type="button"
                    className="min-h-9 min-w-0 flex-1 truncate rounded text-left font-medium hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    lang={tokens.language}
                    aria-label={t("panel.meaningLabel", { word: lemma })}
                    onClick={(event) => onWord({ surface: lemma, lemma, partOfSpeech: word?.partOfSpeech ?? null }, event.currentTarget)}
                  >
                    {lemma}
                  </button>
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                    <span aria-hidden>×{occurrences}</span>
                    <span className="sr-only">{t("panel.occurrences", { count: occurrences })}</span>
                  </span>
                  <Button type="button" size="sm" variant="outline" aria-label={t("panel.saveLabel", { word: lemma })} onClick={() => setStatus.mutate({ language: tokens.language, lemma, status: "learning" })}>
                    {t("panel.save")}
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t("panel.allMarked")}</p>
        )}
      </div>
      {yours.length ? (
        <div className="space-y-2">
          <h3 className="text-sm font-medium text-muted-foreground">{t("panel.yourWords")}</h3>
          <ul className="flex flex-wrap gap-1.5" data-testid="your-words">
            {yours.map((word) => (
              <li key={word.lemma}>
                <button
                  type="button"
                  className={cn("inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none", STATUS_BADGE_STYLES[word.status])}
                  data-status={word.status}
                  onClick={(event) => onWord({ surface: word.lemma, lemma: word.lemma, partOfSpeech: word.partOfSpeech }, event.currentTarget)}
                >
                  <span lang={tokens.language}>{word.lemma}</span>
                  <span className="text-xs text-muted-foreground">{t(`status.${word.status}`)}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

"use client";
/**
 * The end of a video: how the quizzes went (score, each word met, right or wrong, with its
 * meaning), and the next video to watch (the first recommended one not finished yet).
 */
import { Check, RotateCcw, X } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { useVocabulary, useWordMeanings } from "@/lib/data/use-video-content";
import { useRecommendedVideos } from "@/lib/data/use-videos";
import { PLAYER_OVERLAY, PLAYER_OVERLAY_CARD } from "./quiz-overlay";
import type { QuizResult } from "./use-quiz-session";

export function QuizRecap({
  videoId,
  nativeLanguage,
  language,
  results,
  onReplay,
  onClose,
}: {
  videoId: number;
  nativeLanguage: string;
  /** The video's language, the words' `lang`. */
  language: string | undefined;
  results: readonly QuizResult[];
  onReplay: () => void;
  onClose: () => void;
}) {
  const t = useTranslations("player.recap");
  const recommended = useRecommendedVideos({ nativeLanguage });
  // Each word's meaning: its quiz's right answer, loaded with the video's quizzes.
  const meanings = useWordMeanings(useVocabulary(videoId).data, nativeLanguage);
  const next = recommended.data?.find((v) => v.id !== videoId && v.progress < 100) ?? recommended.data?.find((v) => v.id !== videoId);
  const right = results.filter((r) => r.correct).length;
  const overlayRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    overlayRef.current?.scrollIntoView({ block: "nearest" });
    cardRef.current?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

  return (
    <div ref={overlayRef} className={PLAYER_OVERLAY}>
      <div ref={cardRef} tabIndex={-1} role="dialog" aria-modal="true" aria-labelledby="recap-title" className={PLAYER_OVERLAY_CARD} data-testid="recap">
        <div className="flex items-start justify-between gap-2">
          <h2 id="recap-title" className="text-xl font-bold">
            {t("title")}
          </h2>
          <Button type="button" variant="ghost" size="icon" className="-mt-1 -mr-2" aria-label={t("close")} onClick={onClose}>
            <X aria-hidden />
          </Button>
        </div>
        <p className="mt-1 text-muted-foreground" data-testid="recap-score">
          {results.length === 0 ? t("noQuizzes") : t("score", { right, total: results.length })}
        </p>
        {results.length > 0 ? (
          <ul className="mt-3 grid gap-1.5 sm:grid-cols-2" aria-label={t("wordsMet")} data-testid="recap-words">
            {results.map((r) => (
              <li key={r.wordId} className="flex items-center gap-2 rounded-lg border px-3 py-2" data-correct={r.correct ? "true" : "false"}>
                {r.correct ? (
                  <Check className="size-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden />
                ) : (
                  <X className="size-4 shrink-0 text-red-700 dark:text-red-400" aria-hidden />
                )}
                <span className="sr-only">{r.correct ? t("right") : t("wrong")}</span>
                <span className="font-semibold" lang={language}>
                  {r.word}
                </span>
                {meanings.get(r.wordId) ? <span className="min-w-0 truncate text-sm text-muted-foreground">{meanings.get(r.wordId)}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
        {next ? (
          <p className="mt-4 text-sm">
            {t.rich("upNext", {
              title: next.title,
              label: (chunks) => <span className="text-muted-foreground">{chunks}</span>,
              link: (chunks) => (
                <Link href={`/video/${next.id}`} className="font-semibold text-primary underline-offset-4 hover:underline" data-testid="recap-next">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onReplay}>
            <RotateCcw aria-hidden />
            {t("watchAgain")}
          </Button>
          {next ? (
            <Button asChild>
              <Link href={`/video/${next.id}`}>{t("nextVideo")}</Link>
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

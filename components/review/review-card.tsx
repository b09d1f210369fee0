"use client";
/**
 * One card of the review screen: the line with the word highlighted, the video it is from, a
 * Replay button; once revealed, the word's meaning, the learner's note (editable), the line's
 * translation, and the four grades with when each would bring the card back.
 */
import dynamic from "next/dynamic";
import { Volume2 } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { Button } from "@/components/ui/button";
import { WordMeaning } from "@/components/words/word-meaning";
import { WordNoteEditor } from "@/components/words/word-note-editor";
import { useWordLookup } from "@/lib/data/use-word-lookup";
import type { ReviewGrade } from "@/lib/data/use-review";
import { intervalParts } from "@/lib/words/cards/format";
import type { ReviewCardDto } from "@/lib/types/api";

const LinePlayer = dynamic(() => import("./line-player"), { ssr: false });

/** The grades in order, each with its key (its caption is the catalogue's `review.grades.<grade>`). */
export const GRADES: { grade: ReviewGrade; key: string }[] = [
  { grade: "again", key: "1" },
  { grade: "hard", key: "2" },
  { grade: "good", key: "3" },
  { grade: "easy", key: "4" },
];

type Props = {
  card: ReviewCardDto;
  revealed: boolean;
  practice: boolean;
  replay: number;
  embedOrigin: string;
  /** When the card was shown: the grade buttons' intervals count from it. */
  shownAt: number;
  busy: boolean;
  onReveal: () => void;
  onReplay: () => void;
  onGrade: (grade: ReviewGrade) => void;
};

export function ReviewCard({ card, revealed, practice, replay, embedOrigin, shownAt, busy, onReveal, onReplay, onGrade }: Props) {
  const t = useTranslations("review");
  const line = card.line;
  // Fetched as the card shows, so the meaning is there when it is revealed; the look-up's own rules (cache first, hourly limit) apply.
  const lookup = useWordLookup({ language: card.language, surface: line?.surface ?? card.lemma, lemma: card.lemma, captionId: line?.captionId });
  return (
    <div className="space-y-5">
      {line ? (
        <figure className="space-y-2">
          <blockquote className="text-xl leading-relaxed sm:text-2xl" lang={card.language} data-testid="review-line">
            {line.text.slice(0, line.wordStart)}
            <mark className="rounded bg-amber-200 px-1 font-bold text-amber-950 dark:bg-amber-400/30 dark:text-amber-100">{line.text.slice(line.wordStart, line.wordEnd)}</mark>
            {line.text.slice(line.wordEnd)}
          </blockquote>
          <figcaption className="text-sm text-muted-foreground">{t("fromVideo", { title: line.videoTitle })}</figcaption>
        </figure>
      ) : (
        <p className="text-3xl font-bold" lang={card.language} data-testid="review-line">
          {card.lemma}
        </p>
      )}

      {line?.media ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" onClick={onReplay}>
            <Volume2 aria-hidden /> {t("replay")} <kbd className="ml-1 hidden text-xs text-muted-foreground sm:inline">R</kbd>
          </Button>
          <LinePlayer media={line.media} replay={replay} embedOrigin={embedOrigin} title={line.videoTitle} />
        </div>
      ) : null}

      {revealed ? (
        <div className="space-y-4 border-t pt-4" data-testid="review-answer">
          <div className="text-sm">
            <p className="mb-1 text-lg font-semibold" lang={card.language}>
              {card.lemma}
            </p>
            <WordMeaning lookup={lookup} />
          </div>
          {lookup.data ? <WordNoteEditor key={`${card.language}:${card.lemma}`} language={card.language} lemma={card.lemma} saved={lookup.data.note?.text ?? ""} /> : null}
          {line?.translation ? (
            <p className="rounded-lg bg-muted px-3 py-2 text-sm">
              <span className="block text-xs font-medium text-muted-foreground">{t("thisLine")}</span>
              {line.translation}
            </p>
          ) : null}
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" role="group" aria-label={t("gradesLabel")}>
            {GRADES.map(({ grade, key }) => (
              <Button
                key={grade}
                type="button"
                variant={grade === "again" ? "destructive" : grade === "good" ? "default" : "outline"}
                className="h-auto flex-col gap-0 py-2"
                disabled={busy}
                onClick={() => onGrade(grade)}
                aria-keyshortcuts={key}
              >
                <span>{t(`grades.${grade}`)}</span>
                {practice ? null : <span className="text-xs font-normal">{t("intervalShort", intervalParts(Date.parse(card.intervals[grade]) - shownAt))}</span>}
              </Button>
            ))}
          </div>
        </div>
      ) : (
        <Button type="button" size="lg" className="w-full" onClick={onReveal} aria-keyshortcuts="Space">
          {t("showMeaning")} <kbd className="ml-1 hidden text-xs sm:inline">{t("spaceKey")}</kbd>
        </Button>
      )}
    </div>
  );
}

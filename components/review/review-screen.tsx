"use client";
/**
 * The review screen: the learner's due cards one at a time (Space reveals, 1–4 grade, R
 * replays), how many are left, and when none are, when the next falls due. Practice goes through
 * any cards without touching their schedules. The first batch comes with the page's HTML. Once a
 * session has cleared the due cards, reminders are offered (once per browser).
 */
import Link from "next/link";
import { useEffect, useEffectEvent, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "@/lib/i18n/use-translations";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { reviewKeys } from "@/lib/data/keys";
import { useAnswerCard } from "@/lib/data/use-answer-card";
import { useDueCards, type ReviewGrade } from "@/lib/data/use-review";
import { useErrorText } from "@/lib/data/use-error-text";
import { intervalParts } from "@/lib/words/cards/format";
import { toast } from "@/lib/toast";
import { ReminderOffer } from "@/components/reminders/reminder-offer";
import { GRADES, ReviewCard } from "./review-card";

export function ReviewScreen({ embedOrigin }: { embedOrigin: string }) {
  const t = useTranslations("review");
  const errorText = useErrorText();
  const [practice, setPractice] = useState(false);
  const due = useDueCards(practice);
  const answer = useAnswerCard();
  const queryClient = useQueryClient();
  const [index, setIndex] = useState(0);
  const [revealed, setRevealed] = useState(false);
  const [replay, setReplay] = useState(0);
  const [shownAt, setShownAt] = useState(0);
  // The count the last answer reported (it knows of cards that fell due meanwhile).
  const [answeredCount, setAnsweredCount] = useState<number | null>(null);
  // Whether this visit graded a due card: the end of such a session offers reminders.
  const [reviewed, setReviewed] = useState(false);

  const cards = due.data?.cards ?? [];
  const card = cards[index];
  const left = practice ? Math.max(0, cards.length - index) : (answeredCount ?? due.data?.dueCount ?? 0);

  function reveal() {
    setShownAt(Date.now());
    setRevealed(true);
  }

  function startBatch(nextPractice: boolean) {
    setIndex(0);
    setRevealed(false);
    setAnsweredCount(null);
    setPractice(nextPractice);
    // Reset, not invalidated: the answered batch must not show again while the next one loads.
    void queryClient.resetQueries({ queryKey: reviewKeys.dueAll });
  }

  function grade(value: ReviewGrade) {
    if (!card || answer.isPending) return;
    answer.mutate(
      { language: card.language, lemma: card.lemma, grade: value, practice },
      {
        onSuccess: (saved) => {
          if (!practice) {
            setAnsweredCount(saved.dueCount);
            setReviewed(true);
          }
          setRevealed(false);
          if (index + 1 < cards.length) setIndex(index + 1);
          // The batch is done: the next one (cards graded Again come back in it once due).
          else if (!practice) startBatch(false);
          else setIndex(index + 1);
        },
        onError: (error) => toast.error(errorText(error, t("answerError"))),
      },
    );
  }

  // Keys act on the screen, not inside a text field or on a focused control that has its own use of Space.
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const target = event.target as HTMLElement | null;
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || !card) return;
    if (target?.closest("input, textarea, select, [contenteditable=true], [role=switch], [role=menu], [role=dialog]")) return;
    if (event.key === " " && !revealed) {
      event.preventDefault();
      reveal();
    } else if (event.key === "r" || event.key === "R") {
      setReplay((n) => n + 1);
    } else if (revealed) {
      const found = GRADES.find((g) => g.key === event.key);
      if (found) {
        event.preventDefault();
        grade(found.grade);
      }
    }
  });
  useEffect(() => {
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <main id="main" className="mx-auto max-w-2xl space-y-4 px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <label className="flex items-center gap-2 text-sm">
          <Switch checked={practice} onCheckedChange={(on) => startBatch(on)} aria-describedby="practice-hint" />
          {t("practiceMode")}
        </label>
      </div>
      <p id="practice-hint" className="text-sm text-muted-foreground">
        {practice ? t("practiceHint") : t("scheduleHint")}
      </p>

      <section role="region" aria-label={t("regionLabel")} className="rounded-2xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6">
        <p className="mb-4 text-sm font-medium text-muted-foreground" data-due-count={left} data-testid="review-left">
          {practice ? t("toPractise", { count: left }) : t("wordsLeft", { count: left })}
        </p>
        {due.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : due.isError ? (
          <p className="text-destructive">{errorText(due.error, t("loadError"))}</p>
        ) : card ? (
          <ReviewCard
            key={`${card.language}:${card.lemma}:${index}`}
            card={card}
            revealed={revealed}
            practice={practice}
            replay={replay}
            embedOrigin={embedOrigin}
            shownAt={shownAt}
            busy={answer.isPending}
            onReveal={reveal}
            onReplay={() => setReplay((n) => n + 1)}
            onGrade={grade}
          />
        ) : (
          <EmptyState practice={practice} nextDueAt={due.data?.nextDueAt ?? null} answeredAt={due.dataUpdatedAt} hasCards={practice || !!due.data?.nextDueAt} onPractice={() => startBatch(true)} onAgain={() => startBatch(true)} />
        )}
      </section>
      {reviewed && !practice && !card && !due.isPending ? <ReminderOffer /> : null}
    </main>
  );
}

type EmptyProps = { practice: boolean; nextDueAt: string | null; answeredAt: number; hasCards: boolean; onPractice: () => void; onAgain: () => void };

function EmptyState({ practice, nextDueAt, answeredAt, hasCards, onPractice, onAgain }: EmptyProps) {
  const t = useTranslations("review");
  // Counted from when the cards were read: the same text on the server and in the browser.
  const next = nextDueAt ? t("nextReview", intervalParts(Math.max(0, Date.parse(nextDueAt) - answeredAt))) : null;
  return (
    <div className="space-y-4 text-center" data-testid="review-empty">
      <p className="text-lg font-semibold">{practice ? t("doneAll") : t("noneDue")}</p>
      <p className="text-muted-foreground">
        {next ?? (hasCards ? "" : t("noCards"))}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {hasCards ? (
          <Button type="button" variant="outline" onClick={practice ? onAgain : onPractice}>
            {practice ? t("practiceAgain") : t("practiceAnyway")}
          </Button>
        ) : null}
        <Button asChild>
          <Link href="/home">{t("backHome")}</Link>
        </Button>
      </div>
    </div>
  );
}

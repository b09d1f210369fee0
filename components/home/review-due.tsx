"use client";
/**
 * The home screen's review prompt: "N words due" with a Review button, or "All caught up" with
 * when the next word comes back. Hidden until the learner has saved a word: nothing to review yet.
 */
import { Layers } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "@/lib/i18n/use-translations";
import { Button } from "@/components/ui/button";
import { useReviewSummary } from "@/lib/data/use-review";
import { intervalParts } from "@/lib/words/cards/format";

export function ReviewDue() {
  const summary = useReviewSummary();
  const t = useTranslations("home");
  const data = summary.data;
  if (!data || data.cardCount === 0) return null;
  const due = data.dueCount;
  return (
    <section aria-labelledby="review-due-heading" className="flex flex-wrap items-center gap-3 rounded-2xl border bg-card p-4 text-card-foreground shadow-sm sm:px-6" data-testid="review-due">
      <Layers className="size-6 shrink-0 text-violet-600 dark:text-violet-400" aria-hidden />
      <div className="min-w-0 flex-1">
        <h2 id="review-due-heading" className="font-semibold" data-due-count={due}>
          {due > 0 ? t("wordsDue", { count: due }) : t("allCaughtUp")}
        </h2>
        <p className="text-sm text-muted-foreground">
          {due > 0
            ? t("reviewNow", { count: due })
            : data.nextDueAt
              ? // Counted from when the server answered, in its clock: the same text on the server and in the browser.
                t("nextReview", intervalParts(Math.max(0, Date.parse(data.nextDueAt) - summary.dataUpdatedAt)))
              : t("allReviewed")}
        </p>
      </div>
      {due > 0 ? (
        <Button asChild>
          <Link href="/review">{t("reviewButton")}</Link>
        </Button>
      ) : null}
    </section>
  );
}

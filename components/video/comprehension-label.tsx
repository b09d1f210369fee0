/**
 * How much of a video the learner knows ("92 % known": known words count whole, words being
 * learned half, ignored words and names not at all), on its card and its page. Nothing for a
 * video whose words have no lemmas yet.
 */
import { BookOpenCheck } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { cn } from "@/lib/utils";

export function ComprehensionLabel({ score, className }: { score: number | null; className?: string }) {
  const t = useTranslations("video");
  if (score === null) return null;
  return (
    <p className={cn("inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground", className)} data-comprehension={score} data-testid="comprehension">
      <BookOpenCheck className="size-4 shrink-0" aria-hidden />
      {t("comprehension", { score })}
    </p>
  );
}

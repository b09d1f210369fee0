/** How many words a video teaches, under its description. */
import { GraduationCap } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import type { VocabularyWord } from "@/lib/types/api";

export function VocabularyCount({ words }: { words: readonly VocabularyWord[] | undefined }) {
  const t = useTranslations("player");
  if (!words) return null;
  return (
    <p className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground" data-testid="vocabulary-count">
      <GraduationCap className="size-4" aria-hidden />
      {words.length === 0 ? t("vocabularyCountNone") : t("vocabularyCount", { count: words.length })}
    </p>
  );
}

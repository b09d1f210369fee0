"use client";
/** The text box of a learner's note on a word, the same wherever it is typed (popover, review card, word list). */
import type { ComponentProps } from "react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { Textarea } from "@/components/ui/textarea";
import { WORD_NOTE_MAX } from "@/lib/validation/limits";
import { cn } from "@/lib/utils";

export function NoteField({ className, ...props }: Omit<ComponentProps<typeof Textarea>, "maxLength" | "placeholder">) {
  const t = useTranslations("words");
  return <Textarea maxLength={WORD_NOTE_MAX} rows={2} placeholder={t("notePlaceholder")} className={cn("min-h-14", className)} {...props} />;
}

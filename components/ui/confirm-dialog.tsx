"use client";
/**
 * A question before something happens: a title, what it means, Cancel and the given choices
 * (buttons, last one primary). Nothing can be chosen, and Cancel is off, while `busy`.
 */
import { useTranslations } from "@/lib/i18n/use-translations";
import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";

export type ConfirmChoice = { label: ReactNode; onSelect: () => void; variant?: "default" | "outline" | "destructive" };

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  choices,
  busy = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  choices: ConfirmChoice[];
  busy?: boolean;
}) {
  const t = useTranslations("ui");
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {/* Two choices besides Cancel need more than the narrow dialog's row, or they run into its right padding. */}
      <AlertDialogContent className={choices.length > 1 ? "sm:max-w-lg" : undefined}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter className="sm:flex-wrap">
          <AlertDialogCancel disabled={busy}>{t("cancel")}</AlertDialogCancel>
          {choices.map((choice, i) => (
            <Button key={i} type="button" variant={choice.variant ?? "default"} disabled={busy} onClick={choice.onSelect}>
              {choice.label}
            </Button>
          ))}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

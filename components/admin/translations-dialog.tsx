"use client";
/**
 * Asked when a video already has translations (SPEC §4): fill in only what is missing
 * (action fill_missing) or translate everything again (action regenerate).
 */
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
import { existingTranslationsText, type ExistingTranslations } from "@/lib/admin/processing-messages";

export type TranslationChoice = "fill_missing" | "regenerate";

export function TranslationsDialog({
  request,
  pending,
  onChoose,
  onClose,
}: {
  request: { title: string; existing: ExistingTranslations } | null;
  pending: boolean;
  onChoose: (action: TranslationChoice) => void;
  onClose: () => void;
}) {
  return (
    <AlertDialog open={request !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Translations already exist</AlertDialogTitle>
          <AlertDialogDescription>
            {request ? `“${request.title}”: ${existingTranslationsText(request.existing)}` : null} Fill in only what is missing, or
            translate everything again?
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button type="button" variant="outline" disabled={pending} onClick={() => onChoose("fill_missing")}>
            Fill Missing Only
          </Button>
          <Button type="button" disabled={pending} onClick={() => onChoose("regenerate")}>
            Regenerate All
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

"use client";
/**
 * Asked when a video already has translations (SPEC §4): fill in only what is missing
 * (action fill_missing) or translate everything again (action regenerate).
 */
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
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
    <ConfirmDialog
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Translations already exist"
      description={
        <>
          {request ? `“${request.title}”: ${existingTranslationsText(request.existing)}` : null} Fill in only what is missing, or translate
          everything again?
        </>
      }
      busy={pending}
      choices={[
        { label: "Fill Missing Only", variant: "outline", onSelect: () => onChoose("fill_missing") },
        { label: "Regenerate All", onSelect: () => onChoose("regenerate") },
      ]}
    />
  );
}

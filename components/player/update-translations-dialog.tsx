"use client";
/** Asked before a segment edit is saved: renew the line's translations too, or keep them. */
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

export function UpdateTranslationsDialog({
  open,
  onOpenChange,
  saving,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  saving: boolean;
  onChoose: (updateTranslations: boolean) => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Update Translations"
      description={
        <>
          This line&apos;s translations were made from its old text. Update them in every language too? They are removed now and made
          again the next time translations are generated; until then learners see &apos;No translation available&apos; for this line.
        </>
      }
      busy={saving}
      choices={[
        { label: "Save Without Updating", variant: "outline", onSelect: () => onChoose(false) },
        { label: "Yes, Update All", onSelect: () => onChoose(true) },
      ]}
    />
  );
}

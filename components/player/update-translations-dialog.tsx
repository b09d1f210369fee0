"use client";
/** Asked before a segment edit is saved: renew the line's translations too, or keep them. */
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
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Update Translations</AlertDialogTitle>
          <AlertDialogDescription>
            This line&apos;s translations were made from its old text. Update them in every language too? They are removed now and
            made again the next time translations are generated; until then learners see &apos;No translation available&apos; for this line.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={saving}>Cancel</AlertDialogCancel>
          <Button type="button" variant="outline" disabled={saving} onClick={() => onChoose(false)}>
            Save Without Updating
          </Button>
          <Button type="button" disabled={saving} onClick={() => onChoose(true)}>
            Yes, Update All
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

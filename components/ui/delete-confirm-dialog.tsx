"use client";
/**
 * The one question asked before anything is deleted (a person, a video): what goes with it,
 * Cancel and a red Delete with a spinner while the deletion is on its way. The dialog closes when
 * the deletion succeeds and stays open for another try when it fails (the caller's toast says why);
 * it cannot be dismissed while busy.
 */
import { useTranslations } from "@/lib/i18n/use-translations";
import type { ReactNode } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";

export function DeleteConfirmDialog({
  open,
  onClose,
  title,
  description,
  pending,
  onDelete,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  /** The deletion is on its way (the caller's mutation, so what is deleted can dim too). */
  pending: boolean;
  /** Deletes; rejects when it did not happen. */
  onDelete: () => Promise<unknown>;
}) {
  const t = useTranslations("ui");
  async function confirm() {
    try {
      await onDelete();
      onClose();
    } catch {
      // The toast says why; the dialog stays for another try.
    }
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && !pending && onClose()}
      title={title}
      description={description}
      busy={pending}
      choices={[
        {
          label: (
            <>
              {pending ? <Spinner label={t("deleting")} /> : null}
              {t("delete")}
            </>
          ),
          variant: "destructive",
          onSelect: () => void confirm(),
        },
      ]}
    />
  );
}

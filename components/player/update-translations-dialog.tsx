"use client";
/** Asked before a segment edit is saved: renew the line's translations too, or keep them. */
import { useTranslations } from "@/lib/i18n/use-translations";
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
  const t = useTranslations("player.editor");
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("updateTitle")}
      description={t("updateDescription")}
      busy={saving}
      choices={[
        { label: t("saveWithoutUpdating"), variant: "outline", onSelect: () => onChoose(false) },
        { label: t("updateAll"), onSelect: () => onChoose(true) },
      ]}
    />
  );
}

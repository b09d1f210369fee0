"use client";
/**
 * Asked when a video already has translations (SPEC §4): fill in only what is missing
 * (action fill_missing) or translate everything again (action regenerate).
 */
import { useTranslations } from "@/lib/i18n/use-translations";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ExistingTranslations } from "@/lib/admin/processing-messages";

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
  const t = useTranslations("admin.translationsDialog");
  return (
    <ConfirmDialog
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("title")}
      description={request ? t("description", { title: request.title, ...request.existing }) : t("question")}
      busy={pending}
      choices={[
        { label: t("fillMissing"), variant: "outline", onSelect: () => onChoose("fill_missing") },
        { label: t("regenerate"), onSelect: () => onChoose("regenerate") },
      ]}
    />
  );
}

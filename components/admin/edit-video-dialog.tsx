"use client";
/**
 * Editing a video (SPEC §3 "Edit-video fields"): title, description, category and categories,
 * target language, and publication: Active (learners can watch it) or Ready (hidden from them).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormDescription, FormField, FormItem, FormMessage } from "@/components/ui/form";
import { Spinner } from "@/components/ui/spinner";
import type { VideoCard } from "@/lib/types/api";
import { useUpdateVideo } from "@/lib/data/use-admin-videos";
import {
  editFormValues,
  editLanguageOptions,
  editVideoFormSchema,
  videoUpdateRequests,
  type EditVideoForm as Values,
} from "@/lib/validation/admin-video-form";
import { PublicationChoice } from "./publication-choice";
import { useStatusLabel } from "./video-status";
import { CategoriesField, CategoryField, DescriptionField, TargetLanguageField, TitleField } from "./video-metadata-fields";

export function EditVideoDialog({ video, onClose }: { video: VideoCard | null; onClose: () => void }) {
  const t = useTranslations("admin.editForm");
  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        {/* Keyed by video, so each opening starts from that video's values. */}
        {video ? <EditVideoForm key={video.id} video={video} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditVideoForm({ video, onDone }: { video: VideoCard; onDone: () => void }) {
  const t = useTranslations("admin");
  const statusLabel = useStatusLabel();
  const update = useUpdateVideo();
  const form = useForm<Values>({ resolver: zodResolver(editVideoFormSchema), defaultValues: editFormValues(video), mode: "onTouched" });

  async function onSubmit(values: Values) {
    try {
      await update.mutateAsync({ id: video.id, ...videoUpdateRequests(video, values) });
      onDone();
    } catch {
      // The toast says why; the dialog keeps the changes.
    }
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-5" aria-label={t("editForm.formLabel", { title: video.title })}>
        <TitleField label={t("fields.title")} />
        <DescriptionField label={t("fields.description")} />
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <CategoryField />
          <CategoriesField />
        </div>
        <TargetLanguageField codes={editLanguageOptions(video.targetLanguage)} />
        <FormField
          control={form.control}
          name="status"
          render={({ field }) => (
            <FormItem>
              <PublicationChoice value={field.value} onChange={field.onChange} />
              {field.value === null ? (
                <FormDescription>
                  {t("editForm.currentStatus", { status: statusLabel(video.status), active: t("status.active"), ready: t("status.ready") })}
                </FormDescription>
              ) : null}
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
            {t("editForm.cancel")}
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <Spinner label={t("editForm.saving")} /> : null}
            {update.isPending ? t("editForm.submitting") : t("editForm.submit")}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

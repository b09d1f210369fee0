"use client";
/**
 * Editing a video (SPEC §3 "Edit-video fields"): title, description, category and categories,
 * target language, and publication: Active (learners can watch it) or Ready (hidden from them).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormDescription, FormField, FormItem, FormMessage } from "@/components/ui/form";
import { Spinner } from "@/components/ui/spinner";
import { statusLabel } from "@/lib/admin/video-status";
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
import { CategoriesField, CategoryField, DescriptionField, TargetLanguageField, TitleField } from "./video-metadata-fields";

export function EditVideoDialog({ video, onClose }: { video: VideoCard | null; onClose: () => void }) {
  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit video</DialogTitle>
          <DialogDescription>Changes show to learners as soon as they are saved.</DialogDescription>
        </DialogHeader>
        {/* Keyed by video, so each opening starts from that video's values. */}
        {video ? <EditVideoForm key={video.id} video={video} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditVideoForm({ video, onDone }: { video: VideoCard; onDone: () => void }) {
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
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-5" aria-label={`Edit ${video.title}`}>
        <TitleField label="Title" />
        <DescriptionField label="Description" />
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
                <FormDescription>Currently {statusLabel(video.status)}; it stays that way unless you choose Active or Ready.</FormDescription>
              ) : null}
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <Spinner label="Saving" /> : null}
            {update.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

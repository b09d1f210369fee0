"use client";
/** Asked before a video is deleted: it takes its captions, vocabulary, translations, quizzes and learners' progress with it. */
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import type { VideoCard } from "@/lib/types/api";
import { useDeleteVideo } from "@/lib/data/use-admin-videos";

export function DeleteVideoDialog({ video, onClose }: { video: VideoCard | null; onClose: () => void }) {
  const remove = useDeleteVideo();
  async function confirm() {
    if (!video) return;
    try {
      await remove.mutateAsync(video);
      onClose();
    } catch {
      // The toast says why; the dialog stays for another try.
    }
  }
  return (
    <ConfirmDialog
      open={video !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title="Delete this video?"
      description={
        <>
          &ldquo;{video?.title}&rdquo; will be removed with its captions, vocabulary, translations and quizzes, and learners lose their
          progress on it. This cannot be undone.
        </>
      }
      busy={remove.isPending}
      choices={[
        {
          label: (
            <>
              {remove.isPending ? <Spinner label="Deleting" /> : null}
              Delete
            </>
          ),
          variant: "destructive",
          onSelect: () => void confirm(),
        },
      ]}
    />
  );
}

"use client";
/** Asked before a video is deleted: it takes its captions, vocabulary, translations, quizzes and learners' progress with it. */
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
import { Spinner } from "@/components/ui/spinner";
import type { VideoCard } from "@/lib/data/types";
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
    <AlertDialog open={video !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this video?</AlertDialogTitle>
          <AlertDialogDescription>
            &ldquo;{video?.title}&rdquo; will be removed with its captions, vocabulary, translations and quizzes, and learners lose
            their progress on it. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <Button type="button" variant="destructive" disabled={remove.isPending} onClick={() => void confirm()}>
            {remove.isPending ? <Spinner label="Deleting" /> : null}
            Delete
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

"use client";
/** Asked before a person is deleted: their account, progress and favourites go with them. */
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import type { AdminUser } from "@/lib/types/api";
import type { useDeleteUser } from "@/lib/data/use-admin-users";

/** `remove` is the row's own mutation, so the row dims while the deletion is on its way. */
export function DeleteUserDialog({
  user,
  name,
  open,
  onClose,
  remove,
}: {
  user: AdminUser;
  name: string;
  open: boolean;
  onClose: () => void;
  remove: ReturnType<typeof useDeleteUser>;
}) {
  async function confirm() {
    try {
      await remove.mutateAsync({ user });
      onClose();
    } catch {
      // The toast says why; the dialog stays for another try.
    }
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && !remove.isPending && onClose()}
      title={`Delete ${name}?`}
      description={
        <>
          <span className="font-medium break-all text-foreground">{user.email}</span> will lose their account, progress and favourites. This
          cannot be undone.
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

"use client";
/** The video page's keyboard shortcuts, listed (`?` or the keyboard button opens it). */
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { SHORTCUT_LIST } from "@/lib/player/shortcuts";

export function ShortcutsDialog({
  open,
  onOpenChange,
  container,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the dialog goes: inside the player while it is fullscreen, so it shows there. */
  container: HTMLElement | null;
  /** Where focus goes once it closes (back to the player, where the shortcuts apply). */
  onClosed: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        container={container}
        // A landscape phone is too short for one column of nine: two columns side by side, all in sight.
        className="sm:max-w-md [@media(min-width:40rem)_and_(max-height:30rem)]:max-w-2xl [@media(min-width:40rem)_and_(max-height:30rem)]:gap-3"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>They work anywhere on this page except while typing.</DialogDescription>
        </DialogHeader>
        <dl
          className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-2 text-sm [@media(min-width:40rem)_and_(max-height:30rem)]:grid-cols-[auto_1fr_auto_1fr] [@media(min-width:40rem)_and_(max-height:30rem)]:gap-y-1.5"
          data-testid="shortcut-list"
        >
          {SHORTCUT_LIST.map(({ keys, does }) => (
            <div key={does} className="contents">
              <dt className="flex flex-wrap justify-end gap-1">
                {keys.map((key) => (
                  <kbd key={key} className="min-w-7 rounded-md border bg-muted px-1.5 py-0.5 text-center font-mono text-xs font-semibold shadow-xs">
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd>{does}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}

"use client";
/** The video page's keyboard shortcuts, listed (`?` or the keyboard button opens it). */
import { useTranslations } from "@/lib/i18n/use-translations";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/**
 * What lib/player/shortcuts.ts's keys do, as the list shows them. A key is written as its cap reads:
 * a letter or symbol as is, a named key ("Space") in the reader's language.
 */
const SHORTCUTS = [
  { keys: [{ named: "keySpace" }, "K"], does: "playPause" },
  { keys: ["←"], does: "previousLine" },
  { keys: ["→"], does: "nextLine" },
  { keys: ["R"], does: "replayLine" },
  { keys: ["M"], does: "muteUnmute" },
  { keys: ["F"], does: "fullscreen" },
  { keys: ["?"], does: "showShortcuts" },
  { keys: ["← →", { named: "keyHome" }, { named: "keyEnd" }], does: "seekBar" },
  { keys: ["1–4", { named: "keyEnter" }, { named: "keyEsc" }], does: "quiz" },
] as const;

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
  const t = useTranslations("player.shortcuts");
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
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        <dl
          className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-2 text-sm [@media(min-width:40rem)_and_(max-height:30rem)]:grid-cols-[auto_1fr_auto_1fr] [@media(min-width:40rem)_and_(max-height:30rem)]:gap-y-1.5"
          data-testid="shortcut-list"
        >
          {SHORTCUTS.map(({ keys, does }) => (
            <div key={does} className="contents">
              <dt className="flex flex-wrap justify-end gap-1">
                {keys.map((key) => {
                  const cap = typeof key === "string" ? key : t(key.named);
                  return (
                    <kbd key={cap} className="min-w-7 rounded-md border bg-muted px-1.5 py-0.5 text-center font-mono text-xs font-semibold shadow-xs">
                      {cap}
                    </kbd>
                  );
                })}
              </dt>
              <dd>{t(does)}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}

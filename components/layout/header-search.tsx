"use client";
/**
 * The header's video search: a button that expands into a search box (header-search-box.tsx).
 * The button stays until the box has taken focus, so focus never drops, and comes back with
 * focus when the box is closed from the keyboard.
 */
import { Search } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { HeaderSearchBox } from "./header-search-box";

export function HeaderSearch({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  const refocus = useRef(false);

  const markShown = useCallback(() => setShown(true), []);
  const setOpenState = (next: boolean, restoreFocus = false) => {
    setOpen(next);
    if (!next) setShown(false);
    refocus.current = restoreFocus;
    onOpenChange?.(next);
  };

  return (
    <>
      {shown ? null : (
        <Button
          ref={(node) => {
            // Closed with Escape or the close button: focus goes back to the button.
            if (node && refocus.current) {
              refocus.current = false;
              node.focus();
            }
          }}
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Search videos"
          onClick={() => setOpenState(true)}
          data-testid="search-open"
        >
          <Search aria-hidden />
        </Button>
      )}
      {open ? <HeaderSearchBox onShown={markShown} onClose={(restoreFocus) => setOpenState(false, restoreFocus)} /> : null}
    </>
  );
}

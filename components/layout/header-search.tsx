"use client";
/**
 * The header's video search: a button that expands into a search box (header-search-box.tsx).
 * The box's code is fetched when the pointer or focus reaches the button, so a page that is never
 * searched does not load it; the button stays until the box is there, and what is typed before
 * it arrives goes into a hidden field the box starts from, so no keystroke is lost.
 */
import { Search } from "lucide-react";
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

const loadBox = () => import("./header-search-box");
const HeaderSearchBox = lazy(() => loadBox().then((m) => ({ default: m.HeaderSearchBox })));

export function HeaderSearch({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  const refocus = useRef(false);
  const typedEarly = useRef<HTMLInputElement>(null);
  const takeTyped = useCallback(() => typedEarly.current?.value ?? "", []);

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
          onPointerEnter={() => void loadBox()}
          onFocus={() => void loadBox()}
          onClick={() => setOpenState(true)}
          data-testid="search-open"
        >
          <Search aria-hidden />
        </Button>
      )}
      {open ? (
        <Suspense fallback={<input ref={typedEarly} autoFocus aria-label="Search videos" tabIndex={-1} className="sr-only" />}>
          <HeaderSearchBox initialQuery={takeTyped} onShown={markShown} onClose={(restoreFocus) => setOpenState(false, restoreFocus)} />
        </Suspense>
      ) : null}
    </>
  );
}

"use client";
/**
 * The header's video search: a button that expands into a search box (header-search-box.tsx).
 * The button stays until the box has taken focus, so focus never drops, and comes back with
 * focus when the box is closed from the keyboard. The box's code loads when the button is first
 * pressed: every signed-in page has the button, few open the box.
 */
import { Search } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

const HeaderSearchBox = lazy(() => import("./header-search-box").then((m) => ({ default: m.HeaderSearchBox })));

export function HeaderSearch({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const t = useTranslations("header");
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  const refocus = useRef(false);
  const [typed, setTyped] = useState("");
  const markShown = useCallback(() => setShown(true), []);
  const setOpenState = (next: boolean, restoreFocus = false) => {
    setOpen(next);
    setTyped("");
    if (!next) setShown(false);
    refocus.current = restoreFocus;
    onOpenChange?.(next);
  };

  // The characters typed while the box's code is on its way: the box starts with them, so a fast typist loses none.
  useEffect(() => {
    if (!open || shown) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.length > 1 || event.ctrlKey || event.metaKey || event.altKey) return;
      // Once the box's input has focus, it takes the keys itself.
      if (event.target instanceof HTMLInputElement) return;
      setTyped((text) => text + event.key);
      // Nor does the key reach the page's own shortcuts (the player's Space or M).
      event.preventDefault();
      event.stopPropagation();
    };
    document.addEventListener("keydown", onKeyDown, true);
    return () => document.removeEventListener("keydown", onKeyDown, true);
  });

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
          aria-label={t("searchVideos")}
          onClick={() => setOpenState(true)}
          data-testid="search-open"
        >
          <Search aria-hidden />
        </Button>
      )}
      {open ? (
        <Suspense fallback={null}>
          <HeaderSearchBox initialQuery={typed} onShown={markShown} onClose={(restoreFocus) => setOpenState(false, restoreFocus)} />
        </Suspense>
      ) : null}
    </>
  );
}

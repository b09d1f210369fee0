"use client";
/**
 * Focus back where it was when a dialog closes. Radix gives it to the dialog's trigger, and a
 * dialog opened from its own state (an Edit button in a row, a menu's item) has none: focus fell to
 * the page's start, and a keyboard user lost their place. This keeps what had focus as the dialog
 * opened and gives focus back to it when it closes, if it is still on the page; else Radix's own.
 */
import { useRef } from "react";

type AutoFocusHandler = ((event: Event) => void) | undefined;

export function useReturnFocus(onOpenAutoFocus: AutoFocusHandler, onCloseAutoFocus: AutoFocusHandler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Called before focus moves into the dialog: the element that had it is still active.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}

"use client";
/**
 * Fullscreen for the player's frame (not the <video>), so the captions, the quiz and the controls
 * stay on screen. Browsers without element fullscreen (iPhone Safari) get no button.
 */
import { startTransition, useCallback, useMemo, useState, useSyncExternalStore } from "react";

const subscribe = (listener: () => void) => {
  document.addEventListener("fullscreenchange", listener);
  return () => document.removeEventListener("fullscreenchange", listener);
};

export type Fullscreen = {
  /** The frame: also where menus and dialogs go while fullscreen. */
  element: HTMLElement | null;
  active: boolean;
  supported: boolean;
  toggle: () => void;
};

/** The frame's state, and the callback ref that attaches the frame. */
export function useFullscreen(): [Fullscreen, (element: HTMLElement | null) => void] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  // The frame arrives while React commits: as a transition, so the player re-renders in slices
  // after hydration rather than at once. Until then, as on the server, there is no button.
  const attach = useCallback((next: HTMLElement | null) => startTransition(() => setElement(next)), []);
  const active = useSyncExternalStore(subscribe, () => !!element && document.fullscreenElement === element, () => false);
  const supported = element !== null && document.fullscreenEnabled === true;
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else element?.requestFullscreen().catch((error: unknown) => console.warn("Fullscreen was refused:", error));
  }, [element]);
  const fullscreen = useMemo(() => ({ element, active, supported, toggle }), [element, active, supported, toggle]);
  return [fullscreen, attach];
}

"use client";
/** Whether a CSS media query matches now, following its changes (false while rendering on the server). */
import { useSyncExternalStore } from "react";

export function useMediaQuery(media: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(media);
      query.addEventListener("change", onChange);
      return () => query.removeEventListener("change", onChange);
    },
    () => window.matchMedia(media).matches,
    () => false,
  );
}

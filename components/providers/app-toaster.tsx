"use client";
/** SPEC §9: one toast at a time, shown 5 s, at the top; swiped away past 50 px. */
import { Toaster } from "@/components/ui/sonner";
import { useToastSwipeThreshold } from "./use-toast-swipe-threshold";

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export function AppToaster() {
  useToastSwipeThreshold(TOAST_SWIPE_THRESHOLD_PX);
  return (
    <Toaster
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      position="top-center"
      swipeDirections={["top", "left", "right"]}
      closeButton
    />
  );
}

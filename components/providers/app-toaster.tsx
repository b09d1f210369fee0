"use client";
/**
 * SPEC §9: one toast at a time, shown 5 s, swiped away past 50 px. At the top on wider screens; on
 * phones at the bottom, the full width less a margin, so it covers neither the header nor itself.
 */
import { useEffect } from "react";
import { toast } from "sonner";
import { Toaster } from "@/components/ui/sonner";
import { toasterReady } from "@/lib/toast";
import { useMediaQuery } from "@/lib/use-media-query";
import { useToastSwipeThreshold } from "./use-toast-swipe-threshold";

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Sonner's own phone layout starts below this width (its `max-width: 600px` rules). */
const PHONE_QUERY = "(max-width: 600px)";

const usePhone = () => useMediaQuery(PHONE_QUERY);

export function AppToaster() {
  useToastSwipeThreshold(TOAST_SWIPE_THRESHOLD_PX);
  const phone = usePhone();
  // Runs after sonner's own effects: its toaster listens by now.
  useEffect(() => toasterReady(toast), []);
  return (
    <Toaster
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      position={phone ? "bottom-center" : "top-center"}
      swipeDirections={phone ? ["bottom", "left", "right"] : ["top", "left", "right"]}
      closeButton
    />
  );
}

"use client";
/**
 * The toaster, loaded only once a screen that can toast has asked for it (useToaster): the
 * visitors' landing page never does, so it ships without sonner. Once loaded it stays, at the
 * root, so a toast outlives the move to another screen ('Signed out' shows on the landing page).
 * Sonner shows toasts made before its toaster subscribed.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";

const AppToaster = lazy(() => import("./app-toaster").then((m) => ({ default: m.AppToaster })));

let wanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the providers of screens that show toasts. */
export function useToaster() {
  useEffect(() => {
    if (wanted) return;
    wanted = true;
    for (const listener of listeners) listener();
  }, []);
}

export function ToasterHost() {
  const show = useSyncExternalStore(subscribe, () => wanted, () => false);
  // Never on the server: the snapshot there is false.
  return show ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

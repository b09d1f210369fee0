"use client";
/**
 * The toaster, shown once a screen that can toast has registered it (useToaster): the visitors'
 * landing page never does, so it ships without sonner. Once shown it stays, at the root, so a
 * toast outlives the move to another screen ('Signed out' shows on the landing page). The
 * registering screen brings the toaster's code with it, so nothing is fetched later and no toast
 * waits for it.
 */
import { createElement, useEffect, useSyncExternalStore, type ComponentType } from "react";

let toaster: ComponentType | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the providers of screens that show toasts, with the toaster to show. */
export function useToaster(component: ComponentType) {
  useEffect(() => {
    if (toaster) return;
    toaster = component;
    for (const listener of listeners) listener();
  }, [component]);
}

export function ToasterHost() {
  const shown = useSyncExternalStore(subscribe, () => toaster, () => null);
  return shown ? createElement(shown) : null;
}

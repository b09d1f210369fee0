"use client";
/**
 * Registers the service worker (lib/pwa/sw.ts) in production builds, once the page has loaded, so
 * it never competes with the first paint. Next.js compiles the worker from this `new URL(...)`
 * and gives it the whole site as its scope. Under `next dev` a worker left over from a production
 * run on the same address is removed instead: its cache-first rule would serve stale dev chunks.
 */
import { useEffect } from "react";

export function ServiceWorker() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    if (process.env.NODE_ENV !== "production") {
      void navigator.serviceWorker.getRegistrations().then((all) => all.forEach((registration) => void registration.unregister()));
      return;
    }
    const register = () => {
      navigator.serviceWorker
        .register(new URL("../../lib/pwa/sw.ts", import.meta.url), { scope: "/", updateViaCache: "none" })
        // No worker (a private window, HTTP on another host): the app works as a plain website.
        .catch(() => {});
    };
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
    return () => window.removeEventListener("load", register);
  }, []);
  return null;
}

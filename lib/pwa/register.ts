/**
 * Registers the service worker (./sw.ts) in production builds, once the page has loaded, so it
 * never competes with the first paint. Next.js compiles the worker from this `new URL(...)` and
 * serves it at /_next/static/service-worker/sw.js with `Service-Worker-Allowed: /`, so it can
 * control the whole site. Under `next dev` a worker left over from a production run on the same
 * address is removed instead: its cache-first rule would serve stale development chunks.
 *
 * Returns the effect's clean-up.
 */
export function registerServiceWorker(): () => void {
  if (!("serviceWorker" in navigator)) return () => {};
  if (process.env.NODE_ENV !== "production") {
    void navigator.serviceWorker.getRegistrations().then((all) => all.forEach((registration) => void registration.unregister()));
    return () => {};
  }
  const register = () => {
    navigator.serviceWorker
      .register(new URL("./sw.ts", import.meta.url), { scope: "/", updateViaCache: "none" })
      // No worker (a private window, plain HTTP on another host): the app works as a website.
      .catch(() => {});
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
  return () => window.removeEventListener("load", register);
}

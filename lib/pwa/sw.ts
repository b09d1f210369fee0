/// <reference lib="webworker" />
/**
 * The service worker: what lets the installed app open while offline. Next.js compiles it from
 * the registration in ./register.ts. Which request is answered how is in ./sw-routes; reminders
 * pushed to it are shown as notifications (./sw-push), and a tap opens the page they name.
 *
 * Nothing here (nor in what it imports) may read `process`: Next gives a worker no Node globals,
 * and the build fails on them. The build's version comes in through next.config.ts's define.
 */
import { NOTIFICATION_ICON, NOTIFICATION_TAG, openTappedReminder, readPushedReminder } from "./sw-push";
import { OFFLINE_PAGE, PRECACHE, cacheName, staleCaches, strategyFor } from "./sw-routes";

declare const self: ServiceWorkerGlobalScope;
declare const __LINGOREEL_BUILD__: string;

const CACHE = cacheName(__LINGOREEL_BUILD__);

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Past the HTTP cache: the offline page must be this build's.
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" })));
      // Build assets are keyed by content, so a page of the previous build keeps working.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys(), CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const strategy = strategyFor(
    { method: request.method, url: request.url, mode: request.mode, destination: request.destination, range: request.headers.has("range") },
    self.location.origin,
  );
  if (strategy === "cache-first") event.respondWith(cacheFirst(event));
  else if (strategy === "page") event.respondWith(pageOrOffline(event));
});

async function cacheFirst(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHE);
  const stored = await cache.match(event.request);
  if (stored) return stored;
  const response = await fetch(event.request);
  if (response.ok && response.type === "basic") event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

async function pageOrOffline(event: FetchEvent): Promise<Response> {
  // No navigation preload: it would also fetch the page loads left to the browser (the sign-in
  // redirects under /api and /auth), twice, each setting its own cookies.
  try {
    return await fetch(event.request);
  } catch {
    return (await caches.match(OFFLINE_PAGE, { cacheName: CACHE })) ?? Response.error();
  }
}

self.addEventListener("push", (event) => {
  const reminder = readPushedReminder(event.data?.text());
  event.waitUntil(
    (async () => {
      // The installed app's icon shows how many words are due, where the platform supports it.
      const badge = (self.navigator as Navigator & { setAppBadge?: (n?: number) => Promise<void> }).setAppBadge;
      if (badge && reminder.badge > 0) await badge.call(self.navigator, reminder.badge).catch(() => {});
      await self.registration.showNotification(reminder.title, {
        body: reminder.body,
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_ICON,
        tag: NOTIFICATION_TAG,
        data: { url: reminder.url },
      });
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openTappedReminder(self.clients, self.location.origin, event.notification.data));
});

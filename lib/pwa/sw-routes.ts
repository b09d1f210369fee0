/**
 * Which requests the service worker (lib/pwa/sw.ts) answers, and how. A pure module, so the rules
 * are unit-tested without a browser.
 *
 * - Build assets and the app's icons are cache-first: /_next/static/ URLs carry a content hash,
 *   and the whole cache belongs to one build (the worker's version), dropped when the next
 *   build's worker activates.
 * - Page loads go to the network; when it is gone, the offline page answers. Pages are never
 *   stored: they hold a learner's own data, and Cache Storage outlives signing out.
 * - Everything else is left to the browser: the API, the auth server and sign-in flow, media
 *   (streamed in ranges), other sites, and anything but GET.
 */

/** How the worker answers a request. "network": it does not answer, the browser fetches as if it were not there. */
export type Strategy = "network" | "cache-first" | "page";

export type RequestFacts = {
  method: string;
  url: string;
  /** Request.mode: "navigate" for a page load. */
  mode: string;
  /** Request.destination: "video", "audio", "track", "document", "script", ... */
  destination: string;
  /** Whether the request asks for a byte range (media seeking). */
  range: boolean;
};

/** The page shown for a page load while offline; stored when the worker installs. */
export const OFFLINE_PAGE = "/offline.html";

export const PRECACHE: readonly string[] = [OFFLINE_PAGE];

const CACHE_PREFIX = "lingoreel-static-";

export function cacheName(version: string): string {
  return `${CACHE_PREFIX}${version}`;
}

/** The caches an earlier build's worker left behind (others' caches on this origin are not ours to remove). */
export function staleCaches(names: readonly string[], current: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
}

const NEVER = ["/api", "/auth"];
const MEDIA_DESTINATIONS = new Set(["video", "audio", "track"]);
const MEDIA_FILE = /\.(?:mp4|webm|m4v|mov|mkv|mp3|m4a|aac|ogg|oga|opus|wav|flac|vtt|srt)$/i;
const STATIC_DIRS = ["/_next/static/", "/icons/", "/flags/"];
const STATIC_FILES = new Set(["/favicon.ico", "/icon.svg", "/apple-icon.png"]);
const FONT_FILE = /\.(?:woff2?|ttf|otf)$/i;
/** Served with a zero max-age so the browser sees a new build's worker; caching it would defeat that. */
const WORKER_DIR = "/_next/static/service-worker/";

const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

export function strategyFor(request: RequestFacts, origin: string): Strategy {
  if (request.method !== "GET" || request.range) return "network";
  const url = new URL(request.url);
  if (url.origin !== origin) return "network";
  const path = url.pathname;
  if (NEVER.some((base) => under(path, base))) return "network";
  if (MEDIA_DESTINATIONS.has(request.destination) || MEDIA_FILE.test(path)) return "network";
  if (request.mode === "navigate") return "page";
  if (path.startsWith(WORKER_DIR)) return "network";
  if (STATIC_DIRS.some((dir) => path.startsWith(dir)) || STATIC_FILES.has(path) || FONT_FILE.test(path)) return "cache-first";
  return "network";
}

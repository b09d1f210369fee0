/**
 * What the service worker makes of a reminder pushed to it (lib/reminders/push.ts sends it):
 * the notification's title, text and icon, and the same-site page a tap opens. Pure, or given the
 * worker's clients, so it is tested outside a worker.
 */
export type PushedReminder = { title: string; body: string; url: string; badge: number };

const FALLBACK: PushedReminder = { title: "LingoReel", body: "", url: "/home", badge: 0 };

/** The pushed JSON, checked: anything unexpected falls back to a plain notification that opens home. */
export function readPushedReminder(text: string | null | undefined): PushedReminder {
  try {
    const data = JSON.parse(text ?? "") as Partial<PushedReminder>;
    return {
      title: typeof data.title === "string" && data.title ? data.title : FALLBACK.title,
      body: typeof data.body === "string" ? data.body : "",
      url: sameSitePath(data.url),
      badge: typeof data.badge === "number" && Number.isInteger(data.badge) && data.badge > 0 ? data.badge : 0,
    };
  } catch {
    return FALLBACK;
  }
}

/** A path on this site ("/review"), never an address elsewhere. */
export function sameSitePath(url: unknown): string {
  if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//") || url.includes("\\")) return FALLBACK.url;
  return url;
}

export const NOTIFICATION_ICON = "/icons/icon-192.png";
export const NOTIFICATION_TAG = "reminder";

/** What a tap needs of an open window (a WindowClient). */
export type AppWindow = { url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> };

/** What a tap needs of the worker's `self.clients`. */
export type AppClients = { matchAll(options: { type: "window" }): Promise<readonly AppWindow[]>; openWindow(url: string): Promise<unknown> };

/**
 * A tap on a reminder: a window of the app already open goes to the page the notification names
 * (on this site only) and comes to the front; with none open, a new one opens there.
 *
 * Only the windows this worker controls are asked for (the default of matchAll): navigate() works
 * for those alone, and a window it cannot move (one reloaded past the worker) would come to the
 * front still on its old page. Focus and navigation start together and neither waits on the other:
 * the browser grants a focus only for a short while after the tap (and refuses it otherwise),
 * navigation lasts until the page has loaded, and either one failing still leaves the other done.
 */
export async function openTappedReminder(clients: AppClients, origin: string, data: unknown): Promise<void> {
  const url = new URL(sameSitePath((data as { url?: unknown } | null | undefined)?.url), origin).href;
  const windows = await clients.matchAll({ type: "window" });
  const open = windows.find((client) => new URL(client.url).origin === origin);
  if (!open) {
    await clients.openWindow(url);
    return;
  }
  await Promise.allSettled([open.focus(), open.navigate(url)]);
}

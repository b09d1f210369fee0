/**
 * What the service worker makes of a reminder pushed to it (lib/reminders/push.ts sends it):
 * the notification's title, text and icon, and the same-site page a tap opens. Pure, so it is
 * tested outside a worker.
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

/**
 * The app's toasts (SPEC §9), with sonner's `toast` calls. Sonner and the toaster are a separate
 * chunk fetched on the first toast, so no page pays for them up front: a toast fired before
 * they have arrived waits here and shows as soon as the toaster listens, in order, even when the
 * page has moved on meanwhile (the toaster sits in the root layout).
 */
import type { ExternalToast, toast as sonnerToast } from "sonner";

type Sonner = typeof sonnerToast;
type Kind = "message" | "success" | "error" | "info";
type Pending = { kind: Kind; message: string; data?: ExternalToast };

let sonner: Sonner | null = null;
const waiting: Pending[] = [];
let requestToaster: (() => void) | null = null;

const show = (s: Sonner, { kind, message, data }: Pending) => (kind === "message" ? s(message, data) : s[kind](message, data));

function run(pending: Pending) {
  if (sonner) return show(sonner, pending);
  waiting.push(pending);
  requestToaster?.();
}

/**
 * A toast that has not shown yet when the page unloads (the router could not move in place, and
 * loaded the next page whole) waits in the tab's session storage and shows on the next page.
 * Only its text goes along (a description, not actions).
 */
const STASH_KEY = "lingoreel.pending-toasts";
const textOnly = ({ kind, message, data }: Pending): Pending => ({ kind, message, data: typeof data?.description === "string" ? { description: data.description } : undefined });
/** The toasts an unloaded page left, once the next page's toaster host is mounted (not during hydration). */
function takeStashed() {
  try {
    const stashed = JSON.parse(sessionStorage.getItem(STASH_KEY) ?? "[]") as Pending[];
    sessionStorage.removeItem(STASH_KEY);
    for (const pending of stashed) {
      if (typeof pending.message === "string" && ["message", "success", "error", "info"].includes(pending.kind)) waiting.push(textOnly(pending));
    }
  } catch {
    // Storage refused (private mode) or unreadable: nothing waits.
  }
}

if (typeof window !== "undefined") {
  window.addEventListener("pagehide", () => {
    if (waiting.length === 0) return;
    try {
      const stashed = JSON.parse(sessionStorage.getItem(STASH_KEY) ?? "[]") as Pending[];
      sessionStorage.setItem(STASH_KEY, JSON.stringify([...stashed, ...waiting.map(textOnly)]));
    } catch {
      // Storage refused: the toast is lost with the page, as it would be without this.
    }
  });
}

/**
 * A toast for the page a full load is about to open (`location.replace`): this page may be gone
 * before the toaster would show it, so it waits in session storage for the next page.
 */
export function toastOnNextPage(kind: Kind, message: string, data?: ExternalToast) {
  try {
    const stashed = JSON.parse(sessionStorage.getItem(STASH_KEY) ?? "[]") as Pending[];
    sessionStorage.setItem(STASH_KEY, JSON.stringify([...stashed, textOnly({ kind, message, data })]));
  } catch {
    // Storage refused: shown here instead, for as long as this page lasts.
    run({ kind, message, data });
  }
}

/** Whether the toaster is wanted: it has been shown, or a toast waits for it. */
export const toasterWanted = () => sonner !== null || waiting.length > 0;

/** The root's toaster host says how to bring the toaster in; it does so at once if a toast waits. */
export function onToasterRequested(request: () => void) {
  requestToaster = request;
  takeStashed();
  if (waiting.length > 0) request();
}

/** The toaster, mounted and listening, hands over sonner's `toast`; waiting toasts show now. */
export function toasterReady(ready: Sonner) {
  sonner = ready;
  for (const pending of waiting.splice(0)) show(ready, pending);
}

type Message = string;

export const toast = Object.assign((message: Message, data?: ExternalToast) => run({ kind: "message", message, data }), {
  success: (message: Message, data?: ExternalToast) => run({ kind: "success", message, data }),
  error: (message: Message, data?: ExternalToast) => run({ kind: "error", message, data }),
  info: (message: Message, data?: ExternalToast) => run({ kind: "info", message, data }),
});

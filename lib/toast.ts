/**
 * The app's toasts (SPEC §9), with sonner's `toast` calls. Sonner and the toaster are a separate
 * chunk fetched on the first toast, so no page pays for them up front: a toast fired before
 * they have arrived waits here and shows as soon as the toaster listens, in order, even when the
 * page has moved on meanwhile (the toaster sits in the root layout).
 */
import type { ExternalToast, toast as sonnerToast } from "sonner";

type Sonner = typeof sonnerToast;
type Call = (sonner: Sonner) => void;

let sonner: Sonner | null = null;
const waiting: Call[] = [];
let requestToaster: (() => void) | null = null;

function run(call: Call) {
  if (sonner) return call(sonner);
  waiting.push(call);
  requestToaster?.();
}

/** Whether the toaster is wanted: it has been shown, or a toast waits for it. */
export const toasterWanted = () => sonner !== null || waiting.length > 0;

/** The root's toaster host says how to bring the toaster in; it does so at once if a toast waits. */
export function onToasterRequested(request: () => void) {
  requestToaster = request;
  if (waiting.length > 0) request();
}

/** The toaster, mounted and listening, hands over sonner's `toast`; waiting toasts show now. */
export function toasterReady(ready: Sonner) {
  sonner = ready;
  for (const call of waiting.splice(0)) call(ready);
}

type Message = string;

export const toast = Object.assign((message: Message, data?: ExternalToast) => run((s) => s(message, data)), {
  success: (message: Message, data?: ExternalToast) => run((s) => s.success(message, data)),
  error: (message: Message, data?: ExternalToast) => run((s) => s.error(message, data)),
  info: (message: Message, data?: ExternalToast) => run((s) => s.info(message, data)),
});

"use client";
/**
 * This device's part in reminders: whether the browser can take Web Push, whether it already does
 * for this learner, and turning it on (the permission is asked only here, from a click) or off.
 */
import { useCallback, useEffect, useState } from "react";
import { apiJson, apiRequest } from "@/lib/data/api";

export type PushDeviceState = "checking" | "unsupported" | "denied" | "off" | "on";

function supported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration("/");
}

/** The VAPID key as PushManager takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export function usePushDevice() {
  const [state, setState] = useState<PushDeviceState>("checking");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      if (!supported() || !(await registration())) return live && setState("unsupported");
      if (Notification.permission === "denied") return live && setState("denied");
      const subscription = await (await registration())?.pushManager.getSubscription();
      if (live) setState(subscription && Notification.permission === "granted" ? "on" : "off");
    })().catch(() => live && setState("unsupported"));
    return () => {
      live = false;
    };
  }, []);

  /** Turns this device's notifications on or off, resolving to the state it ends in; throws when the browser or the server refuses. */
  const set = useCallback(async (on: boolean): Promise<PushDeviceState> => {
    setBusy(true);
    try {
      const worker = await registration();
      if (!worker) throw new Error("no service worker");
      if (on) {
        const permission = await Notification.requestPermission();
        if (permission !== "granted") {
          const refused = permission === "denied" ? "denied" : "off";
          setState(refused);
          return refused;
        }
        const { publicKey } = await apiJson<{ publicKey: string }>("GET", "/api/push/key");
        const subscription = (await worker.pushManager.getSubscription()) ?? (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
        await apiJson("POST", "/api/push/subscriptions", subscription.toJSON());
        setState("on");
        return "on";
      } else {
        const subscription = await worker.pushManager.getSubscription();
        if (subscription) {
          await apiRequest("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint });
          await subscription.unsubscribe();
        }
        setState("off");
        return "off";
      }
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, busy, set };
}

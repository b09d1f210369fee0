/**
 * lib/toast.ts: sonner arrives with the first toast. A toast fired before the toaster listens
 * (right after a click, or while the page navigates) must still show, in order, once it does.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

type ToastModule = typeof import("@/lib/toast");
let toasts: ToastModule;

beforeEach(async () => {
  vi.resetModules();
  toasts = await import("@/lib/toast");
});

function fakeSonner() {
  const shown: string[] = [];
  const sonner = Object.assign((message: string) => void shown.push(`plain ${message}`), {
    success: (message: string, data?: { description?: string }) => void shown.push(`success ${message} / ${data?.description}`),
    error: (message: string, data?: { description?: string }) => void shown.push(`error ${message} / ${data?.description}`),
  });
  return { shown, sonner: sonner as unknown as Parameters<ToastModule["toasterReady"]>[0] };
}

describe("toasts before the toaster has loaded", () => {
  it("asks for the toaster on the first toast and shows every waiting toast in order once it listens", () => {
    const request = vi.fn();
    toasts.onToasterRequested(request);
    expect(request).not.toHaveBeenCalled();

    toasts.toast.success("Signed out", { description: "You've been successfully signed out." });
    toasts.toast.error("Error", { description: "Failed" });
    toasts.toast("Feature in development");
    expect(request).toHaveBeenCalled();

    const { shown, sonner } = fakeSonner();
    toasts.toasterReady(sonner);
    expect(shown).toEqual(["success Signed out / You've been successfully signed out.", "error Error / Failed", "plain Feature in development"]);

    toasts.toast.success("Settings updated", { description: "Saved" });
    expect(shown.at(-1)).toBe("success Settings updated / Saved");
    expect(shown).toHaveLength(4);
  });

  it("a toast fired before the toaster host mounted asks for the toaster when the host arrives", () => {
    toasts.toast.error("Login failed", { description: "Invalid credentials" });
    const request = vi.fn();
    toasts.onToasterRequested(request);
    expect(request).toHaveBeenCalledTimes(1);
    const { shown, sonner } = fakeSonner();
    toasts.toasterReady(sonner);
    expect(shown).toEqual(["error Login failed / Invalid credentials"]);
  });

  it("no toast, no toaster", () => {
    const request = vi.fn();
    toasts.onToasterRequested(request);
    expect(request).not.toHaveBeenCalled();
    expect(toasts.toasterWanted()).toBe(false);
  });

  it("once loaded, a toaster host mounted again shows the toaster at once", () => {
    toasts.toast("Feature in development");
    expect(toasts.toasterWanted()).toBe(true);
    toasts.toasterReady(fakeSonner().sonner);
    expect(toasts.toasterWanted()).toBe(true);
  });
});

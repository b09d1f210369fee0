/** What the service worker shows for a pushed reminder, and where a tap may lead: this site only. */
import { describe, expect, it, vi } from "vitest";
import { openTappedReminder, readPushedReminder, sameSitePath, type AppWindow } from "@/lib/pwa/sw-push";

describe("a pushed reminder, as the service worker reads it", () => {
  it("takes the title, text, page and due count the server sent", () => {
    expect(readPushedReminder(JSON.stringify({ title: "2 words are due for review", body: "…", url: "/review", badge: 2 }))).toEqual({
      title: "2 words are due for review",
      body: "…",
      url: "/review",
      badge: 2,
    });
  });

  it("falls back to a plain notification that opens home for anything else", () => {
    for (const text of [null, "", "not json", "[]", JSON.stringify({ title: 3, badge: -1, url: 7 })]) {
      expect(readPushedReminder(text)).toMatchObject({ title: "LingoReel", url: "/home", badge: 0 });
    }
  });

  it("never opens another site", () => {
    for (const url of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "review"]) expect(sameSitePath(url)).toBe("/home");
    expect(sameSitePath("/review?from=push")).toBe("/review?from=push");
  });
});

const ORIGIN = "https://lingoreel.example";

/** A window as the worker sees it; `focus` and `navigate` resolve unless told otherwise. */
function appWindow(url: string, refuse: { focus?: boolean; navigate?: boolean } = {}) {
  return {
    url,
    focus: vi.fn(() => (refuse.focus ? Promise.reject(new DOMException("Not allowed to focus a window.", "InvalidAccessError")) : Promise.resolve())),
    navigate: vi.fn(() => (refuse.navigate ? Promise.reject(new TypeError("This service worker is not the client's active service worker.")) : Promise.resolve())),
  } satisfies AppWindow;
}

/** The worker's `clients`, with these windows open. */
function fakeClients(...windows: AppWindow[]) {
  return { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) };
}

describe("a tap on a reminder", () => {
  it("takes an open window of the app to the page it names, and to the front", async () => {
    const open = appWindow(`${ORIGIN}/home`);
    const clients = fakeClients(open);
    await openTappedReminder(clients, ORIGIN, { url: "/review" });
    expect(clients.matchAll).toHaveBeenCalledWith({ type: "window" });
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/review`);
    expect(open.focus).toHaveBeenCalledOnce();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it("opens a new window when the only one open is another site's", async () => {
    const elsewhere = appWindow("https://elsewhere.example/review");
    const clients = fakeClients(elsewhere);
    await openTappedReminder(clients, ORIGIN, { url: "/review" });
    expect(elsewhere.navigate).not.toHaveBeenCalled();
    expect(elsewhere.focus).not.toHaveBeenCalled();
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/review`);
  });

  it("still moves the window to the page when the browser refuses the focus", async () => {
    const open = appWindow(`${ORIGIN}/home`, { focus: true });
    const clients = fakeClients(open);
    await expect(openTappedReminder(clients, ORIGIN, { url: "/review" })).resolves.toBeUndefined();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/review`);
  });

  it("still brings the window to the front when it cannot be moved", async () => {
    const open = appWindow(`${ORIGIN}/home`, { navigate: true });
    const clients = fakeClients(open);
    await expect(openTappedReminder(clients, ORIGIN, { url: "/review" })).resolves.toBeUndefined();
    expect(open.focus).toHaveBeenCalledOnce();
  });

  it("opens home for a page on another site, or no page at all", async () => {
    for (const data of [{ url: "https://evil.example/" }, { url: "//evil.example/x" }, null, undefined, "not an object"]) {
      const open = appWindow(`${ORIGIN}/words`);
      await openTappedReminder(fakeClients(open), ORIGIN, data);
      expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/home`);
      const clients = fakeClients();
      await openTappedReminder(clients, ORIGIN, data);
      expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/home`);
    }
  });

  it("opens a new window on the page when none is open", async () => {
    const clients = fakeClients();
    await openTappedReminder(clients, ORIGIN, { url: "/review?from=push" });
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/review?from=push`);
  });
});

/**
 * A signed-in page starts without supabase-js (lib/auth/session-handover.ts): it must still load
 * it 180 s before the server's access token expires, so supabase-js refreshes the token in time,
 * and at once when another tab signs in or out.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { HANDOVER_BEFORE_EXPIRY_MS, REFRESH_MARGIN_MS, handOverBeforeExpiry, serverToken } from "@/lib/auth/session-handover";

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const session = (expiresInS: number, now = NOW) => ({ access_token: "server-token", expires_at: now / 1000 + expiresInS });

afterEach(() => {
  vi.useRealTimers();
});

describe("refresh before expiry", () => {
  it("loads supabase-js 180 s before a one-hour token expires, not sooner", () => {
    vi.useFakeTimers({ now: NOW, toFake: ["setTimeout", "clearTimeout", "Date"] });
    const load = vi.fn();
    const stop = handOverBeforeExpiry(session(3600), load, "handover-test-timer");
    vi.advanceTimersByTime(3600_000 - HANDOVER_BEFORE_EXPIRY_MS - 1);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(1);
    stop();
  });

  it("loads it at once when the token is already within 180 s of expiry", () => {
    vi.useFakeTimers({ now: NOW, toFake: ["setTimeout", "clearTimeout", "Date"] });
    const load = vi.fn();
    const stop = handOverBeforeExpiry(session(120), load, "handover-test-soon");
    vi.advanceTimersByTime(0);
    expect(load).toHaveBeenCalledTimes(1);
    stop();
  });

  it("leaving the page stops the timer", () => {
    vi.useFakeTimers({ now: NOW, toFake: ["setTimeout", "clearTimeout", "Date"] });
    const load = vi.fn();
    handOverBeforeExpiry(session(600), load, "handover-test-stop")();
    vi.advanceTimersByTime(600_000);
    expect(load).not.toHaveBeenCalled();
  });

  it("requests use the server's token until supabase-js would refresh it, then ask supabase-js", () => {
    expect(serverToken(session(3600), NOW)).toBe("server-token");
    expect(serverToken(session(REFRESH_MARGIN_MS / 1000 + 1), NOW)).toBe("server-token");
    expect(serverToken(session(REFRESH_MARGIN_MS / 1000), NOW)).toBeNull();
    expect(serverToken(session(-10), NOW)).toBeNull();
    expect(serverToken(undefined, NOW)).toBeNull();
  });
});

describe("another tab", () => {
  it("signing in or out there loads supabase-js here at once", async () => {
    const load = vi.fn();
    const stop = handOverBeforeExpiry(session(3600, Date.now()), load, "handover-test-tab");
    const otherTab = new BroadcastChannel("handover-test-tab");
    otherTab.postMessage({ event: "SIGNED_OUT" });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    otherTab.close();
    stop();
  });

  it("after leaving the page, nothing is loaded", async () => {
    const load = vi.fn();
    handOverBeforeExpiry(session(3600, Date.now()), load, "handover-test-gone")();
    const otherTab = new BroadcastChannel("handover-test-gone");
    otherTab.postMessage({ event: "SIGNED_OUT" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).not.toHaveBeenCalled();
    otherTab.close();
  });
});

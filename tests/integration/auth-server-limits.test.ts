/** The auth server's token buckets and how it reads the client address. */
import { describe, expect, it } from "vitest";
import { clientIp } from "@/lib/auth-server/http";
import { RateLimiter } from "@/lib/auth-server/rate-limit";

describe("auth server limits", () => {
  it("reads the client address the nearest proxy appended", () => {
    const request = (headers: Record<string, string>) => new Request("http://localhost/auth/v1/token", { headers });
    expect(clientIp(request({ "x-forwarded-for": "6.6.6.6, 203.0.113.4" }))).toBe("203.0.113.4");
    expect(clientIp(request({ "x-forwarded-for": " 203.0.113.4 " }))).toBe("203.0.113.4");
    expect(clientIp(request({ "x-forwarded-for": "6.6.6.6, 203.0.113.4, " }))).toBe("203.0.113.4");
    expect(clientIp(request({ "x-real-ip": "203.0.113.5" }))).toBe("203.0.113.5");
    expect(clientIp(request({}))).toBeNull();
  });

  it("peeks without spending and refills over the window", () => {
    let t = 0;
    const limiter = new RateLimiter(2, 1000, () => new Date(t));
    expect(limiter.peek("a")).toBe(true);
    expect(limiter.peek("a")).toBe(true);
    expect(limiter.take("a")).toBe(true);
    expect(limiter.take("a")).toBe(true);
    expect(limiter.peek("a")).toBe(false);
    expect(limiter.take("a")).toBe(false);
    expect(limiter.peek("b")).toBe(true);
    t = 500;
    expect(limiter.peek("a")).toBe(true);
    expect(limiter.take("a")).toBe(true);
    expect(limiter.take("a")).toBe(false);
    const off = new RateLimiter(0, 1000, () => new Date(t));
    for (let i = 0; i < 5; i++) expect(off.take("a")).toBe(true);
    expect(off.peek("a")).toBe(true);
  });
});

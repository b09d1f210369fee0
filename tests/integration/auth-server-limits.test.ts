/** The auth server's token buckets. */
import { describe, expect, it } from "vitest";
import { RateLimiter } from "@/lib/auth-server/rate-limit";

describe("auth server limits", () => {
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

  it("gives back a request that turned out to be allowed, up to the limit", () => {
    const limiter = new RateLimiter(2, 1000, () => new Date(0));
    expect(limiter.take("a")).toBe(true);
    expect(limiter.take("a")).toBe(true);
    limiter.give("a");
    expect(limiter.take("a")).toBe(true);
    expect(limiter.take("a")).toBe(false);
    limiter.give("a");
    limiter.give("a");
    limiter.give("a");
    expect(limiter.take("a")).toBe(true);
    expect(limiter.take("a")).toBe(true);
    expect(limiter.take("a")).toBe(false);
  });
});

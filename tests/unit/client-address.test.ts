/** How the production server decides a client's address, and how the app reads it back. */
import { afterEach, describe, expect, it } from "vitest";
import { clientAddress, CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
// @ts-expect-error: a plain ES module without type declarations
import { hasValidPath, parseTrustedHops, resolveClientAddress } from "../../scripts/server.mjs";

const SECRET_KEY = Symbol.for("lingoreel.client-address-secret");

describe("resolveClientAddress", () => {
  it("takes the socket's address and ignores forwarded headers when no proxy is trusted", () => {
    expect(resolveClientAddress("203.0.113.9", "6.6.6.6", 0)).toBe("203.0.113.9");
    expect(resolveClientAddress("203.0.113.9", ",", 0)).toBe("203.0.113.9");
    expect(resolveClientAddress("::ffff:127.0.0.1", undefined, 0)).toBe("127.0.0.1");
    expect(resolveClientAddress("::1", undefined, 0)).toBe("::1");
    expect(resolveClientAddress(undefined, "6.6.6.6", 0)).toBe("unknown");
  });

  it("with trusted proxies, takes the address the outermost trusted proxy saw", () => {
    // Client -> proxy A -> proxy B -> app: B's socket; A appended the client's address.
    expect(resolveClientAddress("10.0.0.2", "198.51.100.7", 1)).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7", 1)).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.1", 2)).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.2", ["6.6.6.6", "198.51.100.7"], 1)).toBe("198.51.100.7");
  });

  it("never lets a forwarded header switch the address off", () => {
    expect(resolveClientAddress("10.0.0.2", ",", 1)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "", 1)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "not-an-address", 1)).toBe("10.0.0.2");
    // Fewer entries than trusted proxies: the left-most is the best there is.
    expect(resolveClientAddress("10.0.0.2", "198.51.100.7", 3)).toBe("198.51.100.7");
  });

  it("validates TRUSTED_PROXY_HOPS", () => {
    expect(parseTrustedHops(undefined)).toBe(0);
    expect(parseTrustedHops(" 2 ")).toBe(2);
    expect(() => parseTrustedHops("-1")).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(() => parseTrustedHops("one")).toThrow(/TRUSTED_PROXY_HOPS/);
  });
});

describe("hasValidPath", () => {
  it("refuses paths that cannot be decoded, whatever the query", () => {
    expect(hasValidPath("/auth/v1/%ZZ")).toBe(false);
    expect(hasValidPath("/video/%")).toBe(false);
    expect(hasValidPath("/video/%E4%BD%A0")).toBe(true);
    expect(hasValidPath("/api/videos?search=%ZZ")).toBe(true);
    expect(hasValidPath("/")).toBe(true);
  });
});

describe("clientAddress", () => {
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[SECRET_KEY];
  });

  const headers = (value?: string) => new Headers(value === undefined ? {} : { [CLIENT_ADDRESS_HEADER]: value });

  it("believes the header only with this process's secret", () => {
    (globalThis as Record<symbol, unknown>)[SECRET_KEY] = "s3cret";
    expect(clientAddress(headers("s3cret 198.51.100.7"))).toBe("198.51.100.7");
    expect(clientAddress(headers("guess 198.51.100.7"))).toBe("unknown");
    expect(clientAddress(headers("198.51.100.7"))).toBe("unknown");
    expect(clientAddress(headers())).toBe("unknown");
  });

  it("says unknown when the request did not come through the app's server", () => {
    expect(clientAddress(headers("s3cret 198.51.100.7"))).toBe("unknown");
  });
});

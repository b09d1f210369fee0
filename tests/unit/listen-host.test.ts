/**
 * Where `npm start` listens and whether that is this machine only (HOST): a default install is
 * reachable from loopback alone, and the app and its HTTP server agree on what loopback is.
 */
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "@/lib/env";
import { isLoopbackAddress as appIsLoopbackAddress, isLoopbackHost as appIsLoopbackHost } from "@/lib/http/loopback";
// @ts-expect-error: a plain ES module without type declarations
import { isLocalClient, isLoopbackAddress, isLoopbackHost, listenHost, listenMessage, loopbackRefusal } from "../../scripts/server.mjs";

const LOOPBACK = ["127.0.0.1", "127.1.2.3", "127.255.255.255", "::1", "[::1]", "::ffff:127.0.0.1", "localhost", "LOCALHOST", "localhost."];
const REACHABLE = ["0.0.0.0", "::", "192.168.1.10", "10.0.0.1", "128.0.0.1", "::ffff:10.0.0.1", "fe80::1", "example.com", "localhost.example.com", "127.0.0.1.nip.io", "127.256.0.1"];

describe("HOST", () => {
  it("defaults to 127.0.0.1, which only this machine reaches", () => {
    const config = parseEnv({});
    expect(config.host).toBe("127.0.0.1");
    expect(config.loopbackOnly).toBe(true);
    expect(listenHost(undefined)).toBe("127.0.0.1");
    expect(listenHost("  ")).toBe("127.0.0.1");
  });

  it("serves the network when set to a non-loopback address or name", () => {
    for (const host of ["0.0.0.0", "::", "[::]", "192.168.1.10", "lingo.example.com"]) {
      const config = parseEnv({ HOST: host });
      expect(config.loopbackOnly, host).toBe(false);
      expect(config.host, host).toBe(host.replace(/^\[|\]$/g, ""));
      expect(listenHost(host), host).toBe(config.host);
    }
    for (const host of ["127.0.0.1", "::1", "[::1]", "localhost", " 127.0.0.2 "]) {
      expect(parseEnv({ HOST: host }).loopbackOnly, host).toBe(true);
    }
  });

  it("counts a server behind a reverse proxy as reachable, whatever it listens on", () => {
    expect(parseEnv({ TRUSTED_PROXY_HOPS: "1" }).loopbackOnly).toBe(false);
    expect(parseEnv({ HOST: "127.0.0.1", TRUSTED_PROXY_HOPS: "2" }).loopbackOnly).toBe(false);
  });

  it("refuses a HOST that is neither an address nor a host name, naming the variable", () => {
    for (const host of ["http://0.0.0.0", "0.0.0.0:3000", "a b", "*", "-bad-.com"]) {
      let problems: string[] = [];
      try {
        parseEnv({ HOST: host });
      } catch (error) {
        if (error instanceof ConfigError) problems = error.problems;
      }
      expect(problems, host).toEqual([expect.stringMatching(/^HOST must be an IP address or a host name/)]);
    }
  });

  it("decides loopback the same way in the app and in its HTTP server", () => {
    for (const host of LOOPBACK) {
      expect(appIsLoopbackHost(host), host).toBe(true);
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of REACHABLE) {
      expect(appIsLoopbackHost(host), host).toBe(false);
      expect(isLoopbackHost(host), host).toBe(false);
      expect(appIsLoopbackAddress(host), host).toBe(false);
      expect(isLoopbackAddress(host), host).toBe(false);
    }
  });

  it("says in the start log who can reach the server, and how to change it", () => {
    const local = listenMessage("127.0.0.1", 3000).join("\n");
    expect(local).toContain("http://localhost:3000");
    expect(local).toContain("other machines cannot reach it");
    expect(local).toContain("HOST=0.0.0.0");
    const open = listenMessage("0.0.0.0", 3000).join("\n");
    expect(open).toContain("other machines can reach it");
    expect(open).not.toContain("cannot");
  });
});

/** A request as node:http gives it: the socket's address and the headers. */
const req = (remoteAddress: string | undefined, headers: Record<string, string> = { host: "localhost:3000" }) => ({ socket: { remoteAddress }, headers });

describe("a request from this machine", () => {
  it("is one whose own connection is loopback, with no proxy trusted, naming this machine", () => {
    expect(isLocalClient(req("127.0.0.1"), 0)).toBe(true);
    expect(isLocalClient(req("::ffff:127.0.0.1", { host: "127.0.0.1:3000" }), 0)).toBe(true);
    expect(isLocalClient(req("::1", { host: "[::1]:3000" }), 0)).toBe(true);
    expect(isLocalClient(req("192.168.1.20"), 0)).toBe(false);
    expect(isLocalClient(req(undefined), 0)).toBe(false);
  });

  it("is never decided by address behind a trusted proxy, which makes every client look local", () => {
    expect(isLocalClient(req("127.0.0.1"), 1)).toBe(false);
    expect(isLocalClient(req("::1"), 2)).toBe(false);
  });

  it("is not one a proxy on this machine forwarded, nor one a rebound outside name reached", () => {
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip", "via", "x-forwarded-host"]) {
      expect(isLocalClient(req("127.0.0.1", { host: "localhost:3000", [header]: "203.0.113.9" }), 0), header).toBe(false);
    }
    expect(isLocalClient(req("127.0.0.1", { host: "attacker.example:3000" }), 0)).toBe(false);
    expect(isLocalClient(req("127.0.0.1", {}), 0)).toBe(false);
  });
});

describe("a loopback-only server", () => {
  it("answers to this machine's names, and to SITE_URL's", () => {
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "LOCALHOST", "127.0.0.1"]) expect(loopbackRefusal({ host }, []), host).toBeNull();
    expect(loopbackRefusal({ host: "lingoreel.example.org" }, ["lingoreel.example.org"])).toBeNull();
  });

  it("refuses another name (DNS rebinding) and proxied requests, saying what to set", () => {
    expect(loopbackRefusal({ host: "attacker.example:3000" }, [])).toContain('does not answer to the name "attacker.example"');
    expect(loopbackRefusal({ host: "localhost:3000", "x-forwarded-for": "203.0.113.9" }, [])).toContain("TRUSTED_PROXY_HOPS");
  });
});

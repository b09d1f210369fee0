import { describe, expect, it } from "vitest";
import { cacheName, staleCaches, strategyFor, type RequestFacts } from "@/lib/pwa/sw-routes";

const origin = "https://lingo.example";
const get = (path: string, facts: Partial<RequestFacts> = {}): RequestFacts => ({
  method: "GET",
  url: new URL(path, origin).href,
  mode: "no-cors",
  destination: "",
  range: false,
  ...facts,
});
const page = (path: string) => get(path, { mode: "navigate", destination: "document" });

describe("service worker routing", () => {
  it("serves build assets, icons and fonts cache-first", () => {
    for (const path of [
      "/_next/static/chunks/0abc123.js",
      "/_next/static/chunks/0def456.css",
      "/_next/static/media/inter.2c3d.woff2",
      "/icons/icon-192.png",
      "/flags/ES.svg",
      "/favicon.ico",
      "/icon.svg",
      "/fonts/app.woff2",
    ]) {
      expect(strategyFor(get(path), origin), path).toBe("cache-first");
    }
  });

  it("loads pages from the network, with the offline page as the fallback", () => {
    for (const path of ["/", "/home", "/video/12?t=30", "/offline.html"]) expect(strategyFor(page(path), origin), path).toBe("page");
  });

  it("leaves the API, the auth server and the sign-in flow to the browser, page loads included", () => {
    for (const path of ["/api/health", "/api/videos/3/captions", "/api/login?return_to=%2Fhome", "/auth/v1/token", "/auth", "/auth/callback?code=x"]) {
      expect(strategyFor(get(path), origin), path).toBe("network");
      expect(strategyFor(page(path), origin), path).toBe("network");
    }
    expect(strategyFor(get("/authors"), origin)).toBe("network");
    expect(strategyFor(page("/apiary"), origin)).toBe("page");
  });

  it("never touches media: media elements, media files, byte ranges", () => {
    expect(strategyFor(get("/api/videos/3/media", { destination: "video", range: true }), origin)).toBe("network");
    expect(strategyFor(get("/uploads/clip", { destination: "audio" }), origin)).toBe("network");
    expect(strategyFor(get("/demo/intro.mp4"), origin)).toBe("network");
    expect(strategyFor(get("/_next/static/media/sound.mp3"), origin)).toBe("network");
    expect(strategyFor(get("/_next/static/chunks/0abc.js", { range: true }), origin)).toBe("network");
  });

  it("leaves writes, other sites, the worker's own script and everything else alone", () => {
    expect(strategyFor(get("/_next/static/chunks/0abc.js", { method: "POST" }), origin)).toBe("network");
    expect(strategyFor({ ...page("/home"), method: "POST" }, origin)).toBe("network");
    expect(strategyFor(get("https://i.ytimg.com/vi/x/hqdefault.jpg"), origin)).toBe("network");
    expect(strategyFor(get("https://cdn.example/_next/static/chunks/0abc.js"), origin)).toBe("network");
    expect(strategyFor(get("/_next/static/service-worker/sw.js"), origin)).toBe("network");
    expect(strategyFor(get("/_next/image?url=x&w=640&q=75"), origin)).toBe("network");
    expect(strategyFor(get("/manifest.webmanifest"), origin)).toBe("network");
    expect(strategyFor(get("/home?_rsc=abc"), origin)).toBe("network");
  });

  it("keeps one build's cache and removes the earlier builds' only", () => {
    const current = cacheName("m3k9");
    expect(staleCaches([cacheName("a1"), current, cacheName("b2"), "someone-elses-cache"], current)).toEqual([cacheName("a1"), cacheName("b2")]);
  });
});

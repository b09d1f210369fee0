import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "@/lib/http/csp";

function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split("; ").map((d) => {
    const [name, ...values] = d.split(" ");
    return [name!, values];
  }));
}

describe("content security policy", () => {
  const youtube = "https://www.youtube-nocookie.com";

  it("lets the YouTube embed frame in and nothing else; no site may frame ours", () => {
    const d = directives(contentSecurityPolicy({ youtubeEmbedOrigin: youtube }));
    expect(d.get("frame-src")).toEqual([youtube]);
    expect(d.get("frame-ancestors")).toEqual(["'none'"]);
    expect(d.get("object-src")).toEqual(["'none'"]);
    expect(d.get("default-src")).toEqual(["'self'"]);
  });

  it("follows a configured embed origin (a self-hosted proxy or a local stand-in)", () => {
    const d = directives(contentSecurityPolicy({ youtubeEmbedOrigin: "http://127.0.0.1:3920" }));
    expect(d.get("frame-src")).toEqual(["http://127.0.0.1:3920"]);
  });

  it("sends data only to this origin, or also to the hosted auth server when one is set", () => {
    expect(directives(contentSecurityPolicy({ youtubeEmbedOrigin: youtube })).get("connect-src")).toEqual(["'self'"]);
    const hosted = directives(contentSecurityPolicy({ youtubeEmbedOrigin: youtube, authUrl: "https://abc.supabase.co/" }));
    expect(hosted.get("connect-src")).toEqual(["'self'", "https://abc.supabase.co", "wss://abc.supabase.co"]);
  });

  it("allows eval only for the development server", () => {
    expect(directives(contentSecurityPolicy({ youtubeEmbedOrigin: youtube })).get("script-src")).not.toContain("'unsafe-eval'");
    expect(directives(contentSecurityPolicy({ youtubeEmbedOrigin: youtube, dev: true })).get("script-src")).toContain("'unsafe-eval'");
  });

  it("lets thumbnails come from YouTube's image host", () => {
    expect(directives(contentSecurityPolicy({ youtubeEmbedOrigin: youtube })).get("img-src")).toContain("https://i.ytimg.com");
  });

  it("lets this origin's service worker and web app manifest load", () => {
    const d = directives(contentSecurityPolicy({ youtubeEmbedOrigin: youtube }));
    expect(d.get("worker-src")).toContain("'self'");
    expect(d.get("manifest-src")).toEqual(["'self'"]);
  });
});

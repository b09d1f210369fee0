/** What the service worker shows for a pushed reminder, and where a tap may lead: this site only. */
import { describe, expect, it } from "vitest";
import { readPushedReminder, sameSitePath } from "@/lib/pwa/sw-push";

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

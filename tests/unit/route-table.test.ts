import { describe, expect, it } from "vitest";
import { decideRoute, safeReturnPath } from "@/lib/auth/route-table";

describe("route table", () => {
  it.each(["/", "/landing", "/auth", "/login", "/register", "/signup"])("sends signed-in users on %s home", (path) => {
    expect(decideRoute(path, "", true)).toEqual({ type: "redirect", to: "/home" });
    expect(decideRoute(path, "", false)).toEqual({ type: "next" });
  });

  it.each(["/home", "/profile", "/saved", "/settings", "/users"])("shows visitors the landing screen instead of %s", (path) => {
    expect(decideRoute(path, "", false)).toEqual({ type: "redirect", to: "/" });
    expect(decideRoute(path, "", true)).toEqual({ type: "next" });
  });

  it("sends visitors of the admin, video and onboarding pages to the login address and back", () => {
    expect(decideRoute("/admin", "", false)).toEqual({ type: "redirect", to: "/api/login?return_to=%2Fadmin" });
    expect(decideRoute("/video/12", "?t=3", false)).toEqual({
      type: "redirect",
      to: "/api/login?return_to=%2Fvideo%2F12%3Ft%3D3",
    });
    expect(decideRoute("/onboarding", "", false)).toEqual({ type: "redirect", to: "/api/login?return_to=%2Fonboarding" });
    expect(decideRoute("/review", "", false)).toEqual({ type: "redirect", to: "/api/login?return_to=%2Freview" });
  });

  it("leaves the email callback, password reset and unknown paths alone", () => {
    for (const path of ["/auth/callback", "/l", "/l/abc", "/reset-password", "/nope"]) {
      expect(decideRoute(path, "", false)).toEqual({ type: "next" });
      expect(decideRoute(path, "", true)).toEqual({ type: "next" });
    }
  });
});

describe("safeReturnPath", () => {
  it("keeps same-site paths", () => {
    expect(safeReturnPath("/video/3?x=1")).toBe("/video/3?x=1");
  });
  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/.//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/./\\evil.example",
    "javascript:alert(1)",
    "",
    null,
    "/api/auth/logout",
  ])(
    "rejects %s",
    (value) => {
      expect(safeReturnPath(value)).toBeNull();
    },
  );

  it("keeps a session that still owes its authenticator code on the sign-in and reset screens", () => {
    expect(decideRoute("/login", "", "needs-code")).toEqual({ type: "next" });
    expect(decideRoute("/reset-password", "", "needs-code")).toEqual({ type: "next" });
    expect(decideRoute("/home", "", "needs-code")).toEqual({ type: "redirect", to: "/login?return_to=%2Fhome" });
    expect(decideRoute("/video/3", "?t=1", "needs-code")).toEqual({ type: "redirect", to: "/login?return_to=%2Fvideo%2F3%3Ft%3D1" });
    expect(decideRoute("/", "", "needs-code")).toEqual({ type: "redirect", to: "/login" });
    expect(decideRoute("/nope", "", "needs-code")).toEqual({ type: "next" });
  });
});

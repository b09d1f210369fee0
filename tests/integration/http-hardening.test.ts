/**
 * HTTP-level protections, through the real route handlers on every test database: hostile JSON
 * nesting gets a 400 (never a 500), what belongs to one signed-in caller is never cacheable, the
 * session cookie is Secure on https and lives 30 days, and another site cannot sign a learner out.
 */
import type { CookieOptions } from "@supabase/ssr";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as logoutGet, POST as logoutPost } from "@/app/api/auth/logout/route";
import { GET as getUser } from "@/app/api/auth/user/route";
import { GET as getLanguages } from "@/app/api/languages/route";
import { GET as getFavorites, POST as postFavorite } from "@/app/api/users/favorites/route";
import { GET as getVideo } from "@/app/api/videos/[id]/route";
import { GET as authGet, POST as authPost } from "@/app/auth/v1/[...path]/route";
import { createSupabaseCookieClient } from "@/lib/auth/cookie-client";
import { updateSession } from "@/lib/auth/proxy-session";
import { SESSION_COOKIE_MAX_AGE_SECONDS } from "@/lib/auth/session-cookie";
import { apiRequest, signedInUser } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";

const NESTED = "[".repeat(20_000) + "]".repeat(20_000);

// supabase-js makes a realtime client (never opened here) that wants a WebSocket class, which Node
// 20 lacks (the Next server provides one).
const g = globalThis as { WebSocket?: unknown };
g.WebSocket ??= class NoWebSocket {};

function authRequest(path: string, init: { method?: string; token?: string; rawBody?: string } = {}) {
  const headers: Record<string, string> = { apikey: "test" };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.rawBody !== undefined) headers["content-type"] = "application/json";
  return new Request(`http://localhost:3000/auth/v1${path}`, { method: init.method ?? "GET", headers, body: init.rawBody });
}

type Written = { name: string; value: string; options: CookieOptions };

/** Signs in as a browser does, through the server's cookie client at `origin`: the cookies it writes. */
async function signInCookies(origin: string, email: string, password: string): Promise<Written[]> {
  const written: Written[] = [];
  const supabase = createSupabaseCookieClient({ origin, clientIp: "unknown", cookies: { getAll: () => [], setAll: (c) => written.push(...c) } });
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return written;
}

/** The session a set of session cookies holds (@supabase/ssr: "base64-" + base64url JSON, maybe in chunks). */
const sessionOf = (cookies: Written[]) =>
  JSON.parse(Buffer.from(cookies.map((c) => c.value).join("").replace(/^base64-/, ""), "base64url").toString()) as Record<string, unknown>;
const accessToken = (cookies: Written[]) => String(sessionOf(cookies).access_token);

describe.each(testDbKinds)("HTTP hardening on %s", (kind) => {
  useTestDb(kind, { app: true });
  let learner: { id: string; token: string };

  beforeAll(async () => {
    await signedInUser("owner@example.com");
    learner = await signedInUser("learner@example.com", "secret-456");
  });

  describe("deeply nested JSON", () => {
    it.each(["/token?grant_type=password", "/signup", "/recover"])("the auth server answers %s with GoTrue's 400, anonymously", async (path) => {
      const response = await authPost(authRequest(path, { method: "POST", rawBody: NESTED }));
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body).toMatchObject({ code: "bad_json" });
      expect(body.message).toMatch(/nested too deeply/);
    });

    it("the product API answers with 400 and says why, before and after sign-in", async () => {
      const anonymous = await postFavorite(apiRequest("/api/users/favorites", { method: "POST", rawBody: NESTED }));
      expect(anonymous.status).toBe(401);
      const response = await postFavorite(apiRequest("/api/users/favorites", { method: "POST", token: learner.token, rawBody: NESTED }));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: "bad_request",
        message: "The request body is nested too deeply (at most 64 levels of arrays and objects)",
      });
      // An ordinary body on the same route still works.
      const fine = await postFavorite(apiRequest("/api/users/favorites", { method: "POST", token: learner.token, body: { videoId: 999_999, action: "add" } }));
      expect(fine.status).not.toBe(500);
    });
  });

  describe("Cache-Control", () => {
    it("marks every signed-in API answer private and unstored, errors included", async () => {
      for (const response of [
        await getUser(apiRequest("/api/auth/user", { token: learner.token })),
        await getFavorites(apiRequest("/api/users/favorites", { token: learner.token })),
        // Errors of signed-in routes say what exists and who may see it.
        await getVideo(apiRequest("/api/videos/424242", { token: learner.token }), { params: Promise.resolve({ id: "424242" }) }),
        await getUser(apiRequest("/api/auth/user")),
        await postFavorite(apiRequest("/api/users/favorites", { method: "POST", token: learner.token, rawBody: "{nope" })),
      ]) {
        expect(response.headers.get("cache-control")).toBe("private, no-store");
      }
    });

    it("leaves public data cacheable", async () => {
      const languages = await getLanguages(apiRequest("/api/languages"));
      expect(languages.status).toBe(200);
      expect(languages.headers.get("cache-control")).toBeNull();
    });

    it("marks the auth server's tokens, users and errors private and unstored; its key set stays public", async () => {
      const signIn = await authPost(
        authRequest("/token?grant_type=password", {
          method: "POST",
          rawBody: JSON.stringify({ email: "learner@example.com", password: "secret-456" }),
        }),
      );
      expect(signIn.status).toBe(200);
      expect(signIn.headers.get("cache-control")).toBe("private, no-store");
      const { access_token: token } = (await signIn.json()) as { access_token: string };

      const user = await authGet(authRequest("/user", { token }));
      expect(user.status).toBe(200);
      expect(user.headers.get("cache-control")).toBe("private, no-store");

      const signup = await authPost(
        authRequest("/signup", { method: "POST", rawBody: JSON.stringify({ email: "new@example.com", password: "secret-789" }) }),
      );
      expect(signup.status).toBe(200);
      expect(signup.headers.get("cache-control")).toBe("private, no-store");

      const verify = await authPost(authRequest("/verify", { method: "POST", rawBody: JSON.stringify({ type: "signup", token_hash: "nope" }) }));
      expect(verify.status).toBeGreaterThanOrEqual(400);
      expect(verify.headers.get("cache-control")).toBe("private, no-store");

      const factors = await authPost(
        authRequest("/factors", { method: "POST", token, rawBody: JSON.stringify({ factor_type: "totp", friendly_name: "phone" }) }),
      );
      expect(factors.status).toBe(200);
      expect(factors.headers.get("cache-control")).toBe("private, no-store");

      const jwks = await authGet(authRequest("/.well-known/jwks.json"));
      expect(jwks.headers.get("cache-control")).toBe("public, max-age=600");
    });
  });

  describe("session cookies", () => {
    it("is Secure on https only, lives 30 days rather than 400, and stays readable by the browser client", async () => {
      await signedInUser("cookies@example.com", "secret-cookie");
      for (const [origin, secure] of [["https://lingo.example.com", true], ["http://localhost:3000", false]] as const) {
        const cookies = await signInCookies(origin, "cookies@example.com", "secret-cookie");
        expect(cookies.length).toBeGreaterThan(0);
        for (const { options } of cookies) {
          expect(options).toMatchObject({ secure, httpOnly: false, maxAge: SESSION_COOKIE_MAX_AGE_SECONDS, path: "/", sameSite: "lax" });
        }
      }
      expect(SESSION_COOKIE_MAX_AGE_SECONDS).toBe(30 * 24 * 3600);
    });

    it("is refreshed by the page proxy with the same attributes, as the browser reached the app", async () => {
      await signedInUser("proxy@example.com", "secret-proxy");
      for (const [url, secure] of [["https://lingo.example.com/home", true], ["http://localhost:3000/home", false]] as const) {
        const cookies = await signInCookies("http://localhost:3000", "proxy@example.com", "secret-proxy");
        // An access token past its expiry: the proxy refreshes the session and writes new cookies.
        const session = sessionOf(cookies);
        const expired = `base64-${Buffer.from(JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 })).toString("base64url")}`;
        const { response } = await updateSession(new NextRequest(url, { headers: { cookie: `sb-lingoreel-auth-token=${expired}` } }));
        const setCookie = response().headers.getSetCookie().find((c) => c.startsWith("sb-lingoreel-auth-token="));
        expect(setCookie, url).toBeDefined();
        expect(setCookie).toMatch(new RegExp(`Max-Age=${SESSION_COOKIE_MAX_AGE_SECONDS}(;|$)`));
        expect(/;\s*Secure(;|$)/i.test(setCookie!)).toBe(secure);
        expect(setCookie).not.toMatch(/HttpOnly/i);
        expect(response().headers.get("cache-control")).toMatch(/no-store/);
      }
    });
  });

  describe("GET /api/auth/logout", () => {
    async function browserSession(email: string): Promise<{ cookie: string; token: string }> {
      const cookies = await signInCookies("http://localhost:3000", email, "secret-out");
      return { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; "), token: accessToken(cookies) };
    }
    const live = async (token: string) => (await getUser(apiRequest("/api/auth/user", { token }))).status === 200;
    const logoutRequest = (base: string, method: string, cookie: string, headers: Record<string, string>) =>
      new Request(`${base}/api/auth/logout`, { method, headers: { cookie, ...headers } });

    beforeAll(async () => {
      await signedInUser("leaver@example.com", "secret-out");
    });

    it.each([
      ["a cross-site link or image", { "sec-fetch-site": "cross-site" }],
      ["a sibling subdomain", { "sec-fetch-site": "same-site" }],
      ["an old browser following a link from another site", { referer: "https://evil.example/page" }],
      ["a request that says nowhere where it comes from", {}],
    ])("does not sign out for %s, and goes to the landing page", async (_what, headers) => {
      const session = await browserSession("leaver@example.com");
      const response = await logoutGet(logoutRequest("http://localhost:3000", "GET", session.cookie, headers));
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/");
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await live(session.token)).toBe(true);
    });

    it.each([
      ["GET", "the settings link (same-origin navigation)", { "sec-fetch-site": "same-origin" }],
      ["GET", "a typed address", { "sec-fetch-site": "none" }],
      ["GET", "an old browser on the app's own page", { referer: "http://localhost:3000/settings" }],
      ["POST", "a form of the app", { origin: "http://localhost:3000" }],
    ])("%s signs out for %s, clearing the cookies", async (method, _what, headers) => {
      const session = await browserSession("leaver@example.com");
      const handler = method === "GET" ? logoutGet : logoutPost;
      const response = await handler(logoutRequest("http://localhost:3000", method, session.cookie, headers));
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/");
      const cleared = response.headers.getSetCookie().filter((c) => c.startsWith("sb-lingoreel-auth-token"));
      expect(cleared.length).toBeGreaterThan(0);
      for (const c of cleared) {
        expect(c).toMatch(/Max-Age=0/);
        expect(c).not.toMatch(/;\s*Secure/i);
      }
      expect(await live(session.token)).toBe(false);
    });

    it("clears Secure cookies on https", async () => {
      const session = await browserSession("leaver@example.com");
      const response = await logoutGet(logoutRequest("https://lingo.example.com", "GET", session.cookie, { "sec-fetch-site": "same-origin" }));
      const cleared = response.headers.getSetCookie().filter((c) => c.startsWith("sb-lingoreel-auth-token"));
      expect(cleared.length).toBeGreaterThan(0);
      for (const c of cleared) expect(c).toMatch(/;\s*Secure/i);
      expect(await live(session.token)).toBe(false);
    });
  });
});

/**
 * supabase-js on the server, reading the session from the request's cookies and writing refreshed
 * or cleared session cookies back through a jar the caller provides (next/headers' cookie store,
 * the proxy's response, a route's own response). The one place that decides how they are written.
 */
import { createServerClient, type CookieOptions } from "@supabase/ssr";
import { AUTH_COOKIE_NAME, serverAuthTarget } from "./config";
import { sessionCookieOptions } from "./session-cookie";

export type SessionCookieJar = {
  getAll(): { name: string; value: string }[];
  setAll(cookies: { name: string; value: string; options: CookieOptions }[], headers: Record<string, string>): void;
};

/** `origin` is the app's public origin for this request (requestOrigin()): https there makes the cookies Secure. */
export function createSupabaseCookieClient(input: { origin: string; clientIp: string; cookies: SessionCookieJar }) {
  const target = serverAuthTarget(input.origin, input.clientIp);
  const secure = new URL(input.origin).protocol === "https:";
  return createServerClient(target.url, target.anonKey, {
    cookieOptions: { name: AUTH_COOKIE_NAME },
    global: target.fetch ? { fetch: target.fetch } : undefined,
    cookies: {
      getAll: () => input.cookies.getAll(),
      setAll(cookiesToSet, headers) {
        const written = cookiesToSet.map((cookie) => ({ ...cookie, options: sessionCookieOptions(cookie.options, secure) }));
        input.cookies.setAll(written, headers ?? {});
      },
    },
  });
}

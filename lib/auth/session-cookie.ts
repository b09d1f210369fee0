/**
 * How the auth session cookies are written, by the server and by the browser alike. @supabase/ssr
 * writes them with a 400-day max-age whatever its cookieOptions say, and never Secure, so every
 * setAll callback of ours passes the cookies through sessionCookieOptions() on their way out.
 */
import type { CookieOptions } from "@supabase/ssr";

/**
 * 30 days. The embedded server's refresh tokens, like GoTrue's by default (hosted Supabase too,
 * unless a project sets a time-box or an inactivity timeout), have no age limit: a session ends
 * when it is signed out, on a new password or on a reused token. The cookie is written anew at
 * every token refresh (hourly while the app is in use), so this is how long a browser may stay
 * away before it must sign in again, where @supabase/ssr's default kept the session for 400 days.
 */
export const SESSION_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * The options a session cookie is written with: Secure when the app is reached over https, and our
 * max-age (a cookie being cleared keeps its max-age of 0).
 */
export function sessionCookieOptions(options: CookieOptions | undefined, secure: boolean): CookieOptions {
  const clearing = options?.maxAge !== undefined && options.maxAge <= 0;
  return {
    path: "/",
    sameSite: "lax",
    ...options,
    // Never HttpOnly: @supabase/ssr's browser client reads the session from document.cookie and
    // writes it back when it refreshes the tokens, so the cookie must stay readable by scripts.
    httpOnly: false,
    secure,
    maxAge: clearing ? options.maxAge : SESSION_COOKIE_MAX_AGE_SECONDS,
  };
}

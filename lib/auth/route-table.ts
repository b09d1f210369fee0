/**
 * The route table of SPEC §2, as one pure decision the proxy applies. Whether languages are set
 * needs the database, so onboarding redirects happen in the signed-in layout instead.
 */

export type RouteDecision = { type: "next" } | { type: "redirect"; to: string };

/** Landing and auth screens: visitors see them, signed-in users go home. */
const LANDING_ROUTES = new Set(["/", "/landing", "/auth", "/login", "/register", "/signup"]);
/** Needs a session; visitors see the landing screen. */
const MEMBER_ROUTES = ["/home", "/profile", "/saved", "/settings", "/users"];
/** Needs a session; visitors go through the server-side login address. */
const LOGIN_ROUTES = ["/admin", "/video", "/review", "/onboarding"];

const matches = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

export function loginUrl(returnTo: string): string {
  return `/api/login?return_to=${encodeURIComponent(returnTo)}`;
}

/** A same-site path to come back to, or null for anything that could leave the site. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  try {
    const url = new URL(value, "http://x");
    if (url.host !== "x") return null;
    // Check what is returned, not what came in: "/.//evil.example" normalises to "//evil.example".
    if (url.pathname.startsWith("//") || url.pathname.includes("\\")) return null;
    if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/auth/v1")) return null;
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

/**
 * Who is asking: signed out (false), signed in (true), or signed in with a password by an
 * account whose authenticator code is still owed ("needs-code"): such a session reaches only the
 * sign-in screen (to enter the code) and the password-reset screen.
 */
export type SignInState = boolean | "needs-code";

export function decideRoute(pathname: string, search: string, state: SignInState): RouteDecision {
  if (state === "needs-code") {
    if (pathname === "/login" || pathname === "/reset-password") return { type: "next" };
    const protectedPath = MEMBER_ROUTES.some((base) => matches(pathname, base)) || LOGIN_ROUTES.some((base) => matches(pathname, base));
    if (protectedPath) return { type: "redirect", to: `/login?return_to=${encodeURIComponent(`${pathname}${search}`)}` };
    return LANDING_ROUTES.has(pathname) ? { type: "redirect", to: "/login" } : { type: "next" };
  }
  const signedIn = state;
  if (LANDING_ROUTES.has(pathname)) {
    return signedIn ? { type: "redirect", to: "/home" } : { type: "next" };
  }
  if (signedIn) return { type: "next" };
  if (MEMBER_ROUTES.some((base) => matches(pathname, base))) return { type: "redirect", to: "/" };
  if (LOGIN_ROUTES.some((base) => matches(pathname, base))) {
    return { type: "redirect", to: loginUrl(`${pathname}${search}`) };
  }
  return { type: "next" };
}

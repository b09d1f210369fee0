/** Keeps the auth session fresh and applies the route table's signed-in/signed-out redirects. */
import { NextResponse, type NextRequest } from "next/server";
import { updateSession } from "@/lib/auth/proxy-session";
import { decideRoute } from "@/lib/auth/route-table";
import { env } from "@/lib/env";
import { contentSecurityPolicy } from "@/lib/http/csp";

let csp: string | undefined;
function pagePolicy(): string {
  if (csp === undefined) {
    const config = env();
    csp = contentSecurityPolicy({
      youtubeEmbedOrigin: config.youtubeEmbedOrigin,
      authUrl: config.auth.kind === "supabase" ? config.auth.url : undefined,
      dev: process.env.NODE_ENV === "development",
    });
  }
  return csp;
}

function withPolicy<T extends NextResponse>(response: T): T {
  response.headers.set("Content-Security-Policy", pagePolicy());
  return response;
}

/**
 * Runs on every page request. In embedded mode, refreshing the session and checking it is still
 * live touch the database: the auth server is this app, called in-process, so its tables are
 * ours. That is one indexed look-up per page, the price of a signed-out cookie not working.
 */
export async function proxy(request: NextRequest) {
  const { response, session } = await updateSession(request);
  const state = session === null ? false : session.mfaRequired ? "needs-code" : true;
  const decision = decideRoute(request.nextUrl.pathname, request.nextUrl.search, state);
  if (decision.type === "next") return withPolicy(response());

  // request.url carries the Host the browser used (not the address the server listens on).
  const redirect = NextResponse.redirect(new URL(decision.to, request.url));
  // Carry refreshed (or cleared) session cookies over to the redirect.
  for (const cookie of response().cookies.getAll()) redirect.cookies.set(cookie);
  return withPolicy(redirect);
}

export const config = {
  matcher: [
    // Pages only: API routes and the auth server authenticate requests themselves.
    "/((?!api/|auth/v1/|_next/static|_next/image|demo/|favicon.ico|.*\\.(?:svg|png|jpg|jpeg|gif|webp|webm|mp4|mp3|ico|txt|xml)$).*)",
  ],
};

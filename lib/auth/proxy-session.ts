/**
 * Refreshes the auth session cookies on every matched request and reports who is signed in: a
 * verified token whose session is still live. A cookie whose session has ended (signed out
 * elsewhere, new password, reused refresh token) counts as signed out and is cleared.
 */
import { NextResponse, type NextRequest } from "next/server";
import { clientAddress } from "@/lib/http/client-address";
import { createSupabaseCookieClient } from "./cookie-client";
import { AUTH_COOKIE_NAME, requestOrigin } from "./config";
import { verifySession, type VerifiedSession } from "./tokens";

export async function updateSession(request: NextRequest) {
  let response = NextResponse.next({ request });
  const supabase = createSupabaseCookieClient({
    origin: requestOrigin(request.headers, request.url),
    clientIp: clientAddress(request.headers),
    cookies: {
      getAll: () => request.cookies.getAll(),
      setAll(cookiesToSet, headers) {
        for (const { name, value } of cookiesToSet) request.cookies.set(name, value);
        response = NextResponse.next({ request });
        for (const { name, value, options } of cookiesToSet) response.cookies.set(name, value, options);
        // A page that carries a fresh session cookie must not be kept by any cache.
        for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
      },
    },
  });

  // Nothing may run between creating the client and getClaims(): it refreshes an expired session.
  const { data } = await supabase.auth.getClaims();
  let session: VerifiedSession | null = null;
  if (data?.claims) {
    // getClaims() checks the signature and expiry only; whether the session still exists is the
    // auth server's to say. In embedded mode that is a look-up in this app's own database.
    const token = (await supabase.auth.getSession()).data.session?.access_token;
    session = token ? await verifySession(token) : null;
    if (!session) {
      for (const cookie of request.cookies.getAll()) {
        if (cookie.name.startsWith(AUTH_COOKIE_NAME)) response.cookies.delete(cookie.name);
      }
    }
  }
  return { response: () => response, session };
}

/** Refreshes the auth session cookies on every matched request and reports who is signed in. */
import { createServerClient } from "@supabase/ssr";
import { NextResponse, type NextRequest } from "next/server";
import { AUTH_COOKIE_NAME, requestOrigin, serverAuthTarget } from "./config";

export async function updateSession(request: NextRequest) {
  let response = NextResponse.next({ request });
  const target = serverAuthTarget(requestOrigin(request.headers, request.url));
  const supabase = createServerClient(target.url, target.anonKey, {
    cookieOptions: { name: AUTH_COOKIE_NAME },
    global: target.fetch ? { fetch: target.fetch } : undefined,
    cookies: {
      getAll: () => request.cookies.getAll(),
      setAll(cookiesToSet) {
        for (const { name, value } of cookiesToSet) request.cookies.set(name, value);
        response = NextResponse.next({ request });
        for (const { name, value, options } of cookiesToSet) response.cookies.set(name, value, options);
      },
    },
  });

  // Nothing may run between creating the client and getClaims(): it refreshes an expired session.
  const { data } = await supabase.auth.getClaims();
  return { response: () => response, claims: data?.claims ?? null };
}

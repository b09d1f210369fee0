/** supabase-js for server components, server actions and route handlers: one client per request. */
import { createServerClient } from "@supabase/ssr";
import { cookies, headers } from "next/headers";
import { AUTH_COOKIE_NAME, requestOrigin, serverAuthTarget } from "./config";

export async function createSupabaseServerClient() {
  const cookieStore = await cookies();
  const target = serverAuthTarget(requestOrigin(await headers()));
  return createServerClient(target.url, target.anonKey, {
    cookieOptions: { name: AUTH_COOKIE_NAME },
    global: target.fetch ? { fetch: target.fetch } : undefined,
    cookies: {
      getAll: () => cookieStore.getAll(),
      setAll(cookiesToSet) {
        try {
          for (const { name, value, options } of cookiesToSet) cookieStore.set(name, value, options);
        } catch {
          // Server components cannot set cookies; the proxy refreshes the session instead.
        }
      },
    },
  });
}

/** The verified claims of the signed-in user, or null. */
export async function getServerClaims() {
  const supabase = await createSupabaseServerClient();
  const { data } = await supabase.auth.getClaims();
  return data?.claims ?? null;
}

/** supabase-js for server components, server actions and route handlers: one client per request. */
import { cookies, headers } from "next/headers";
import { clientAddress } from "@/lib/http/client-address";
import { createSupabaseCookieClient } from "./cookie-client";
import { requestOrigin } from "./config";
import { verifySession, type VerifiedSession } from "./tokens";

export async function createSupabaseServerClient() {
  const cookieStore = await cookies();
  const headerList = await headers();
  return createSupabaseCookieClient({
    origin: requestOrigin(headerList),
    clientIp: clientAddress(headerList),
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

/**
 * The session in the request's cookies, verified and still live (refreshed first when its access
 * token has expired), or null: a signed-out session's cookie counts for nothing.
 */
export async function getCookieSession(): Promise<VerifiedSession | null> {
  const supabase = await createSupabaseServerClient();
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  return token ? verifySession(token) : null;
}

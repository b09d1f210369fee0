/**
 * Browser navigation target that signs out (clearing the session cookies) and goes to the landing
 * page. Only from the app's own pages (or an address the user typed): a link or image on another
 * site would otherwise sign learners out at will, so such a request just goes to the landing page.
 */
import { parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import { createSupabaseCookieClient } from "@/lib/auth/cookie-client";
import { requestOrigin } from "@/lib/auth/config";
import { clientAddress } from "@/lib/http/client-address";
import { seeOther } from "@/lib/http/redirect";
import { requestSite } from "@/lib/http/same-origin";

export const dynamic = "force-dynamic";

async function logout(request: Request) {
  const origin = requestOrigin(request.headers, request.url);
  const response = seeOther("/", { "Cache-Control": "private, no-store" });
  if (requestSite(request, origin) !== "same-origin") return response;
  try {
    const supabase = createSupabaseCookieClient({
      origin,
      clientIp: clientAddress(request.headers),
      cookies: {
        getAll: () => parseCookieHeader(request.headers.get("cookie") ?? "").map(({ name, value }) => ({ name, value: value ?? "" })),
        setAll(cookiesToSet) {
          for (const { name, value, options } of cookiesToSet) response.headers.append("Set-Cookie", serializeCookieHeader(name, value, options));
        },
      },
    });
    await supabase.auth.signOut({ scope: "local" });
  } catch (error) {
    console.warn("Logout failed:", error);
  }
  return response;
}

export const GET = logout;
export const POST = logout;

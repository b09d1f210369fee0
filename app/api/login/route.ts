/** The server-side login address: to the login screen, and back to return_to after sign-in. */
import { getCookieSession } from "@/lib/auth/server";
import { safeReturnPath } from "@/lib/auth/route-table";
import { seeOther } from "@/lib/http/redirect";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.searchParams.get("return_to") ?? url.searchParams.get("next"));
  const session = await getCookieSession().catch(() => null);
  if (session && !session.mfaRequired) return seeOther(returnTo ?? "/home");
  return seeOther(returnTo ? `/login?${new URLSearchParams({ return_to: returnTo })}` : "/login");
}

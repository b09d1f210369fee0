/** The server-side login address: to the login screen, and back to return_to after sign-in. */
import { NextResponse } from "next/server";
import { getServerClaims } from "@/lib/auth/server";
import { safeReturnPath } from "@/lib/auth/route-table";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.searchParams.get("return_to") ?? url.searchParams.get("next"));
  const claims = await getServerClaims().catch(() => null);
  if (claims) return NextResponse.redirect(new URL(returnTo ?? "/home", request.url), 303);
  const login = new URL("/login", request.url);
  if (returnTo) login.searchParams.set("return_to", returnTo);
  return NextResponse.redirect(login, 303);
}

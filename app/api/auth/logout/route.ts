/** Browser navigation target that signs out (clearing the session cookies) and goes to the landing page. */
import { NextResponse } from "next/server";
import { createSupabaseServerClient } from "@/lib/auth/server";

export const dynamic = "force-dynamic";

async function logout(request: Request) {
  try {
    const supabase = await createSupabaseServerClient();
    await supabase.auth.signOut({ scope: "local" });
  } catch (error) {
    console.warn("Logout failed:", error);
  }
  return NextResponse.redirect(new URL("/", request.url), 303);
}

export const GET = logout;
export const POST = logout;

/** Browser navigation target that signs out (clearing the session cookies) and goes to the landing page. */
import { createSupabaseServerClient } from "@/lib/auth/server";
import { seeOther } from "@/lib/http/redirect";

export const dynamic = "force-dynamic";

async function logout() {
  try {
    const supabase = await createSupabaseServerClient();
    await supabase.auth.signOut({ scope: "local" });
  } catch (error) {
    console.warn("Logout failed:", error);
  }
  return seeOther("/");
}

export const GET = logout;
export const POST = logout;

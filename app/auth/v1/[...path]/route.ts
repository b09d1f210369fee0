/** The embedded auth server's HTTP entry (GoTrue's API under /auth/v1); 404 with hosted Supabase. */
import { handleAuthRequest } from "@/lib/auth-server";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const handler = (request: Request) => handleAuthRequest(request);

export { handler as GET, handler as POST, handler as PUT, handler as DELETE, handler as PATCH, handler as OPTIONS, handler as HEAD };

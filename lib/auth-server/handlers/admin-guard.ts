/**
 * Who may use the admin API (GoTrue's requireAdminCredentials) and the user an /admin/users/{id}
 * path names (GoTrue's loadUser).
 */
import { EMBEDDED_ANON_KEY } from "@/lib/env";
import type { AuthUser } from "@/db/schema";
import type { RequestContext } from "../context";
import { AuthServerError } from "../errors";
import { authenticate } from "../guards";
import { isServiceKey } from "../service-key";
import { findUserById } from "../users";

/** GoTrue's bearerRegexp. */
const BEARER = /^bearer (\S+)$/i;

export const notAdmin = () => new AuthServerError(403, "not_admin", "User not allowed");

export async function requireAdmin(ctx: RequestContext): Promise<void> {
  if (ctx.serviceRole) return;
  const match = BEARER.exec(ctx.request.headers.get("authorization") ?? "");
  if (!match) throw new AuthServerError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  const token = match[1]!;
  if (await isServiceKey(ctx.db, token)) return;
  // Hosted Supabase's anon key is a JWT with the anon role, which GoTrue refuses as not an admin.
  if (token === EMBEDDED_ANON_KEY) throw notAdmin();
  if (token.split(".").length !== 3) {
    throw new AuthServerError(403, "bad_jwt", "invalid JWT: unable to parse or verify signature, token is malformed: token contains an invalid number of segments");
  }
  // A signed-in user's token: checked as GoTrue checks it (signature, user, session), then refused.
  await authenticate(ctx);
  throw notAdmin();
}

/** Go's uuid.FromString: canonical, braced, urn:uuid: or 32 hex digits; the canonical form, or null. */
export function parseGoUuid(raw: string): string | null {
  const match =
    /^(?:urn:uuid:)?([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/i.exec(raw) ??
    /^\{([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\}$/i.exec(raw) ??
    /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/i.exec(raw);
  return match ? match.slice(1).join("-").toLowerCase() : null;
}

/** GoTrue's loadUser for /admin/users/{user_id}. */
export async function loadUser(ctx: RequestContext, rawId: string): Promise<AuthUser> {
  const id = parseGoUuid(rawId);
  if (!id) throw new AuthServerError(404, "validation_failed", "user_id must be an UUID");
  const user = await findUserById(ctx.db, id);
  if (!user) throw new AuthServerError(404, "user_not_found", "User not found");
  return user;
}

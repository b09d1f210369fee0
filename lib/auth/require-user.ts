/** Authenticates an API request (bearer token, else the session cookie) and loads the app user. */
import { getDb } from "@/db/client";
import type { User, UserRole } from "@/db/schema";
import { forbidden, unauthorized } from "@/lib/api/errors";
import { ensureAppUser } from "@/lib/services/users";
import { verifyAccessToken, type AccessClaims } from "./tokens";

export type Role = UserRole;

export async function claimsFromRequest(request: Request): Promise<AccessClaims | null> {
  const header = request.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    if (!match?.[1]) return null;
    return verifyAccessToken(match[1]);
  }
  const { getServerClaims } = await import("./server");
  const claims = await getServerClaims().catch(() => null);
  return claims?.sub ? (claims as AccessClaims) : null;
}

export async function appUserFromClaims(claims: AccessClaims): Promise<User> {
  return ensureAppUser(await getDb(), {
    id: claims.sub,
    email: claims.email ?? "",
    userMetadata: claims.user_metadata,
  });
}

export async function requireAppUser(request: Request, roles?: Role[]): Promise<User> {
  const claims = await claimsFromRequest(request);
  if (!claims) throw unauthorized();
  const user = await appUserFromClaims(claims);
  if (roles && !roles.includes(user.role)) throw forbidden();
  return user;
}

/**
 * Authenticates an API request (bearer token, else the session cookie), checks the session is
 * live and its second factor passed, and loads the app user.
 */
import { getDb } from "@/db/client";
import type { User, UserRole } from "@/db/schema";
import { ApiError, forbidden, isDatabaseUnavailable, unauthorized } from "@/lib/api/errors";
import { ensureAppUser } from "@/lib/services/users";
import { verifySession, type VerifiedSession } from "./tokens";

export type Role = UserRole;

/** How the caller proved who they are; cookie-authenticated writes get a cross-site check. */
export type RequestAuth = VerifiedSession & { via: "bearer" | "cookie" };

export type AuthenticatedUser = { user: User; auth: RequestAuth };

export async function authenticateRequest(request: Request): Promise<RequestAuth | null> {
  const header = request.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    const session = match?.[1] ? await verifySession(match[1]) : null;
    return session && { ...session, via: "bearer" };
  }
  const { getCookieSession } = await import("./server");
  const session = await getCookieSession().catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) throw error;
    return null;
  });
  return session && { ...session, via: "cookie" };
}

/** The session's app user: the row its check already read when it did, else looked up; created on first sight. */
export async function appUserOf(session: VerifiedSession): Promise<User> {
  const { claims } = session;
  return ensureAppUser(await getDb(), { id: claims.sub, email: claims.email ?? "", userMetadata: claims.user_metadata }, { known: session.appUser });
}

export const mfaRequired = () =>
  new ApiError("mfa_required", "Enter the 6-digit code from your authenticator app to finish signing in");

export async function requireAppUser(request: Request, roles?: readonly Role[]): Promise<AuthenticatedUser> {
  const auth = await authenticateRequest(request);
  if (!auth) throw unauthorized();
  if (auth.mfaRequired) throw mfaRequired();
  const user = await appUserOf(auth);
  if (roles && !roles.includes(user.role)) throw forbidden();
  return { user, auth };
}

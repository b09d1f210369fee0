/** Bearer-token authentication and per-IP rate limits for the handlers. */
import { and, eq } from "drizzle-orm";
import type { JWTPayload } from "jose";
import { authSessions, type AuthSession, type AuthUser } from "@/db/schema";
import { UNKNOWN_ADDRESS } from "@/lib/http/client-address";
import type { RequestContext } from "./context";
import { AuthServerError, overRequestRateLimit } from "./errors";
import { comparePassword } from "./passwords";
import type { RateLimiter } from "./rate-limit";
import { findUserById, isUuid } from "./users";

export type Authenticated = { user: AuthUser; session: AuthSession; claims: JWTPayload };

export async function authenticate(ctx: RequestContext): Promise<Authenticated> {
  const header = ctx.request.headers.get("authorization")?.trim() ?? "";
  const match = /^bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new AuthServerError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  const claims = await ctx.keys.verify(match[1]!, ctx.now);
  const user = typeof claims.sub === "string" ? await findUserById(ctx.db, claims.sub) : undefined;
  if (!user) throw new AuthServerError(403, "user_not_found", "User from sub claim in JWT does not exist");
  const sessionId = claims.session_id;
  const [session] = isUuid(sessionId)
    ? await ctx.db
        .select()
        .from(authSessions)
        .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, user.id)))
        .limit(1)
    : [];
  if (!session) throw new AuthServerError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
  return { user, session, claims };
}

/** Takes one request from the client address's bucket; every request has one ("unknown" included). */
export function limitByIp(ctx: RequestContext, limiter: RateLimiter): void {
  if (!limiter.take(ctx.ip)) throw overRequestRateLimit();
}

/** The address to store with a session or challenge: none when it could not be told. */
export function knownIp(ctx: RequestContext): string | null {
  return ctx.ip === UNKNOWN_ADDRESS ? null : ctx.ip;
}

/**
 * Compares a password with an account's hash under the per-account cap on failed attempts: each
 * attempt is counted before its comparison and given back when it succeeds, so however many
 * arrive at once, at most the cap is ever compared. Throws 429 once the cap is used up. The key
 * is the address the attempt named, so unknown accounts are capped alike.
 */
export async function passwordMatches(
  ctx: RequestContext,
  accountKey: string,
  password: string,
  hash: string | null | undefined,
): Promise<boolean> {
  const key = accountKey.trim().toLowerCase();
  if (!ctx.limits.failedSignIns.take(key)) throw overRequestRateLimit();
  const ok = await comparePassword(password, hash, ctx.config.passwordHashCost);
  if (ok) ctx.limits.failedSignIns.give(key);
  return ok;
}

export function isBanned(user: AuthUser, now: Date): boolean {
  return user.bannedUntil !== null && user.bannedUntil.getTime() > now.getTime();
}

export const userBanned = () => new AuthServerError(400, "user_banned", "User is banned");

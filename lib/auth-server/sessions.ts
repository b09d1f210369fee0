/** Sessions, rotating refresh tokens and the access tokens minted for them. */
import { randomBytes } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { authRefreshTokens, authSessions, authUsers, type AuthSession, type AuthUser } from "@/db/schema";
import type { RequestContext } from "./context";
import { knownIp } from "./guards";
import { appMetadata, loadUserJson, type UserJson } from "./users";

export type AmrEntry = { method: string; timestamp: number };

export type TokenResponse = {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
};

export const newOpaqueToken = (bytes = 24) => randomBytes(bytes).toString("base64url");

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** Starts a session for a user who just authenticated with `method`, with its first refresh token. */
export async function startSession(
  ctx: RequestContext,
  tx: DbOrTx,
  user: AuthUser,
  method: string,
): Promise<{ session: AuthSession; refreshToken: string }> {
  const [session] = await tx
    .insert(authSessions)
    .values({
      userId: user.id,
      aal: "aal1",
      amr: [{ method, timestamp: unix(ctx.now) }],
      userAgent: ctx.request.headers.get("user-agent"),
      ip: knownIp(ctx),
      refreshedAt: ctx.now,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  const refreshToken = await issueRefreshToken(ctx, tx, user.id, session!.id, null);
  await tx.update(authUsers).set({ lastSignInAt: ctx.now }).where(eq(authUsers.id, user.id));
  user.lastSignInAt = ctx.now;
  return { session: session!, refreshToken };
}

export async function issueRefreshToken(
  ctx: RequestContext,
  tx: DbOrTx,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = newOpaqueToken();
  await tx.insert(authRefreshTokens).values({ token, userId, sessionId, parent, createdAt: ctx.now, updatedAt: ctx.now });
  return token;
}

/** Revokes every active refresh token of a session (before a new one replaces them). */
export async function revokeSessionTokens(ctx: RequestContext, tx: DbOrTx, sessionId: string): Promise<void> {
  await tx
    .update(authRefreshTokens)
    .set({ revoked: true, updatedAt: ctx.now })
    .where(and(eq(authRefreshTokens.sessionId, sessionId), eq(authRefreshTokens.revoked, false)));
}

export async function signAccessToken(ctx: RequestContext, user: AuthUser, session: AuthSession): Promise<{ token: string; expiresAt: number }> {
  const iat = unix(ctx.now);
  const exp = iat + ctx.config.accessTokenTtlSeconds;
  const token = await ctx.keys.sign({
    iss: `${ctx.site}/auth/v1`,
    sub: user.id,
    aud: "authenticated",
    exp,
    iat,
    email: user.email,
    phone: "",
    app_metadata: appMetadata(user),
    user_metadata: user.userMetaData,
    role: user.role,
    aal: session.aal,
    amr: [...session.amr].sort((a, b) => b.timestamp - a.timestamp),
    session_id: session.id,
    is_anonymous: user.isAnonymous,
  });
  return { token, expiresAt: exp };
}

export async function tokenResponse(
  ctx: RequestContext,
  db: DbOrTx,
  user: AuthUser,
  session: AuthSession,
  refreshToken: string,
): Promise<TokenResponse> {
  const { token, expiresAt } = await signAccessToken(ctx, user, session);
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: ctx.config.accessTokenTtlSeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await loadUserJson(db, user),
  };
}

/** Ends sessions of a user: all of them, or all but one. */
export async function deleteSessions(tx: DbOrTx, userId: string, except?: string): Promise<void> {
  await tx
    .delete(authSessions)
    .where(except ? and(eq(authSessions.userId, userId), ne(authSessions.id, except)) : eq(authSessions.userId, userId));
}

/**
 * Removes an account: its sessions first (their refresh tokens go with them), then the user, whose
 * factors, challenges, flow states and email links go by their cascades. False when there was none.
 * Takes the caller's transaction, so the product can remove its own rows of the user in the same one.
 */
export async function deleteAuthUser(tx: DbOrTx, userId: string): Promise<boolean> {
  await deleteSessions(tx, userId);
  const deleted = await tx.delete(authUsers).where(eq(authUsers.id, userId)).returning({ id: authUsers.id });
  return deleted.length > 0;
}
